// The report catalogue for the form's picker, and the server's field errors under the form's keys.
import { REPORT_TYPES, type ReportCatalogue, type ReportType } from '@vigil/contract';
import { ApiError } from '../../../../lib/errors';

/** The catalogue as the server lists it, or the built-in one while it loads or when it fails. */
export function catalogueOrDefault(data: ReportCatalogue | undefined): ReportCatalogue {
  if (data?.length) return data;
  const byCategory = new Map<string, ReportCatalogue[number]>();
  for (const [type, info] of Object.entries(REPORT_TYPES)) {
    const group = byCategory.get(info.category) ?? { category: info.category, reports: [] };
    group.reports.push({
      type: type as ReportType,
      title: info.title,
      description: info.description,
      filters: info.filters,
    });
    byCategory.set(info.category, group);
  }
  return [...byCategory.values()];
}

/** Server field names ("Recipients.1", "Filters.DateRange.From") under the form's keys. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    const key = field.replace(/^filters\./i, 'Filters.').replace(/^recipients(\.\d+)?$/i, 'Recipients');
    out[key] ??= message;
  }
  return out;
}

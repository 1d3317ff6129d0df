// A scheduled report as the form holds it: formats, hours, and the starting values (new, edit, copy).
import {
  ReportFilters,
  type ReportFormatValue,
  type ScheduledReport,
  type ScheduledReportInput,
} from '@vigil/contract';

export const FORMATS: { value: ReportFormatValue; label: string }[] = [
  { value: 0, label: 'Html' },
  { value: 1, label: 'Pdf' },
  { value: 2, label: 'Excel' },
  { value: 4, label: 'Csv' },
];
export const formatLabel = (v: number) => FORMATS.find((f) => f.value === v)?.label ?? String(v);
export const HOURS = Array.from({ length: 24 }, (_, h) => h);

export type ScheduledFormMode = 'create' | 'edit' | 'copy';

/** What the form starts from: a new report, or an existing one to edit or copy. */
export function initialInput(source: ScheduledReport | null, mode: ScheduledFormMode): ScheduledReportInput {
  if (!source)
    return {
      Name: '',
      ReportType: 'BackupStatusSummary',
      Format: 1,
      Weekdays: 2 | 4 | 8 | 16 | 32,
      Hour: 7,
      Recipients: [],
      Filters: ReportFilters.parse({}),
      IsEnabled: true,
    };
  return {
    Name: mode === 'copy' ? `Copy of ${source.Name}`.slice(0, 100) : source.Name,
    ReportType: source.ReportType,
    Format: source.Format,
    Weekdays: source.Weekdays,
    Hour: source.Hour,
    Recipients: [...source.Recipients],
    Filters: source.Filters,
    IsEnabled: source.IsEnabled,
  };
}

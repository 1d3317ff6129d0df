import type { ReportColumn, ReportSection } from '@vigil/contract';
import { NO_COMPANY } from '../../audit/common.ts';
import { vendorNames } from '../../ingest/emails-service.ts';
import type { ReportQuery } from '../filters.ts';

/** A report source: a few set-based statements that answer the document's sections. */
export type ReportSource = (q: ReportQuery) => Promise<ReportSection[]>;

export const companyName = (name: string | null) => name ?? NO_COMPANY;
export const vendorName = (id: string) => vendorNames.get(id) ?? id;
/** A share as a percentage with one decimal; null when there is nothing to divide. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export const col = (key: string, label: string, type: ReportColumn['type'] = 'text', width?: number): ReportColumn =>
  width === undefined ? { key, label, type } : { key, label, type, width };

/** The usual identity columns of a backup row. */
export const BACKUP_COLUMNS: ReportColumn[] = [
  col('company', 'Company', 'text', 2),
  col('device', 'Device', 'text', 2),
  col('job', 'Job', 'text', 2),
  col('vendor', 'Vendor', 'text', 1.5),
];

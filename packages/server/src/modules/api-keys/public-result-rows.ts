// Results as the public REST API reads them, and From/To instants.
import { ResultStatusLabel, type PublicResult } from '@vigil/contract';
import { addDays } from '../../status/index.ts';
import { isoOrNull } from '../../platform/dates.ts';

export interface ResultDbRow {
  id: string | number;
  backup_id: number;
  status: number;
  filed_at: Date | string;
  start_time: Date | string | null;
  end_time: Date | string | null;
  business_day: string | null;
  size_bytes: string | number | null;
  duration_seconds: number | null;
  failure_text: string | null;
  source: string;
  notes: string | null;
}

export const toResult = (r: ResultDbRow): PublicResult => ({
  ResultId: Number(r.id),
  BackupId: r.backup_id,
  Status: r.status,
  StatusName: ResultStatusLabel[r.status as keyof typeof ResultStatusLabel] ?? String(r.status),
  ParsedDateTime: isoOrNull(r.filed_at) ?? '',
  StartTime: isoOrNull(r.start_time),
  EndTime: isoOrNull(r.end_time),
  BusinessDay: r.business_day,
  SizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  DurationSeconds: r.duration_seconds,
  Message: r.failure_text,
  Source: r.source,
  Notes: r.notes,
});

/** A From/To value as an instant: a bare day is its UTC start (From) or the start of the next day (To, exclusive). */
export function instant(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${end ? addDays(value, 1) : value}T00:00:00Z`);
  return new Date(value);
}

import type { ReportCell, ReportDocument, ReportSection } from '@vigil/contract';

/** Names that break naive writers: quoting, markup, formulas, accents, line breaks. */
export const AWKWARD_NAMES = [
  'Acme, Inc.',
  'Globex "North"',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  'Société Générale',
  'Line one\nline two',
];

/** A Backup Status Summary-like document: one row per company, typed columns of every kind. */
export function summaryDocument(companies: number, extra: Partial<ReportDocument> = {}): ReportDocument {
  const rows: ReportCell[][] = [];
  for (let i = 0; i < companies; i++) {
    const name = i < AWKWARD_NAMES.length ? AWKWARD_NAMES[i] : `Company ${String(i + 1).padStart(4, '0')}`;
    const success = 20 + (i % 10);
    rows.push([
      name,
      3 + (i % 5),
      i % 7 === 0 ? null : Math.round((success / 30) * 1000) / 10,
      success,
      i % 3,
      (i * 7) % 4,
      i % 6 === 0 ? 0 : 1,
      i % 7 === 0 ? null : (i % 6) + 1,
      `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00.000Z`,
      `2026-10-${String(1 + (i % 30)).padStart(2, '0')}`,
    ]);
  }
  const summary: ReportSection = {
    title: 'Companies',
    columns: [
      { key: 'company', label: 'Company', type: 'text', width: 4 },
      { key: 'backups', label: 'Backups', type: 'number', width: 1 },
      { key: 'rate', label: 'Success rate', type: 'percent', width: 1.3 },
      { key: 'success', label: 'Success days', type: 'number', width: 1 },
      { key: 'warning', label: 'Warning days', type: 'number', width: 1 },
      { key: 'failure', label: 'Failure days', type: 'number', width: 1 },
      { key: 'noresult', label: 'No Result days', type: 'number', width: 1 },
      { key: 'last', label: 'Last status', type: 'status', width: 1.8 },
      { key: 'lastAt', label: 'Last result', type: 'datetime', width: 2.2 },
      { key: 'since', label: 'Monitored since', type: 'date', width: 1.5 },
    ],
    rows,
    totals: ['Total', rows.reduce((n, r) => n + Number(r[1]), 0), 80.5, null, null, null, null, null, null, null],
  };
  const empty: ReportSection = {
    title: 'Unassigned backups',
    columns: [{ key: 'name', label: 'Backup', type: 'text' }],
    rows: [],
    emptyText: 'Every backup belongs to a company.',
  };
  return {
    type: 'BackupStatusSummary',
    title: 'Backup Status Summary',
    category: 'Backup Reports',
    tenantName: 'Northwind IT & Co',
    hasLogo: false,
    generatedAt: '2026-11-23T17:05:00.000Z',
    timeZone: 'America/New_York',
    dateFormat: 'MM/DD/yyyy',
    timeFormat: 'hh:mm A',
    range: { From: '2026-10-24', To: '2026-11-22' },
    facts: [
      { label: 'Companies', value: 'All companies' },
      { label: 'Statuses', value: 'Failure, No Result' },
    ],
    sections: [summary, empty],
    ...extra,
  };
}

/** A one-section document of `count` rows, for size and paging. */
export function longDocument(count: number): ReportDocument {
  const base = summaryDocument(count);
  return { ...base, sections: [base.sections[0]] };
}

/** A 4×4 red PNG, for logos. */
export const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8CAB+GTG8HSALfKY52fTcuYAAAAAElFTkSuQmCC',
  'base64',
);

import { describe, expect, it } from 'vitest';
import type { AuditBackupRow } from '@vigil/contract';
import { auditColumns, fieldColumnId } from './components/auditColumns';
import { visibleAuditColumns } from './exportColumns';
import { AUDIT_PINNED_COLUMNS } from './auditGridView';

const fields = [
  { Id: 7, Name: 'Contract', Type: 'text' as const, Choices: [] },
  { Id: 9, Name: 'Renewal', Type: 'date' as const, Choices: [] },
];
const columns = auditColumns({
  dateTime: (v) => v ?? '',
  day: (v) => v.split('-').reverse().join('/'),
  selectedDate: '2026-11-27',
  onSelectDate: () => undefined,
  onRowMenu: () => undefined,
  fields,
});

describe("the Audit grid's extra field columns", () => {
  it('adds a column per extra field, hidden until chosen, then exported in the order shown', () => {
    const ids = columns.map((c) => c.id);
    expect(ids).toContain('field:7');
    expect(ids).toContain('field:9');
    expect(visibleAuditColumns(columns, undefined, AUDIT_PINNED_COLUMNS)).not.toContain('field:7');
    const order = ids.filter((id): id is string => !!id && id !== 'field:9');
    const shown = visibleAuditColumns(columns, { order: ['field:7', ...order], hidden: [] }, AUDIT_PINNED_COLUMNS);
    expect(shown).toContain('field:7');
    expect(shown.indexOf('field:7')).toBeLessThan(shown.indexOf('device'));
    expect(fieldColumnId(fields[0])).toBe('field:7');
  });

  it("reads the backup's value of the field, blank when it has none", () => {
    const contract = columns.find((c) => c.id === 'field:7')!;
    const read = (AdditionalFields: Record<string, string>) =>
      'accessorFn' in contract ? contract.accessorFn!({ AdditionalFields } as AuditBackupRow, 0) : undefined;
    expect(read({ '7': 'MSA-2041' })).toBe('MSA-2041');
    expect(read({ '9': '2027-01-31' })).toBe('');
  });
});

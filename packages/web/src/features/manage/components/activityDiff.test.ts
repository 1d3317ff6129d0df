import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel, valueText } from './activityDiff';

describe('activity log values side by side', () => {
  it('lists changed fields first, then the unchanged ones', () => {
    expect(
      fieldChanges(
        { Name: 'Nightly', Description: 'Every day', BackupsCount: 2 },
        { Name: 'Nightly', Description: 'Weekdays', BackupsCount: 2, MergedInto: { Id: 3 } },
      ),
    ).toEqual([
      { field: 'Description', before: 'Every day', after: 'Weekdays', changed: true },
      { field: 'MergedInto', before: '-', after: '{"Id":3}', changed: true },
      { field: 'Name', before: 'Nightly', after: 'Nightly', changed: false },
      { field: 'BackupsCount', before: '2', after: '2', changed: false },
    ]);
  });

  it('shows a schedule rule as its sentence, once', () => {
    expect(
      fieldChanges(
        { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 }, Description: 'Every day' },
        { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 62, months: [1] }, Description: 'Weekdays in January' },
      ),
    ).toEqual([
      { field: 'Rule', before: 'Every day', after: 'Weekdays in January', changed: true },
      { field: 'Name', before: 'Nightly', after: 'Nightly', changed: false },
    ]);
  });

  it('shows a creation or a deletion against nothing', () => {
    expect(fieldChanges(null, { TagValue: 'Servers' })).toEqual([
      { field: 'TagValue', before: '-', after: 'Servers', changed: true },
    ]);
    expect(fieldChanges({ TagValue: 'Servers' }, null)).toEqual([
      { field: 'TagValue', before: 'Servers', after: '-', changed: true },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(fieldChanges('a', 'b')).toEqual([{ field: 'Value', before: 'a', after: 'b', changed: true }]);
  });

  it('writes values and field names for people', () => {
    expect(valueText(['Prod', 'Nightly'])).toBe('Prod, Nightly');
    expect(valueText([])).toBe('-');
    expect(valueText(false)).toBe('false');
    expect(valueText({ kind: 'weekly', weekdays: 62 })).toBe('Weekdays');
    expect(valueText({ Id: 3, TagValue: 'Prod' })).toBe('{"Id":3,"TagValue":"Prod"}');
    expect(fieldLabel('BackupCount')).toBe('Backup count');
    expect(fieldLabel('TagValue')).toBe('Tag value');
    expect(fieldLabel('Name')).toBe('Name');
  });
});

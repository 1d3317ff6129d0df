import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage';
import {
  columnWidthVar,
  defaultColumnSettings,
  isLastVisible,
  moveColumn,
  moveColumnBy,
  normalizeColumnSettings,
  parseColumnSettings,
  resetWidths,
  sameColumnSettings,
  setColumnHidden,
  setColumnWidths,
  visibilityState,
  type ColumnInfo,
} from './columnSettings';
import { gridStorageKey, readColumnSettings, writeColumnSettings } from './localSettings';

const columns: ColumnInfo[] = [
  { id: 'device' },
  { id: 'job' },
  { id: 'status', canHide: false },
  { id: 'size', defaultHidden: true },
  { id: 'notes', minWidth: 120 },
];

describe('column settings defaults and reset', () => {
  it('are the column order, no widths and the default-hidden columns', () => {
    expect(defaultColumnSettings(columns)).toEqual({
      order: ['device', 'job', 'status', 'size', 'notes'],
      widths: {},
      hidden: ['size'],
    });
    expect(normalizeColumnSettings(null, columns)).toEqual(defaultColumnSettings(columns));
    expect(normalizeColumnSettings({}, columns)).toEqual(defaultColumnSettings(columns));
  });

  it('resets widths only', () => {
    const s = { order: ['job', 'device'], widths: { job: 200 }, hidden: ['device'] };
    expect(resetWidths(s)).toEqual({ order: ['job', 'device'], widths: {}, hidden: ['device'] });
  });
});

describe('merging saved settings with the columns of today', () => {
  it('drops unknown columns and places new ones after their default neighbour', () => {
    const saved = { order: ['notes', 'gone', 'job', 'device'], widths: {}, hidden: [] };
    const s = normalizeColumnSettings(saved, columns);
    // status follows job, size follows status; both were added since the save.
    expect(s.order).toEqual(['notes', 'job', 'status', 'size', 'device']);
    // A new default-hidden column arrives hidden; saved hidden ids are kept.
    expect(s.hidden).toEqual(['size']);
  });

  it('puts a new first column first', () => {
    const s = normalizeColumnSettings({ order: ['job', 'status', 'size', 'notes'] }, columns);
    expect(s.order).toEqual(['device', 'job', 'status', 'size', 'notes']);
  });

  it('keeps saved hidden columns but never hides an unhideable one or all of them', () => {
    const s = normalizeColumnSettings(
      { order: ['device', 'job', 'status', 'size', 'notes'], hidden: ['job', 'status', 'x'] },
      columns,
    );
    expect(s.hidden).toEqual(['job']);
    const all = normalizeColumnSettings({ hidden: ['a', 'b'] }, [{ id: 'a' }, { id: 'b' }]);
    expect(all.hidden).toEqual(['b']);
  });

  it('clamps widths to the minimum of 80 px (or the column own) and drops junk', () => {
    const s = normalizeColumnSettings(
      { widths: { device: 40, job: 233.6, notes: 100, gone: 300, size: Number.NaN } },
      columns,
    );
    expect(s.widths).toEqual({ device: 80, job: 234, notes: 120 });
  });

  it('reads back only well-formed settings', () => {
    expect(parseColumnSettings(null)).toBeNull();
    expect(parseColumnSettings('x')).toBeNull();
    expect(parseColumnSettings({ order: [1, 2] })).toBeNull();
    expect(parseColumnSettings({ order: ['a'], widths: { a: 100, b: 'x' }, hidden: 'no' })).toEqual({
      order: ['a'],
      widths: { a: 100 },
    });
  });
});

describe('changing column settings', () => {
  const base = defaultColumnSettings(columns);

  it('reorders', () => {
    expect(moveColumn(base, 'notes', 0).order).toEqual(['notes', 'device', 'job', 'status', 'size']);
    expect(moveColumn(base, 'device', 99).order).toEqual(['job', 'status', 'size', 'notes', 'device']);
    expect(moveColumnBy(base, 'job', -1).order).toEqual(['job', 'device', 'status', 'size', 'notes']);
    expect(moveColumnBy(base, 'device', -1)).toBe(base);
    expect(moveColumnBy(base, 'unknown', 1)).toBe(base);
  });

  it('shows and hides, keeping the order of hidden ids, but not the last visible column', () => {
    let s = setColumnHidden(base, 'device', true);
    expect(s.hidden).toEqual(['device', 'size']);
    s = setColumnHidden(s, 'size', false);
    expect(s.hidden).toEqual(['device']);
    const two = { order: ['a', 'b'], widths: {}, hidden: ['a'] };
    expect(isLastVisible(two, 'b')).toBe(true);
    expect(setColumnHidden(two, 'b', true)).toBe(two);
    expect(visibilityState(s)).toEqual({ device: false });
  });

  it('sets widths within the limits', () => {
    expect(setColumnWidths(base, { device: 10, job: 250, zzz: 100, notes: 0 }, columns).widths).toEqual({
      device: 80,
      job: 250,
      notes: 120,
    });
  });

  it('compares settings by value', () => {
    expect(sameColumnSettings(base, defaultColumnSettings(columns))).toBe(true);
    expect(sameColumnSettings(base, moveColumnBy(base, 'job', 1))).toBe(false);
    expect(sameColumnSettings(base, { ...base, widths: { job: 90 } })).toBe(false);
  });

  it('names a CSS variable for any column id', () => {
    expect(columnWidthVar('device')).toBe('--grid-col-device');
    expect(columnWidthVar('a.b c')).toBe('--grid-col-a_2eb_20c');
  });
});

describe('settings in localStorage', () => {
  it('live under vigil.grid.<key>', () => {
    const storage = memoryStorage();
    expect(gridStorageKey('emails')).toBe('vigil.grid.emails');
    expect(readColumnSettings(storage, 'emails')).toBeNull();
    const s = { order: ['a'], widths: { a: 100 }, hidden: [] };
    writeColumnSettings(storage, 'emails', s);
    expect(JSON.parse(storage.data.get('vigil.grid.emails')!)).toEqual(s);
    expect(readColumnSettings(storage, 'emails')).toEqual(s);
    storage.setItem('vigil.grid.broken', '{not json');
    expect(readColumnSettings(storage, 'broken')).toBeNull();
    expect(readColumnSettings(null, 'emails')).toBeNull();
  });
});

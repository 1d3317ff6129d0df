import { describe, expect, it } from 'vitest';
import { cellWidthRules, frozenColumnRules, frozenCount, orderWithPinned } from './pinnedColumns';

describe('frozen columns', () => {
  it('puts the pinned columns first, in the order they are named', () => {
    expect(orderWithPinned(['device', 'job', 'status', 'company'], ['company', 'job'])).toEqual([
      'company',
      'job',
      'device',
      'status',
    ]);
    expect(orderWithPinned(['device', 'job'], ['company', 'job'])).toEqual(['job', 'device']);
    expect(orderWithPinned(['a', 'b'], [])).toEqual(['a', 'b']);
  });

  it('freezes the own columns with the leading pinned ones, and nothing without pins', () => {
    expect(frozenCount(['__select', 'company', 'job', 'device'], ['company', 'job'])).toBe(3);
    expect(frozenCount(['__select', 'job', 'device'], ['company', 'job'])).toBe(2);
    expect(frozenCount(['__select', 'device', 'job'], ['company', 'job'])).toBe(0);
    expect(frozenCount(['__select', 'company'], [])).toBe(0);
  });

  it('sticks each frozen column at the widths before it and edges the last one', () => {
    const css = frozenColumnRules('s1', ['__select', 'company', 'job'], 3, '#fff', '#ddd');
    expect(css).toContain('[data-grid-scope="s1"] .vg-c0{position:sticky;left:0px;z-index:1}');
    expect(css).toContain('.vg-c1{position:sticky;left:calc(var(--grid-col-__select));z-index:1}');
    expect(css).toContain(
      '.vg-c2{position:sticky;left:calc(var(--grid-col-__select) + var(--grid-col-company));z-index:1}',
    );
    expect(css).toContain('.vg-row>.vg-c2{background-color:inherit}');
    expect(css).toContain('.vg-c2{box-shadow:inset -1px 0 0 #ddd}');
    expect(frozenColumnRules('s1', ['a'], 0, '#fff', '#ddd')).toBe('');
  });

  it('gives each column position its width rule', () => {
    expect(cellWidthRules('s', ['a', 'b'])).toBe(
      '[data-grid-scope="s"] .vg-c0{width:var(--grid-col-a)}[data-grid-scope="s"] .vg-c1{width:var(--grid-col-b)}',
    );
  });
});

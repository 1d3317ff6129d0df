import { describe, expect, it } from 'vitest';
import { ROW_TINT, rowTint, severityClass } from './rowTint';

describe('row tints', () => {
  it('lightens by 0.9 in the light theme and darkens by 0.8 in the dark one (features §9)', () => {
    expect(ROW_TINT).toEqual({ light: 0.9, dark: 0.8 });
    expect(rowTint('#d32f2f', 'light')).toBe('rgb(250, 234, 234)');
    expect(rowTint('#d32f2f', 'dark')).toBe('rgb(42, 9, 9)');
  });

  it('gives tinted severities a class and None none', () => {
    expect(severityClass(1)).toBe(' vg-sev-1');
    expect(severityClass(4)).toBe(' vg-sev-4');
    expect(severityClass(0)).toBe('');
    expect(severityClass(9)).toBe('');
    expect(severityClass(undefined)).toBe('');
  });
});

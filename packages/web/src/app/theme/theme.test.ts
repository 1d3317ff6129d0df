import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme and reduced motion', () => {
  it('keeps transitions and ripples by default', () => {
    const theme = createAppTheme('light');
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).not.toBe(true);
  });

  it('opens and closes at once, without ripples, when the system asks for reduced motion', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme(mode, { reducedMotion: true });
      const d = theme.transitions.duration;
      expect([d.shortest, d.short, d.standard, d.complex, d.enteringScreen, d.leavingScreen]).toEqual([
        0, 0, 0, 0, 0, 0,
      ]);
      expect(theme.transitions.create('opacity')).toBe('none');
      expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
      expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      // The mode's own look is kept.
      expect(theme.palette.mode).toBe(mode);
      expect(theme.palette.primary.main).toBe(createAppTheme(mode).palette.primary.main);
    }
  });
});

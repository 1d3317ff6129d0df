import type { DemoProfile } from '../types.ts';

/** How often a backup of each profile fails, warns or misses an e-mail, and how long its streaks last. */
export const ODDS: Record<DemoProfile, { fail: number; warn: number; failStreak: number; warnStreak: number; miss: number }> =
  {
    healthy: { fail: 0.01, warn: 0.025, failStreak: 2, warnStreak: 2, miss: 0.012 },
    stopped: { fail: 0.015, warn: 0.03, failStreak: 2, warnStreak: 2, miss: 0.015 },
    flaky: { fail: 0.09, warn: 0.06, failStreak: 3, warnStreak: 2, miss: 0.05 },
    'warning-prone': { fail: 0.015, warn: 0.28, failStreak: 1, warnStreak: 5, miss: 0.015 },
    failing: { fail: 0.04, warn: 0.04, failStreak: 3, warnStreak: 2, miss: 0.02 },
  };

/** Side drawers of the audit screens (features §4.8, §9). */
export const DRAWER_WIDTH = 420;

/** History lengths a user can pick for the Audit grid (the API takes 1–90; settings 7–90). */
export const HISTORY_DAY_CHOICES = [7, 14, 30, 60, 90] as const;
export const DEFAULT_HISTORY_DAYS = 30;

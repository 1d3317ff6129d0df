/** Feature flags of platform §6. Always-on flags are on for every tenant and cannot be switched off. */
export const FeatureFlagKeys = [
  'brBackupPlans',
  'brInsights',
  'brAlertRadar',
  'brAlertScopeInbox',
  'brMakeItRain',
  'brWindowsManager',
  'brAwsApi',
  'brTimePopularity',
  'brScheduledJobsState',
  'brVeeamApi',
  'brAxcientX360Recover',
  'brDashboardColorMetrics',
  'brBackupMetadata',
  'brHaloPsa',
  'brHaloItsm',
  'brSlide',
  'brRegionRouter',
] as const;

export const AlwaysOnFlags: readonly string[] = [
  'brWindowsManager',
  'brAwsApi',
  'brTimePopularity',
  'brScheduledJobsState',
  'brVeeamApi',
  'brAxcientX360Recover',
  'brDashboardColorMetrics',
  'brBackupMetadata',
  'brHaloPsa',
  'brHaloItsm',
  'brSlide',
  'brRegionRouter',
];

/** Flag status: off for everyone, on for everyone, or on for the listed tenants only. */
export const FlagStatus = { Disabled: 0, Enabled: 1, Tenants: 2 } as const;
export type FlagStatus = (typeof FlagStatus)[keyof typeof FlagStatus];
export type FeatureFlagMap = Record<string, boolean>;

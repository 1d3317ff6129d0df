/** Enumerations of platform §3 and features §3, with the numbers the spec gives. */
export const ResultStatus = { Unknown: 0, Success: 1, Warning: 2, Failure: 3, NoResult: 4, Pending: 5 } as const;
export type ResultStatus = (typeof ResultStatus)[keyof typeof ResultStatus];
export const ResultStatusLabel: Record<ResultStatus, string> = {
  0: 'Unknown',
  1: 'Success',
  2: 'Warning',
  3: 'Failure',
  4: 'No Result',
  5: 'Pending',
};

export const JobStatus = ['Completed', 'Running', 'Pending', 'Loading', 'Failed'] as const;
export type JobStatus = (typeof JobStatus)[number];

export const ProcessingState = [
  'None',
  'Waiting',
  'InProgress',
  'WaitingForRetry',
  'Retrying',
  'Processed',
  'Inactive',
  /** Looks like a backup report, but the generic reader was not sure enough to file a result. */
  'NeedsReview',
] as const;
export type ProcessingState = (typeof ProcessingState)[number];

export const SourceType = ['Email', 'Api'] as const;
export const PolicyKind = ['Backup', 'Alert'] as const;

export const StatusColourKey = [
  'noResult',
  'warning',
  'success',
  'failure',
  'suppressedNoResult',
  'notScheduled',
] as const;

export const BillingProvider = { None: -1, LegacyStripe: 0, Stripe: 1, ScalePad: 2, PolicyBasedStripe: 128 } as const;

export const CrmType = {
  NotConfigured: 0,
  Autotask: 2,
  ConnectWise: 3,
  HaloPsa: 4,
  HaloITSM: 5,
  KaseyaBms: 6,
  ServiceNow: 7,
  SyncroMsp: 8,
} as const;

export const RowSeverity = { None: 0, Error: 1, Warning: 2, Success: 3, Info: 4 } as const;
export const ReportFormat = { Html: 0, Pdf: 1, Excel: 2, Csv: 4 } as const;
export const Weekday = {
  Sunday: 1,
  Monday: 2,
  Tuesday: 4,
  Wednesday: 8,
  Thursday: 16,
  Friday: 32,
  Saturday: 64,
  All: 127,
} as const;
export const NotificationKind = { PSA: 1, Email: 2, Webhook: 3 } as const;
export const MessageSeverity = { Info: 1, Warning: 2, Error: 3 } as const;
export const GroupType = { Standard: 1, Client: 2 } as const;
export const CompanyType = { Psa: 0, Local: 1 } as const;
export const DashboardAccess = { NoAccess: -1, Viewer: 0, Editor: 1, Admin: 2 } as const;

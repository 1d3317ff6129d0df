/** The shapes the demo e-mail generator plans and renders. */

export type DemoStatus = 'Success' | 'Warning' | 'Failure';

export interface DemoRun {
  /** Parser id, e.g. 'veeam-br'. */
  vendor: string;
  /** Client company display name, e.g. 'Northwind Dental'. */
  company: string;
  /** Device / host name as the parser will report it. */
  device: string;
  /** Job name as the parser will report it (for vendors without job names, whatever the parser yields). */
  job: string;
  status: DemoStatus;
  start: Date;
  end: Date;
  sizeBytes?: number;
  /** For Warning/Failure: a realistic vendor-style message. */
  failureText?: string;
}

export type DemoSchedule = 'daily' | 'weekdays' | 'weekly-sunday';
export type DemoProfile = 'healthy' | 'flaky' | 'failing' | 'stopped' | 'warning-prone';

export interface DemoBackup {
  vendor: string;
  company: string;
  /** The company's plus-tag code (short, lowercase), for `<tenant>+<tag>@…` recipients. */
  tag: string;
  device: string;
  job: string;
  schedule: DemoSchedule;
  /** Hour of the day (0–23, local time) the job starts. */
  startHourLocal: number;
  profile: DemoProfile;
  /** 'stopped' backups only: the number of trailing days without any e-mail. */
  stoppedDaysAgo?: number;
}

export interface DemoCompany {
  name: string;
  /** Plus-tag code. */
  tag: string;
  /** The company's mail domain (senders of on-premises products). */
  domain: string;
}

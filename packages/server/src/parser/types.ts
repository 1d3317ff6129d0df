/** What the parser engine sees of an e-mail: decoded, with text always present. */
export interface MailMessage {
  messageId: string;
  subject: string;
  /** Sender address, lowercased. */
  from: string;
  fromName: string;
  to: string[];
  /** The Date header, when it parsed. */
  date: Date | null;
  /** The plain-text body; derived from the HTML part when the e-mail has none. */
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  /** Header names lowercased; repeated headers joined with ', '. */
  headers: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type ParsedStatus = 'Success' | 'Warning' | 'Failure';

/** Result kinds of features §3.4. */
export type ResultKind =
  | 'Primary Backup'
  | 'Primary Verification'
  | 'Primary Boot Verification'
  | 'Replication'
  | 'Replication Verification'
  | 'Replication Boot Verification'
  | 'System Alert';

/** Storage kinds of features §3.4 (both lists). */
export type StorageKind =
  | 'Cloud storage'
  | 'Local storage'
  | 'Local replication'
  | 'Offsite replication'
  | 'Local copy'
  | 'Offsite copy'
  | 'Removable storage'
  | 'Compressed storage'
  | 'Verification only'
  | 'Verification'
  | 'Screenshot verification'
  | 'Boot verification';

/** One backup result read from an e-mail. One e-mail may carry several (jobs, devices, VMs). */
export interface ParsedResult {
  /** Vendor module id, e.g. 'veeam-br'. */
  vendor: string;
  jobName: string;
  /** Device, host, VM or mailbox the result is about; '' when the e-mail names none. */
  deviceName: string;
  status: ParsedStatus;
  startTime: Date | null;
  endTime: Date | null;
  resultKind: ResultKind;
  storageKind: StorageKind | null;
  /** 'Backup' for backup results, 'Alert' for system alerts (features §3.4). */
  backupType: 'Backup' | 'Alert';
  sizeBytes: number | null;
  durationSeconds: number | null;
  /** The vendor's own words for what went wrong (warnings too); null on success. */
  failureText: string | null;
  /** A vendor-side client or customer identifier, when the e-mail carries one. */
  clientId: string | null;
}

/** A vendor module: a cheap, specific detector and a pure extractor. */
export interface VendorParser {
  id: string;
  name: string;
  detect(msg: MailMessage): boolean;
  parse(msg: MailMessage): ParsedResult[];
}

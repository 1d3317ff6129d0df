import { z } from 'zod';
import { QueryBoolean } from './api-common.ts';
import { JobStatus, ProcessingState } from './enums.ts';

/** Parsed result statuses an e-mail can report (features §3.4). */
export const ParsedStatusName = z.enum(['Success', 'Warning', 'Failure']);

/** How a result was read when no vendor parser claimed its e-mail: the generic reader's words. */
export const ResultReading = z.object({
  Method: z.literal('generic'),
  /** 0..1. */
  Confidence: z.number(),
  /** The words that decided, e.g. `status: Failure — "2 errors" in body line 14`. */
  Reasons: z.array(z.string()),
});
export type ResultReading = z.infer<typeof ResultReading>;

/** One backup result read from an e-mail, as filed against a backup. */
export const ProcessedResult = z.object({
  ResultId: z.number().int().nullable(),
  Vendor: z.string(),
  JobName: z.string(),
  DeviceName: z.string(),
  Status: ParsedStatusName,
  BackupId: z.number().int().nullable(),
  BackupActive: z.boolean(),
  StartTime: z.string().nullable(),
  EndTime: z.string().nullable(),
  ResultKind: z.string(),
  StorageKind: z.string().nullable(),
  BackupType: z.enum(['Backup', 'Alert']),
  SizeBytes: z.number().nullable(),
  DurationSeconds: z.number().nullable(),
  FailureText: z.string().nullable(),
  ClientId: z.string().nullable(),
  /** Set for results the generic reader filed. */
  Reading: ResultReading.nullable().optional(),
});
export type ProcessedResult = z.infer<typeof ProcessedResult>;

/** A received e-mail and what became of it. */
export const ProcessedEmail = z.object({
  emailId: z.number().int(),
  Subject: z.string(),
  From: z.string(),
  To: z.string(),
  ReceivedAt: z.string(),
  State: z.enum(ProcessingState),
  Source: z.enum(['smtp', 'imap', 'upload']),
  Size: z.number().int(),
  Vendor: z.string().nullable(),
  /** The vendor's display name ("Veeam Backup & Replication"); null when unrecognised. */
  VendorName: z.string().nullable(),
  /** Why nothing (or not everything) came out of it; null when it parsed. */
  Reason: z.string().nullable(),
  PlusTag: z.string().nullable(),
  Attempts: z.number().int(),
  Results: z.array(ProcessedResult),
});
export type ProcessedEmail = z.infer<typeof ProcessedEmail>;

export const AdminProcessedEmail = ProcessedEmail.extend({
  tenantId: z.number().int(),
  TenantName: z.string(),
});
export type AdminProcessedEmail = z.infer<typeof AdminProcessedEmail>;

export const ProcessedEmailQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(200).default(25),
  /** Matches subject, sender, vendor or job/device names. */
  search: z.string().max(200).optional(),
  state: z.enum(ProcessingState).optional(),
  /** Only e-mails no parser could read. */
  unrecognised: QueryBoolean.optional(),
});

export const AdminProcessedEmailQuery = ProcessedEmailQuery.extend({
  /** The spec's search term: an address, subject or Message-ID. */
  email: z.string().max(320).optional(),
  tenantId: z.coerce.number().int().positive().optional(),
});

export const EmailRef = z.object({ emailId: z.coerce.number().int().positive() });
export const AdminEmailRef = z.object({
  tenantId: z.coerce.number().int().positive(),
  emailId: z.coerce.number().int().positive(),
  email: z.string().max(320).optional(),
});

export const ReprocessAnswer = z.object({ emailId: z.number().int(), State: z.enum(ProcessingState) });

/** Test parsing of an uploaded .eml (admin). */
export const TestParsingStarted = z.object({ identifier: z.string() });
export const TestParsingStatus = z.object({
  identifier: z.string(),
  Status: z.enum(JobStatus),
  Subject: z.string().nullable(),
  From: z.string().nullable(),
  Vendor: z.string().nullable(),
  Reason: z.string().nullable(),
  Results: z.array(ProcessedResult.omit({ ResultId: true, BackupId: true, BackupActive: true })),
  ElapsedMs: z.number().nullable(),
});
export type TestParsingStatus = z.infer<typeof TestParsingStatus>;

export const ParsingStatus = z.object({
  QueueDepth: z.number().int(),
  OldestWaiting: z.string().nullable(),
  EmailsPerMinute: z.number(),
  ReceivedLastHour: z.number().int(),
  ProcessedLastHour: z.number().int(),
  FailuresLastDay: z.number().int(),
  UnrecognisedLastDay: z.number().int(),
  ByState: z.record(z.string(), z.number().int()),
  TopVendors: z.array(z.object({ Vendor: z.string(), Count: z.number().int() })),
  /** E-mails answered 250 by an SMTP node and still in its spool (not yet filed), over all nodes. */
  Spooled: z.number().int(),
  OldestSpooled: z.string().nullable(),
  /** E-mails the database could never take, set aside in a node's spool folder. */
  SetAside: z.number().int(),
  /** Each SMTP ingest node's spool as last reported; Reporting is false after a minute of silence. */
  IntakeNodes: z.array(
    z.object({
      Node: z.string(),
      Spooled: z.number().int(),
      SpooledBytes: z.number().int(),
      OldestSpooled: z.string().nullable(),
      SetAside: z.number().int(),
      ReportedAt: z.string(),
      Reporting: z.boolean(),
    }),
  ),
});
export type ParsingStatus = z.infer<typeof ParsingStatus>;

/** Banned senders: an address, or a whole domain written as "@example.com". */
export const BannedEmailRow = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Reason: z.string(),
  Provider: z.string(),
  CreatedAt: z.string(),
  RefusedCount: z.number().int(),
});
export const BannedEmailInput = z.object({
  Email: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(320)
    .regex(
      /^([^\s@]+@[^\s@]+\.[^\s@]+|@[^\s@]+\.[^\s@]+)$/,
      'Enter an e-mail address or a domain such as @example.com',
    ),
  Reason: z.string().trim().max(500).default(''),
});

export const AliasRow = z.object({ Id: z.number().int(), Email: z.string(), CreatedAt: z.string() });
export const AliasInput = z.object({
  /** The local part, or a whole address on the inbound domain. */
  Email: z.string().trim().toLowerCase().min(1, 'Enter the alias address').max(320, 'The alias address is too long'),
});

export const MailboxRow = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Host: z.string(),
  Port: z.number().int(),
  Secure: z.boolean(),
  UserName: z.string(),
  Folder: z.string(),
  IsEnabled: z.boolean(),
  LastPolledAt: z.string().nullable(),
  LastError: z.string().nullable(),
  EmailsFetched: z.number().int(),
});
export type MailboxRow = z.infer<typeof MailboxRow>;

export const AdminMailboxRow = MailboxRow.extend({
  MailBoxId: z.number().int(),
  tenantId: z.number().int(),
  TenantName: z.string(),
});

export const MailboxInput = z.object({
  tenantId: z.number().int().positive(),
  Email: z.string().trim().toLowerCase().email().max(320),
  Host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'Enter a host name or IP address'),
  Port: z.number().int().min(1).max(65535).default(993),
  Secure: z.boolean().default(true),
  UserName: z.string().trim().min(1).max(320),
  Password: z.string().min(1).max(1000),
  Folder: z.string().trim().min(1).max(200).default('INBOX'),
});

export const TenantMailboxes = z.object({
  InboundAddress: z.string(),
  InboundDomain: z.string(),
  PlusAddressing: z.string(),
  Aliases: z.array(AliasRow),
  Mailboxes: z.array(MailboxRow),
});
export type TenantMailboxes = z.infer<typeof TenantMailboxes>;

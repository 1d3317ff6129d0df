import { z } from 'zod';
import { ParsedStatusName } from './api-ingest.ts';

/**
 * How a tenant parser takes one field from an e-mail: the text after an anchor up to the end of
 * its line ("Job name:"), the first group of a pattern, or a fixed value.
 */
export const ParserField = z.discriminatedUnion('Kind', [
  z.object({ Kind: z.literal('anchor'), Anchor: z.string().trim().min(1).max(200) }),
  z.object({ Kind: z.literal('pattern'), Pattern: z.string().min(1).max(500) }),
  z.object({ Kind: z.literal('fixed'), Value: z.string().max(500) }),
  z.object({ Kind: z.literal('none') }),
]);
export type ParserField = z.infer<typeof ParserField>;

/** A word or phrase that, found in the status text, decides the status. */
export const StatusWord = z.object({ Text: z.string().trim().min(1).max(200), Status: ParsedStatusName });
export type StatusWord = z.infer<typeof StatusWord>;

/** The rule of a tenant parser: which e-mails it claims and where it reads job, device and status. */
export const ParserRule = z.object({
  /** Sender addresses or domains ("backup@acme.example", "acme.example"); one must match. */
  Senders: z.array(z.string().trim().toLowerCase().min(1).max(320)).min(1).max(20),
  /** Text the subject must contain (case-insensitive); empty matches every subject. */
  SubjectContains: z.string().max(300).default(''),
  Job: ParserField,
  Device: ParserField,
  /**
   * Where the status is read: an anchor or pattern narrows the text to look in; without one the
   * whole subject and body are searched and the worst status found wins.
   */
  StatusFrom: ParserField,
  StatusWords: z.array(StatusWord).min(1).max(50),
});
/** As written by clients: `SubjectContains` may be left out. */
export type ParserRule = z.input<typeof ParserRule>;

/** What a rule read from one e-mail. */
export const ParserReading = z.object({
  JobName: z.string(),
  DeviceName: z.string(),
  Status: ParsedStatusName,
});
export type ParserReading = z.infer<typeof ParserReading>;

/** A saved example the rule must keep reading as expected. */
export const ParserSample = z.object({
  emailId: z.number().int().nullable(),
  From: z.string(),
  Subject: z.string(),
  Text: z.string(),
  Expected: ParserReading,
});
export type ParserSample = z.infer<typeof ParserSample>;

export const TenantParser = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The product name results read by this parser are filed under. */
  Vendor: z.string(),
  Enabled: z.boolean(),
  /** Promoted by a platform admin: applies to every tenant. */
  BuiltIn: z.boolean(),
  Rule: ParserRule,
  Samples: z.array(ParserSample),
  CreatedAt: z.string(),
  CreatedBy: z.string().nullable(),
  UpdatedAt: z.string(),
  UpdatedBy: z.string().nullable(),
});
export type TenantParser = z.infer<typeof TenantParser>;

export const TenantParserInput = z.object({
  Name: z.string().trim().min(1).max(200),
  Vendor: z.string().trim().max(200).optional(),
  Enabled: z.boolean().default(true),
  Rule: ParserRule,
  /** A new sample: the e-mail the rule was built on and what the user marked on it. */
  Sample: z.object({ emailId: z.number().int().positive(), Expected: ParserReading }).optional(),
});
export type TenantParserInput = z.input<typeof TenantParserInput>;

/** An e-mail prepared for the builder: its text and the key: value lines worth picking. */
export const ParserSourceEmail = z.object({
  emailId: z.number().int(),
  From: z.string(),
  Subject: z.string(),
  ReceivedAt: z.string(),
  Text: z.string(),
  Suggestions: z.array(z.object({ Key: z.string(), Value: z.string() })),
});
export type ParserSourceEmail = z.infer<typeof ParserSourceEmail>;

export const ParserPreviewInput = z.object({
  Rule: ParserRule,
  Limit: z.number().int().min(1).max(50).default(20),
});
export type ParserPreviewInput = z.input<typeof ParserPreviewInput>;

export const ParserPreviewRow = z.object({
  emailId: z.number().int(),
  Subject: z.string(),
  From: z.string(),
  ReceivedAt: z.string(),
  /** The sender and subject match the rule. */
  Matched: z.boolean(),
  /** The rule read job, device and status. */
  Read: z.boolean(),
  Reading: ParserReading.nullable(),
  /** What the rule could not find. */
  Missing: z.array(z.string()),
  /** What the e-mail was read as when it arrived. */
  CurrentVendor: z.string().nullable(),
});
export type ParserPreviewRow = z.infer<typeof ParserPreviewRow>;

export const ParserPromoteInput = z.object({ BuiltIn: z.boolean() });

/** Admin Portal: a tenant parser with its tenant. */
export const AdminTenantParser = TenantParser.omit({ Samples: true }).extend({
  TenantId: z.number().int(),
  TenantName: z.string(),
  SampleCount: z.number().int(),
});
export type AdminTenantParser = z.infer<typeof AdminTenantParser>;

/** Results read as Success that a user later set to Warning or Failure, per vendor. */
export const FalseGreens = z.object({
  Days: z.number().int(),
  Total: z.number().int(),
  ByVendor: z.array(z.object({ Vendor: z.string(), VendorName: z.string(), Count: z.number().int() })),
});
export type FalseGreens = z.infer<typeof FalseGreens>;

import { z } from 'zod';

/** Lookups behind the filter and editor screens (platform §7 Backup, Common, Policies, Popularity). */

/** A value of an enumeration with its display name. */
export const EnumItem = z.object({ Value: z.union([z.number(), z.string()]), Name: z.string() });
export type EnumItem = z.infer<typeof EnumItem>;

/** GET /api/backup/vendor/classifications: vendors grouped by what they protect. */
export const VendorClassificationKey = z.enum(['image', 'file', 'cloud-to-cloud', 'cloud', 'database', 'nas', 'other']);
export type VendorClassificationKey = z.infer<typeof VendorClassificationKey>;
export const ClassifiedVendor = z.object({
  Id: z.string(),
  Name: z.string(),
  /** A logo under the web app's /vendors/, when there is one. */
  Logo: z.string().nullable(),
  /** How Vigil reads it: e-mail reports, the vendor's API, or both. */
  Methods: z.array(z.enum(['Email', 'Api'])),
});
export const VendorClassification = z.object({
  Classification: VendorClassificationKey,
  Name: z.string(),
  Vendors: z.array(ClassifiedVendor),
});
export type VendorClassification = z.infer<typeof VendorClassification>;

/** GET /api/common/policy-enums: the enumerations a backup (policy) carries, with their names. */
export const PolicyEnums = z.object({
  DayStatuses: z.array(EnumItem),
  ResultStatuses: z.array(EnumItem),
  Methods: z.array(EnumItem),
  BackupTypes: z.array(EnumItem),
  States: z.array(EnumItem),
  StatusCalculations: z.array(EnumItem),
  AdditionalFieldTypes: z.array(EnumItem),
});
export type PolicyEnums = z.infer<typeof PolicyEnums>;

/** GET /api/common/user-filters/all-backup-methods: each method with the caller's active backups using it. */
export const BackupMethodFilter = z.object({
  Value: z.enum(['Email', 'Api']),
  Name: z.string(),
  Count: z.number().int(),
});

/** An extra backup field a tenant adds (GET/POST /api/common/user-filters/additional-backup-fields). */
export const AdditionalFieldType = z.enum(['text', 'number', 'date', 'choice']);
export type AdditionalFieldType = z.infer<typeof AdditionalFieldType>;
export const AdditionalBackupField = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Type: AdditionalFieldType,
  /** The choices of a `choice` field; empty otherwise. */
  Choices: z.array(z.string()),
});
export type AdditionalBackupField = z.infer<typeof AdditionalBackupField>;
export const AdditionalBackupFieldInput = z.object({
  /** Present to keep an existing field (and its values); absent for a new one. */
  Id: z.number().int().positive().optional(),
  Name: z.string().trim().min(1, 'Name is required').max(100),
  Type: AdditionalFieldType,
  Choices: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});
/** The whole set of fields: fields left out are removed with their values. */
export const AdditionalBackupFieldsInput = z.object({ Fields: z.array(AdditionalBackupFieldInput).max(30) });
export const MAX_ADDITIONAL_FIELDS = 30;

/** A backup's values of the extra fields, by field id; null (or '') clears one. */
export const AdditionalFieldValues = z.record(z.string().regex(/^\d+$/), z.string().max(500).nullable());
export type AdditionalFieldValues = z.infer<typeof AdditionalFieldValues>;
/** An Audit filter on an extra field: text fields match a part, the others the whole value. */
export const AdditionalFieldFilter = z.object({
  FieldId: z.number().int().positive(),
  Value: z.string().min(1).max(500),
});

/** GET /api/common/tenant-filters: the values the tenant's backups carry, for the filter pickers. */
export const TenantFilters = z.object({
  Companies: z.array(z.object({ Id: z.number().int().nullable(), Name: z.string(), Count: z.number().int() })),
  Vendors: z.array(z.object({ Id: z.string(), Name: z.string(), Count: z.number().int() })),
  Methods: z.array(BackupMethodFilter),
  Tags: z.array(z.string()),
  Schedules: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  Statuses: z.array(EnumItem),
  AdditionalFields: z.array(AdditionalBackupField),
});
export type TenantFilters = z.infer<typeof TenantFilters>;

/** POST /api/admin/{mailProvider}/sync-routing: what the inbound domain routes to after the sync. */
export const MailRoutingSync = z.object({
  Provider: z.string(),
  Domain: z.string(),
  /** The addresses now routed into Vigil: each tenant's address and its aliases. */
  Routes: z.array(z.object({ Address: z.string(), TenantId: z.number().int(), TenantName: z.string() })),
  /** Senders refused at the door (the provider's banned e-mails). */
  BannedSenders: z.number().int(),
  SyncedAt: z.string(),
});
export type MailRoutingSync = z.infer<typeof MailRoutingSync>;

/** GET /api/policy/audit/file: the Audit grid as a file, with the grid's filters and visible columns. */
export const AuditFileQuery = z.object({
  /** The Audit grid's filter model as a JSON string (features §7: plus filterScheduled). */
  filter: z.string().max(20_000).optional(),
  /** Visible columns in order, comma-separated (the grid's column ids); default every column. */
  columns: z.string().max(2000).optional(),
  format: z.enum(['excel', 'csv']).default('excel'),
});

/** Backup time popularity (flag brTimePopularity). */
export const PopularitySlot = z.object({ Time: z.string(), Count: z.number().int() });
export const UnpopularTime = z.object({
  BackupId: z.number().int(),
  /** The backups sharing the storage or site: same vendor and device (or the same API source). */
  Neighbours: z.number().int(),
  /** The backup's planned start ('HH:MM', tenant time), or its usual start from its results. */
  CurrentTime: z.string().nullable(),
  /** The least crowded slot nearest the current time. */
  SuggestedTime: z.string(),
  SlotMinutes: z.number().int(),
  /** Jobs starting in each slot of the day (the backup itself left out). */
  Slots: z.array(PopularitySlot),
});
export type UnpopularTime = z.infer<typeof UnpopularTime>;
export const PopularityMove = z.object({
  StartTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Start time must be HH:MM'),
});
export const PopularityMoved = z.object({
  BackupId: z.number().int(),
  StartTime: z.string(),
  PreviousTime: z.string().nullable(),
});

import { z } from 'zod';
import { paged } from './api-common.ts';

/**
 * Alert Radar (tenant) and Alert Scope (platform admin) — platform §7 "Alert radar" and
 * "Alert scope (admin)", features §3.2 and §4.2.
 */

/** features §3.2: None 0, Negative 1, Neutral 2, Positive 3. */
export const AlertAssessment = { None: 0, Negative: 1, Neutral: 2, Positive: 3 } as const;
export const AssessmentValue = z.number().int().min(0).max(3);
/** features §3.2: None 0, Negative 1, Positive 2. */
export const AlertFeedback = { None: 0, Negative: 1, Positive: 2 } as const;
export const FeedbackValue = z.number().int().min(0).max(2);
/** features §3.2: KeyValue 0, NamedEntities 1. */
export const NerTypeValue = { KeyValue: 0, NamedEntities: 1 } as const;
export const NerType = z.number().int().min(0).max(1);
/** features §3.2: Subject 0, Body 1. */
export const AnnotationSourceValue = { Subject: 0, Body: 1 } as const;
export const AnnotationSource = z.number().int().min(0).max(1);
/** features §3.2 alert kind: Backup 0, Alert 1. */
export const AlertKind = z.number().int().min(0).max(1);

/** The default list window (constants): the last 30 days. */
export const ALERT_DEFAULT_WINDOW_DAYS = 30;
/** A Negative alert at or above this confidence may raise a ticket (tenant setting default). */
export const ALERT_TICKET_THRESHOLD_DEFAULT = 0.8;

/** Annotation, API form (features §3.2). Start/End are offsets into Subject or Body (end exclusive). */
export const AlertAnnotation = z.object({
  Id: z.string(),
  Start: z.number().int().min(0),
  End: z.number().int().min(0),
  Value: z.string(),
  Label: z.string(),
  NerType,
  Source: AnnotationSource,
  Score: z.number().min(0).max(1),
});
export type AlertAnnotation = z.infer<typeof AlertAnnotation>;

export const AlertClassification = z.object({ Label: z.string(), Type: z.string(), Confidence: z.number() });
export type AlertClassification = z.infer<typeof AlertClassification>;

/** One analysis version (features §3.2). */
export const AlertAnalysisVersion = z.object({
  Id: z.number().int(),
  /** 1 for the first analysis, then one more per reanalysis. */
  Version: z.number().int(),
  Assessment: AssessmentValue,
  AssessmentConfidence: z.number().min(0).max(1),
  ParsedAt: z.string(),
  ParserVersion: z.string(),
  Annotations: z.array(AlertAnnotation),
  Classification: AlertClassification.nullable(),
});
export type AlertAnalysisVersion = z.infer<typeof AlertAnalysisVersion>;

/** POST /api/alert-radar/alert-emails (features §3.2 list params). Received window defaults to the last 30 days. */
export const AlertEmailListQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(25),
  SearchBySubject: z.string().max(500).optional(),
  /** Searches the summary: the e-mail's body text. */
  SearchBySummary: z.string().max(500).optional(),
  ReceivedFrom: z.string().max(40).optional(),
  ReceivedTo: z.string().max(40).optional(),
  /** One assessment or several. */
  Assessment: z.union([AssessmentValue, z.array(AssessmentValue).max(4)]).optional(),
  /** Annotation labels; an e-mail matches when its latest analysis has any of them. */
  Labels: z.array(z.string().max(200)).max(50).optional(),
});
export type AlertEmailListQuery = z.input<typeof AlertEmailListQuery>;

/** A row of the alert e-mail list. */
export const AlertEmailRow = z.object({
  Id: z.number().int(),
  EmailUid: z.string(),
  TenantId: z.number().int(),
  Subject: z.string(),
  /** The first words of the body. */
  Summary: z.string(),
  EmailFrom: z.string(),
  EmailTo: z.string(),
  ReceivedAt: z.string(),
  Flags: z.number().int(),
  Feedback: FeedbackValue,
  Assessment: AssessmentValue,
  AssessmentConfidence: z.number(),
  ParserVersion: z.string().nullable(),
  ParsedAt: z.string().nullable(),
  VersionsCount: z.number().int(),
  Classification: AlertClassification.nullable(),
  Labels: z.array(z.string()),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
});
export type AlertEmailRow = z.infer<typeof AlertEmailRow>;
export const AlertEmailPage = paged(AlertEmailRow);

/** GET /api/alert-radar/alert-emails/{id} (features §3.2) with the latest analysis. */
export const AlertEmail = z.object({
  EmailUid: z.string(),
  Id: z.number().int(),
  TenantId: z.number().int(),
  Flags: z.number().int(),
  Feedback: FeedbackValue,
  ParserVersion: z.string().nullable(),
  ParsedAt: z.string().nullable(),
  VersionsCount: z.number().int(),
  Subject: z.string(),
  Body: z.string(),
  EmailFrom: z.string(),
  EmailTo: z.string(),
  ReceivedAt: z.string(),
  /** False while a reanalysis is pending. */
  CanReparse: z.boolean(),
  Assessment: AssessmentValue,
  AssessmentConfidence: z.number(),
  Annotations: z.array(AlertAnnotation),
  Classification: AlertClassification.nullable(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
  /** The ticket raised for this alert, if any. */
  TicketId: z.number().int().nullable(),
});
export type AlertEmail = z.infer<typeof AlertEmail>;

/** POST …/{id}/reparse → the run to poll. */
export const ReparseStarted = z.object({ instanceId: z.string() });
export type ReparseStarted = z.infer<typeof ReparseStarted>;

/** features §3.2 runtime status. */
export const RuntimeStatus = z.enum(['Pending', 'Loading', 'Running', 'Completed']);
export type RuntimeStatus = z.infer<typeof RuntimeStatus>;

/** GET /api/alert-radar/reparse/{instanceId} (and the admin twin): the reanalysis run. */
export const ReparseStatus = z.object({
  instanceId: z.string(),
  runtimeStatus: RuntimeStatus,
  customStatus: z.object({ error: z.string().nullable() }),
  /** The new analysis version once Completed without error. */
  output: AlertAnalysisVersion.nullable(),
});
export type ReparseStatus = z.infer<typeof ReparseStatus>;

/** POST …/{id}/feedback and PUT …/alert-emails/feedback/{id} (id: the alert e-mail). */
export const AlertFeedbackInput = z.object({ Feedback: FeedbackValue, Comment: z.string().max(2000).optional() });
export type AlertFeedbackInput = z.infer<typeof AlertFeedbackInput>;
export const AlertFeedbackResult = z.object({ Id: z.number().int(), Feedback: FeedbackValue });
export type AlertFeedbackResult = z.infer<typeof AlertFeedbackResult>;

/** GET /api/alert-radar/markers/search?searchString= */
export const MarkerSearchQuery = z.object({ searchString: z.string().max(200).default('') });
export const Marker = z.object({ Label: z.string(), NerType });
export type Marker = z.infer<typeof Marker>;

/** GET /api/alert-radar/mailbox; PATCH …/mailbox/activate. */
export const AlertMailbox = z.object({
  EmailAddress: z.string(),
  IsActive: z.boolean(),
  /** E-mails the backup parsers do not recognise become alert e-mails too. */
  RouteUnrecognised: z.boolean(),
  /** A Negative alert at or above this confidence raises a ticket (0–1). */
  TicketThreshold: z.number().min(0).max(1),
});
export type AlertMailbox = z.infer<typeof AlertMailbox>;
export const AlertMailboxActivate = z.object({
  IsActive: z.boolean().default(true),
  RouteUnrecognised: z.boolean().optional(),
  TicketThreshold: z.number().min(0).max(1).optional(),
});
export type AlertMailboxActivate = z.input<typeof AlertMailboxActivate>;

/** GET /api/alert-radar/parser-version */
export const ParserVersionBody = z.object({ Version: z.string() });

// ---- Alert Scope (platform admin) ----

/** POST /api/alert-scope/admin/alert-emails */
export const AdminAlertEmailQuery = z.object({
  SearchString: z.string().max(500).optional(),
  OrderAscending: z.boolean().optional(),
  OrderBy: z.enum(['ReceivedAt', 'Assessment']).default('ReceivedAt'),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(25),
});
export type AdminAlertEmailQuery = z.input<typeof AdminAlertEmailQuery>;

export const AdminAlertEmailRow = AlertEmailRow.extend({
  tenantId: z.number().int(),
  emailUid: z.string(),
  TenantName: z.string(),
});
export type AdminAlertEmailRow = z.infer<typeof AdminAlertEmailRow>;
export const AdminAlertEmailPage = paged(AdminAlertEmailRow);

export const AdminAlertEmail = AlertEmail.extend({ TenantName: z.string() });
export type AdminAlertEmail = z.infer<typeof AdminAlertEmail>;

export const AlertEmailKey = z.object({ tenantId: z.coerce.number().int().positive(), emailUid: z.string().uuid() });
export type AlertEmailKey = z.infer<typeof AlertEmailKey>;

/** GET …/{tenantId}/{emailUid}/training-data: what a retrain learns from this e-mail. */
export const AlertTrainingData = z.object({
  tenantId: z.number().int(),
  emailUid: z.string(),
  Subject: z.string(),
  Body: z.string(),
  Assessment: AssessmentValue,
  Classification: z.object({ Label: z.string(), Type: z.string() }).nullable(),
  Annotations: z.array(AlertAnnotation),
  Feedback: FeedbackValue,
  Flags: z.number().int(),
  /** True once an admin edited the annotations or assessment. */
  Edited: z.boolean(),
  EditedAt: z.string().nullable(),
  EditedBy: z.string().nullable(),
});
export type AlertTrainingData = z.infer<typeof AlertTrainingData>;

/** PUT /api/alert-scope/admin/alert-emails: corrected annotations/assessment (training data). */
export const AlertEmailEdit = z.object({
  tenantId: z.number().int().positive(),
  emailUid: z.string().uuid(),
  Assessment: AssessmentValue.optional(),
  Annotations: z
    .array(AlertAnnotation.extend({ Id: z.string().optional() }))
    .max(500)
    .optional(),
  Classification: z
    .object({ Label: z.string().max(200), Type: z.string().max(200) })
    .nullable()
    .optional(),
});
export type AlertEmailEdit = z.input<typeof AlertEmailEdit>;

/** PATCH /api/alert-scope/admin/alert-emails/flag */
export const AlertEmailFlag = z.object({
  tenantId: z.number().int().positive(),
  emailUid: z.string().uuid(),
  Flags: z.number().int().min(0),
});
export type AlertEmailFlag = z.infer<typeof AlertEmailFlag>;

/** NER label (features §3.2): id, label, nerType. */
export const NerLabel = z.object({ id: z.number().int(), label: z.string(), nerType: NerType });
export type NerLabel = z.infer<typeof NerLabel>;
export const NerLabelCreate = z.object({ Label: z.string().trim().min(1).max(100), NerType: NerType.optional() });
export type NerLabelCreate = z.infer<typeof NerLabelCreate>;
export const NerLabelRename = z.object({
  OldLabel: z.string().trim().min(1).max(100),
  NewLabel: z.string().trim().min(1).max(100),
});
export type NerLabelRename = z.infer<typeof NerLabelRename>;

/** Classification (features §3.2): id, label, type. */
export const AlertClassificationItem = z.object({ id: z.number().int(), label: z.string(), type: z.string() });
export type AlertClassificationItem = z.infer<typeof AlertClassificationItem>;
export const AlertClassificationInput = z.object({
  label: z.string().trim().min(1).max(100),
  type: z.string().trim().min(1).max(100),
});
export type AlertClassificationInput = z.infer<typeof AlertClassificationInput>;

/** Alert types: id, label, kind (Backup 0, Alert 1). PUT replaces the list. */
export const AlertTypeItem = z.object({ id: z.number().int(), label: z.string(), kind: AlertKind });
export type AlertTypeItem = z.infer<typeof AlertTypeItem>;
export const AlertTypesInput = z
  .array(z.object({ id: z.number().int().optional(), label: z.string().trim().min(1).max(100), kind: AlertKind }))
  .max(200);
export type AlertTypesInput = z.infer<typeof AlertTypesInput>;

/** POST /api/alert-scope/admin/suggest-category */
export const SuggestCategoryInput = z.object({ Subject: z.string().max(2000), Body: z.string().max(200_000) });
export type SuggestCategoryInput = z.infer<typeof SuggestCategoryInput>;
export const SuggestCategoryResult = z.object({ Classification: AlertClassification.nullable() });
export type SuggestCategoryResult = z.infer<typeof SuggestCategoryResult>;

/** Model versions: GET /api/alert-scope/admin/model, POST …/model/retrain, POST …/model/{id}/promote. */
export const AlertModelVersion = z.object({
  /** 0 for the model shipped with the product. */
  Id: z.number().int(),
  Version: z.string(),
  /** Assessment accuracy on the held-out set (0–1), when evaluated. */
  Accuracy: z.number().nullable(),
  Promoted: z.boolean(),
  CreatedAt: z.string().nullable(),
  TrainingExamples: z.number().int().nullable(),
});
export type AlertModelVersion = z.infer<typeof AlertModelVersion>;
export const AlertModelOverview = z.object({ Active: AlertModelVersion, Versions: z.array(AlertModelVersion) });
export type AlertModelOverview = z.infer<typeof AlertModelOverview>;
export const AlertRetrainResult = z.object({
  Candidate: AlertModelVersion,
  /** The active model's accuracy on the same held-out set. */
  CurrentAccuracy: z.number().nullable(),
});
export type AlertRetrainResult = z.infer<typeof AlertRetrainResult>;

/**
 * The alert-analysis core's shapes (features §3.2). Pure: no database, no network, no modules/.
 * The server (modules/alert-radar, modules/alert-scope) stores what `analyseAlert` returns as one
 * analysis version of an alert e-mail, and trains new models from people's feedback and labels.
 */

/** features §3.2: None 0, Negative 1, Neutral 2, Positive 3. */
export type Assessment = 0 | 1 | 2 | 3;
/** features §3.2: KeyValue 0, NamedEntities 1. */
export type NerType = 0 | 1;
/** features §3.2: Subject 0, Body 1. */
export type AnnotationSource = 0 | 1;

export interface Annotation {
  /** Character offsets into the subject or the body text, end exclusive. */
  start: number;
  end: number;
  /** The text between start and end (for KeyValue: the whole "Key: value" span's value part is `value`). */
  value: string;
  /** The NER label, e.g. Device, Job, Vendor, Volume, ErrorCode, Size, Time, Company — or the key of a KeyValue pair. */
  label: string;
  nerType: NerType;
  source: AnnotationSource;
  /** 0–1. */
  score: number;
}

export interface AlertAnalysis {
  assessment: Assessment;
  /** 0–1. */
  confidence: number;
  annotations: Annotation[];
  /** The alert type (e.g. backup, storage, hardware, security, licence, connectivity) and its label, or null. */
  classification: { type: string; label: string; confidence: number } | null;
  /** The model version that produced it (ParserVersion). */
  parserVersion: string;
}

/** One labelled e-mail for training or evaluation. */
export interface LabelledAlert {
  subject: string;
  body: string;
  assessment?: Assessment;
  classification?: { type: string; label: string };
  annotations?: Omit<Annotation, 'score'>[];
}

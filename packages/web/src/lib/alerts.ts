/**
 * Alert e-mail analysis on screen (features §3.2, §4.2, §9): confidence, assessment colours,
 * annotations in their local form, the overlap rules of editing and the highlight split.
 * Pure: no React, no DOM.
 */
import {
  AlertAssessment,
  AlertFeedback,
  AnnotationSourceValue,
  NerTypeValue,
  type AlertAnnotation,
} from '@vigil/contract';

export const AnnotationSourceKind = AnnotationSourceValue;
export const NerKind = NerTypeValue;
export const AssessmentKind = AlertAssessment;
export const FeedbackKind = AlertFeedback;

/** An annotation in its local form (features §3.2). */
export interface LocalAnnotation {
  id: string;
  start: number;
  end: number;
  text: string;
  tag: string;
  score: number;
  source: number;
  nerType: number;
}

/** An annotation as the API sends it; a new one has no Id yet. */
export type ApiAnnotation = Omit<AlertAnnotation, 'Id'> & { Id?: string };

/** features §4.2: confidence is a whole percent rounded down (0.999 → 99, 0.29 → 29). */
export function confidencePercent(confidence: number | null | undefined): number {
  if (confidence == null || !Number.isFinite(confidence)) return 0;
  // The epsilon keeps 0.29 (28.999… in binary) at 29 without rounding 0.999 up.
  const pct = Math.floor(confidence * 100 + 1e-9);
  return Math.min(100, Math.max(0, pct));
}

export function assessmentName(assessment: number | null | undefined): string {
  switch (assessment) {
    case AssessmentKind.Negative:
      return 'Negative';
    case AssessmentKind.Neutral:
      return 'Neutral';
    case AssessmentKind.Positive:
      return 'Positive';
    default:
      return 'None';
  }
}

/**
 * features §4.2: positive shows the success colour, negative the failure colour, neutral only a
 * border. Answers the palette key to fill with, or null for a border only.
 */
export function assessmentTone(assessment: number | null | undefined): 'success' | 'error' | null {
  if (assessment === AssessmentKind.Positive) return 'success';
  if (assessment === AssessmentKind.Negative) return 'error';
  return null;
}

/** Ids of annotations made on this screen start with this; the server gives them their own. */
export const NEW_PREFIX = 'new-';

export function toLocalAnnotation(a: ApiAnnotation, index = 0): LocalAnnotation {
  return {
    id: a.Id ? a.Id : `${NEW_PREFIX}${a.Source}-${a.Start}-${a.End}-${index}`,
    start: a.Start,
    end: a.End,
    text: a.Value,
    tag: a.Label,
    score: a.Score,
    source: a.Source,
    nerType: a.NerType,
  };
}

export function toApiAnnotation(a: LocalAnnotation): ApiAnnotation {
  return {
    ...(a.id.startsWith(NEW_PREFIX) ? {} : { Id: a.id }),
    Start: a.start,
    End: a.end,
    Value: a.text,
    Label: a.tag,
    NerType: a.nerType,
    Source: a.source,
    Score: a.score,
  };
}

/** Two annotations overlap when they share the same text (subject or body) and at least one character. */
export function overlaps(a: Pick<LocalAnnotation, 'source' | 'start' | 'end'>, b: typeof a): boolean {
  return a.source === b.source && a.start < b.end && b.start < a.end;
}

export type AddAnnotationResult =
  | { ok: true; annotations: LocalAnnotation[] }
  | { ok: false; reason: 'empty' | 'overlap'; annotations: LocalAnnotation[] };

/**
 * features §9: a zero-length selection is ignored and overlaps are not allowed. The list comes
 * back ordered by source, then start.
 */
export function addAnnotation(list: readonly LocalAnnotation[], next: LocalAnnotation): AddAnnotationResult {
  if (next.end <= next.start) return { ok: false, reason: 'empty', annotations: [...list] };
  if (list.some((a) => overlaps(a, next))) return { ok: false, reason: 'overlap', annotations: [...list] };
  return { ok: true, annotations: sortAnnotations([...list, next]) };
}

export function sortAnnotations(list: LocalAnnotation[]): LocalAnnotation[] {
  return list.sort((a, b) => a.source - b.source || a.start - b.start || a.end - b.end);
}

/** A piece of the subject or body: plain text, or the text of one annotation. */
export interface TextSegment {
  text: string;
  start: number;
  annotation?: LocalAnnotation;
}

/**
 * Splits `text` into plain and annotated pieces, in order. Annotations of the other source,
 * outside the text, empty, or overlapping one already placed are left out.
 */
export function splitHighlights(text: string, annotations: readonly LocalAnnotation[], source: number): TextSegment[] {
  const mine = annotations
    .filter((a) => a.source === source && a.start >= 0 && a.end <= text.length && a.end > a.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TextSegment[] = [];
  let at = 0;
  for (const a of mine) {
    if (a.start < at) continue;
    if (a.start > at) out.push({ text: text.slice(at, a.start), start: at });
    out.push({ text: text.slice(a.start, a.end), start: a.start, annotation: a });
    at = a.end;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), start: at });
  return out;
}

/** Blanks at either end of a selection are not part of an annotation. */
export function trimSelection(text: string, start: number, end: number): { start: number; end: number } {
  let s = Math.max(0, start);
  let e = Math.min(text.length, end);
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  return { start: s, end: e };
}

/** The named entities of the shipped model, each with its own hue so they never look alike. */
const KNOWN_HUES: Record<string, number> = {
  device: 210,
  job: 280,
  vendor: 175,
  volume: 30,
  errorcode: 350,
  size: 100,
  time: 55,
  company: 320,
  status: 140,
};

/** A label's hue: fixed for the known entities, otherwise one of 16 spread around the wheel. */
export function labelHue(label: string): number {
  const key = label.toLowerCase();
  if (key in KNOWN_HUES) return KNOWN_HUES[key];
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return ((h % 16) * 45 + 11) % 360;
}

/** The tooltip of a highlighted piece: label and score (features §3.2). */
export function annotationTitle(a: Pick<LocalAnnotation, 'tag' | 'score'>): string {
  return `${a.tag} · ${confidencePercent(a.score)}%`;
}

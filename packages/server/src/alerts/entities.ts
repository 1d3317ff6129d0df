/**
 * The annotations of an alert e-mail: KeyValue pairs ("Status: Failed", "Free space: 3 %") and
 * named entities (Device, Job, Vendor, Volume, ErrorCode, Size, Time, Company). Device and Job come
 * from candidate rules (key lines, the generic reader's job and device finders, "on host X"
 * phrases) filtered by cue precisions learned from labelled e-mails; Time comes from wink-nlp's
 * entity spans; the rest are patterns.
 */
import { fold } from '../parser/generic/lexicon.ts';
import { fromBody, fromSubject } from '../parser/generic/names.ts';
import {
  COMPANY_KEYS,
  DEVICE_KEYS,
  ERROR_RE,
  ISO_TIME_RE,
  JOB_KEYS,
  KEY_LINE,
  PHRASES,
  SIZE_RE,
  VENDOR_RE,
  VOLUME_RE,
  type Learned,
} from './patterns.ts';
import { readText } from './text.ts';
import type { Annotation, AnnotationSource } from './types.ts';

export type { Learned } from './patterns.ts';

/** Body characters the rules read. */
export const BODY_MAX_CHARS = 20000;

/** A Device or Job candidate and the cue that proposed it. */
export interface Candidate {
  label: Learned;
  cue: string;
  source: AnnotationSource;
  start: number;
  end: number;
  value: string;
}

/** Learned cue precision, keyed `<label>|<cue>`, 0–1. */
export type CueTable = Record<string, number>;

/** A cue never seen in training: trusted this much (key lines a little more than phrases). */
const UNSEEN: Record<string, number> = { key: 0.6, generic: 0.55, phrase: 0.55 };
export const CUE_THRESHOLD = 0.55;

interface Segment {
  source: AnnotationSource;
  text: string;
}

function segmentsOf(subject: string, body: string): Segment[] {
  return [
    { source: 0, text: subject },
    { source: 1, text: body.length > BODY_MAX_CHARS ? body.slice(0, BODY_MAX_CHARS) : body },
  ];
}

/** A value's first place at or after `from` in the text, as a span; null when it is not there. */
function locate(text: string, value: string, from = 0): { start: number; end: number } | null {
  if (!value) return null;
  const i = text.indexOf(value, from);
  return i < 0 ? null : { start: i, end: i + value.length };
}

function trimSpan(text: string, start: number, end: number) {
  let s = start;
  let e = end;
  while (s < e && /[\s"'“”‘’«»,.;:!]/.test(text[s])) s++;
  while (e > s && /[\s"'“”‘’«»,.;:!]/.test(text[e - 1])) e--;
  return { start: s, end: e, value: text.slice(s, e) };
}

/** Key lines of one text: key, value and the value's span. */
export function keyLines(text: string) {
  const out: { key: string; start: number; end: number; value: string }[] = [];
  KEY_LINE.lastIndex = 0;
  for (let m = KEY_LINE.exec(text); m; m = KEY_LINE.exec(text)) {
    const key = m[2].trim();
    if (key.split(/\s+/).length > 5 || /https?$/i.test(key)) continue;
    const valueAt = m.index + m[0].lastIndexOf(m[3]);
    const span = trimSpan(text, valueAt, valueAt + m[3].length);
    if (span.value) out.push({ key, ...span });
  }
  return out;
}

/** A key line's value as a name: the first cell, up to a quote or bracket; a device is one word. */
function nameValue(label: Learned, raw: string): string {
  // "Task: "backup for plan "nightly"" at …": the quoted name inside a description.
  const quoted = label === 'Job' ? /^[\w -]{1,40}?[ \t]"([^"\n]{1,100})"/.exec(raw) : null;
  let v = (quoted ? quoted[1] : raw)
    .split(/\t| {3,}/)[0]
    .split(/["([]/)[0]
    .trim();
  if (label === 'Device') v = v.split(/\s+/)[0];
  // "Device: /dev/sda [SAT], …" names a disk, not the machine.
  if (label === 'Device' && v.startsWith('/dev/')) return '';
  // "Job ID: #223" is a run number, not the job's name.
  if (label === 'Job' && /^#?\d+$/.test(v)) return '';
  // Bacula and Bareos job ids: "Nightly.2024-11-27_21.54.28_10" names the job "Nightly".
  v = v.replace(/\.\d{4}-\d{2}-\d{2}_\d{2}\.\d{2}\.\d{2}_\d+$/, '');
  return v.replace(/[,.;:]+$/, '').slice(0, 200);
}

/** Every Device and Job candidate of an e-mail, with the cue that proposed it. */
export function candidates(subject: string, body: string): Candidate[] {
  const out: Candidate[] = [];
  for (const seg of segmentsOf(subject, body)) {
    for (const kv of keyLines(seg.text)) {
      const key = fold(kv.key).toLowerCase();
      const label: Learned | null = DEVICE_KEYS.has(key) ? 'Device' : JOB_KEYS.has(key) ? 'Job' : null;
      const value = label ? nameValue(label, kv.value) : '';
      const at = kv.start + Math.max(0, kv.value.indexOf(value));
      if (label && value)
        out.push({ label, cue: `key:${key}`, source: seg.source, start: at, end: at + value.length, value });
    }
    for (const p of PHRASES) {
      if (p.subjectOnly && seg.source !== 0) continue;
      p.re.lastIndex = 0;
      for (let m = p.re.exec(seg.text); m; m = p.re.exec(seg.text)) {
        const start = m.index + m[0].lastIndexOf(m[1]);
        out.push({ label: p.label, cue: p.cue, source: seg.source, start, end: start + m[1].length, value: m[1] });
      }
    }
  }
  // The generic backup reader's finders ("Job: …" lines, "[Failed] Nightly (2 VMs)" subjects).
  const lines = body.slice(0, BODY_MAX_CHARS).split('\n');
  const found = { subject: fromSubject(subject), body: fromBody(lines.map((l) => l.replace(/\r$/, ''))) };
  for (const where of ['subject', 'body'] as const) {
    for (const label of ['Job', 'Device'] as const) {
      const f = found[where][label === 'Job' ? 'job' : 'device'];
      if (!f) continue;
      const source: AnnotationSource = where === 'subject' ? 0 : 1;
      const text = where === 'subject' ? subject : body;
      const at = locate(text, f.value);
      const value = nameValue(label, f.value);
      const span = at && value ? locate(text, value, at.start) : null;
      if (span) out.push({ label, cue: `generic:${where}`, source, ...span, value });
    }
  }
  return out;
}

export const cueKey = (c: Pick<Candidate, 'label' | 'cue'>) => `${c.label}|${c.cue}`;

function cueScore(c: Candidate, cues: CueTable): number {
  const learned = cues[cueKey(c)];
  if (learned !== undefined) return learned;
  return UNSEEN[c.cue.split(':')[0]] ?? 0.5;
}

function patternSpans(seg: Segment, label: string, re: RegExp, score: number): Annotation[] {
  const out: Annotation[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(seg.text); m; m = re.exec(seg.text)) {
    out.push({ start: m.index, end: m.index + m[0].length, value: m[0], label, nerType: 1, source: seg.source, score });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

const overlaps = (a: Annotation, b: Annotation) => a.source === b.source && a.start < b.end && b.start < a.end;

/** All annotations of an e-mail. */
export function annotate(subject: string, body: string, cues: CueTable): Annotation[] {
  const out: Annotation[] = [];
  const segs = segmentsOf(subject, body);
  for (const seg of segs) {
    for (const kv of keyLines(seg.text))
      out.push({
        start: kv.start,
        end: kv.end,
        value: kv.value,
        label: kv.key,
        nerType: 0,
        source: seg.source,
        score: 0.9,
      });
    for (const kv of keyLines(seg.text)) {
      if (!COMPANY_KEYS.has(kv.key.toLowerCase())) continue;
      out.push({
        start: kv.start,
        end: kv.end,
        value: kv.value,
        label: 'Company',
        nerType: 1,
        source: seg.source,
        score: 0.7,
      });
    }
  }
  const named: Annotation[] = [];
  const seen = new Set<string>();
  for (const c of candidates(subject, body)) {
    const score = cueScore(c, cues);
    const value = c.value.trim();
    const k = `${c.label}|${c.source}|${c.start}`;
    if (score < CUE_THRESHOLD || !value || seen.has(k)) continue;
    seen.add(k);
    named.push({
      start: c.start,
      end: c.start + value.length,
      value,
      label: c.label,
      nerType: 1,
      source: c.source,
      score: Math.round(score * 100) / 100,
    });
  }
  for (const seg of segs) {
    named.push(
      ...patternSpans(seg, 'Vendor', VENDOR_RE, 0.8),
      ...patternSpans(seg, 'Volume', VOLUME_RE, 0.75),
      ...patternSpans(seg, 'ErrorCode', ERROR_RE, 0.75),
      ...patternSpans(seg, 'Size', SIZE_RE, 0.8),
      ...patternSpans(seg, 'Time', ISO_TIME_RE, 0.85),
    );
    for (const e of readText(seg.text).entities) {
      if (e.type !== 'DATE' && e.type !== 'TIME') continue;
      named.push({
        start: e.start,
        end: e.end,
        value: e.value,
        label: 'Time',
        nerType: 1,
        source: seg.source,
        score: 0.6,
      });
    }
  }
  // Device and Job first, then the longer span: a Time inside an ISO time or a Size inside a Job loses.
  const rank = (a: Annotation) => (a.label === 'Device' || a.label === 'Job' ? 0 : 1);
  named.sort((a, b) => rank(a) - rank(b) || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Annotation[] = [];
  for (const a of named) {
    const clash = kept.some((k) => overlaps(k, a) && (k.label === a.label || rank(k) === rank(a) || rank(k) === 0));
    if (!clash) kept.push(a);
  }
  out.push(...kept);
  return out.sort((a, b) => a.source - b.source || a.start - b.start || a.nerType - b.nerType);
}

/**
 * The labelled corpus of real alert e-mails (corpus/README.md): train/ and held-out/, one JSON
 * file per e-mail with its labels and where it came from. Held-out is decided by the name.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Annotation, AnnotationSource, Assessment, LabelledAlert } from './types.ts';

export type Part = 'train' | 'held-out';

export interface CorpusFile {
  subject: string;
  body: string;
  labels: {
    assessment: Assessment;
    classification?: { type: string; label: string };
    /** Device and Job names as they appear (first place in the given source). */
    entities?: { label: string; value: string; source: AnnotationSource }[];
  };
  /** A sample taken over from parser/real-mail keeps that corpus's split (its path there). */
  fromParserCorpus?: string;
  source: { url: string; title: string; retrieved: string };
  constructed: string;
  personalData: string;
  notes?: string;
}

export const CORPUS_DIR = fileURLToPath(new URL('./corpus', import.meta.url));

/** The part a new sample belongs to: held out when sha1("alerts/<name>") starts with 0–4. */
export function partByName(name: string): Part {
  const first = createHash('sha1').update(`alerts/${name}`).digest('hex')[0];
  return '01234'.includes(first) ? 'held-out' : 'train';
}

/** The part a sample must sit in: its parser-corpus split when taken from there, else by name. */
export function expectedPart(name: string, file: CorpusFile): Part {
  if (file.fromParserCorpus) return file.fromParserCorpus.startsWith('held-out/') ? 'held-out' : 'train';
  return partByName(name);
}

export function toLabelled(file: CorpusFile): LabelledAlert {
  const annotations: Omit<Annotation, 'score'>[] = [];
  for (const e of file.labels.entities ?? []) {
    for (const source of [e.source, (1 - e.source) as AnnotationSource]) {
      const text = source === 0 ? file.subject : file.body;
      const start = text.indexOf(e.value);
      if (start < 0) continue;
      annotations.push({ start, end: start + e.value.length, value: e.value, label: e.label, nerType: 1, source });
      break;
    }
  }
  return {
    subject: file.subject,
    body: file.body,
    assessment: file.labels.assessment,
    ...(file.labels.classification ? { classification: file.labels.classification } : {}),
    annotations,
  };
}

export interface CorpusEntry {
  name: string;
  part: Part;
  file: CorpusFile;
  example: LabelledAlert;
}

/** One part of the corpus, sorted by name. */
export function loadCorpus(part: Part, dir = CORPUS_DIR): CorpusEntry[] {
  const folder = path.join(dir, part);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as CorpusFile;
      return { name: f.replace(/\.json$/, ''), part, file, example: toLabelled(file) };
    });
}

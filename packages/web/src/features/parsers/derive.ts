import type { ParsedStatusName, ParserField, ParserRule } from '@vigil/contract';
import type { z } from 'zod';

export type Status = z.infer<typeof ParsedStatusName>;
export type Target = 'Job' | 'Device' | 'Status';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The field rule for a selection in the e-mail text: the text before it on its line becomes the
 * anchor when the selection runs to the end of the line; otherwise a pattern around it; a
 * selection with nothing before it on its line is taken as a fixed value.
 */
export function fieldFromSelection(text: string, start: number, end: number): ParserField {
  const selected = text.slice(start, end).trim();
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const lineEnd = nl === -1 ? text.length : nl;
  const prefix = text.slice(lineStart, start).trim();
  const suffix = text.slice(end, lineEnd).trim();
  if (!prefix) return { Kind: 'fixed', Value: selected };
  if (!suffix) return { Kind: 'anchor', Anchor: prefix };
  if (!/\s/.test(selected)) return { Kind: 'pattern', Pattern: `${escape(prefix)}\\s*(\\S+)` };
  return { Kind: 'pattern', Pattern: `${escape(prefix)}\\s*(.+?)\\s*${escape(suffix.slice(0, 12))}` };
}

/** A first guess at the status a marked word stands for. */
export function guessStatus(word: string): Status {
  const w = word.toLowerCase();
  if (/fail|error|erreur|fehler|abort|red|critical|not ok|unsuccess/.test(w)) return 'Failure';
  if (/warn|partial|amber|yellow|skipped/.test(w)) return 'Warning';
  return 'Success';
}

/** A new rule for an e-mail from this sender: its domain, nothing marked yet. */
export function emptyRule(from: string): ParserRule {
  const domain = from.includes('@') ? from.slice(from.lastIndexOf('@') + 1).toLowerCase() : from.toLowerCase();
  return {
    Senders: domain ? [domain] : [],
    SubjectContains: '',
    Job: { Kind: 'none' },
    Device: { Kind: 'none' },
    StatusFrom: { Kind: 'none' },
    StatusWords: [],
  };
}

/** How a field rule reads, for people. */
export function describeField(f: ParserField): string {
  switch (f.Kind) {
    case 'anchor':
      return `text after “${f.Anchor}” to the end of the line`;
    case 'pattern':
      return `pattern ${f.Pattern}`;
    case 'fixed':
      return `always “${f.Value}”`;
    case 'none':
      return 'not read';
  }
}

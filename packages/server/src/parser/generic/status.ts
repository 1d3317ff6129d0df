import type { ParsedStatus } from '../types.ts';
import { alternation, bounded as b, fold } from './lexicon.ts';

/** A piece of text the reader looks at: the subject or one body line. */
export interface Segment {
  /** Where it is, as the reasons name it: "subject", "body line 14". */
  where: string;
  text: string;
  /** 3 for the subject and "Status:" lines, 2 for the body's first line (its headline), 1 for other lines. */
  weight: number;
}

/** One finding: these words, here, say this status. Weight 0.5 is weak (a bare "errors" noun, "0 errors"). */
export interface Evidence {
  status: ParsedStatus;
  words: string;
  where: string;
  weight: number;
  /** A last retry that succeeded ("Attempt 3/3 succeeded"): the failures before it were retried away. */
  resolves?: boolean;
}

const rx = (s: string) => new RegExp(s, 'gu');

const ERR = alternation((l) => l.errorNouns);
const WARN = alternation((l) => l.warningNouns);
const NONE = alternation((l) => l.none);
const SUCCESS = alternation((l) => l.success);
const OF = '(?:of|von|de|sur|di|van|em|out of)';

type Verdict = { status: ParsedStatus; weak?: boolean; resolves?: boolean };

/** Applied in this order; each match is blanked out so later rules do not read it again. */
const RULES: { re: RegExp; judge: (m: RegExpExecArray) => Verdict | null }[] = [
  // "Attempt 3/3 succeeded", "retry 2 of 3 successful": it worked in the end, after failing first
  {
    re: rx(
      b(
        `(?:attempt|retry|try|versuch|tentative)\\s*#?\\s*\\d+\\s*(?:/|of|von|sur)\\s*\\d+\\s+(?:succeeded|successful|ok|erfolgreich|reussie?)`,
      ),
    ),
    judge: () => ({ status: 'Warning', resolves: true }),
  },
  // A GLib library message ("(process:12227): GLib-GIO-CRITICAL **: 13:00:01.080: g_file_get_path:
  // assertion 'G_IS_FILE (file)' failed"): a program's own assertion, not what became of a backup.
  // Weak: it never outweighs real words, and alone it never files anything green or red.
  {
    re: rx('^\\s*(?:\\*\\*\\s*)?\\([\\w.-]+:\\d+\\):\\s+(?:[\\w-]+-)?(?:critical|warning|error|message)\\s+\\*\\*:.*$'),
    judge: () => ({ status: 'Warning', weak: true }),
  },
  // "could not remove ...@autosnap_..._hourly", "unable to prune old archives": housekeeping failed,
  // the backup itself did not: a warning, read before "failed" and "error" can make it a failure
  { re: rx(b(alternation((l) => l.cleanupFailure))), judge: () => ({ status: 'Warning' }) },
  // "1 of 5 failed", "2 von 10 fehlgeschlagen"
  {
    re: rx(b(`(\\d+)\\s+${OF}\\s+\\d+(?:\\s+[\\p{L}-]+)?\\s+(?:${ERR})`)),
    judge: (m) => (Number(m[1]) > 0 ? { status: 'Failure' } : null),
  },
  // "0 errors", "no errors", "sans erreur", "keine Fehler", "0 warnings": clean, weak success
  { re: rx(b(`(?:0+|${NONE})\\s+(?:${ERR}|${WARN})`)), judge: () => ({ status: 'Success', weak: true }) },
  // "Errors: 0", "Fehler = 0", "Warnings (0)"
  {
    re: rx(b(`(?:${ERR}|${WARN})\\s*(?:[:=]|\\(|\\s)\\s*0+(?![\\p{L}\\p{N}.,])\\)?`)),
    judge: () => ({ status: 'Success', weak: true }),
  },
  // "Succeeded: 0" says nothing
  { re: rx(b(`(?:${SUCCESS})\\s*[:=]\\s*0+(?![\\p{L}\\p{N}.,])`)), judge: () => null },
  // "exited with status 12", "rc 2", "return code 1", "mit RC 11": a non-zero exit code failed
  {
    re: rx(
      b(
        `(?:rc|return code|exit code|exit status|exit(?:ed)? with (?:status|code|return code|exit code))(?:\\s*[:=]\\s*|\\s+)(\\d+)`,
      ),
    ),
    judge: (m) => (Number(m[1]) > 0 ? { status: 'Failure' } : { status: 'Success', weak: true }),
  },
  // A shell script's own error ("/usr/local/sbin/btrfs-snp: line 69: SNAPS: bad array subscript"):
  // the script ran into trouble, whatever it printed after.
  { re: rx('^\\s*[\\w./~-]+: line \\d+: '), judge: () => ({ status: 'Warning' }) },
  // "2 errors", "3 échecs", "Failed: 2", "Errors = 4"
  {
    // not the seconds of a time ("13:20:07 ERROR")
    re: rx(b(`(?<![:.,])(\\d+)\\s+(${ERR}|${WARN})|(${ERR}|${WARN})\\s*[:=]\\s*(\\d+)`)),
    judge: (m) => {
      const n = Number(m[1] ?? m[4]);
      if (!(n > 0)) return null;
      return { status: new RegExp(`^(?:${WARN})$`, 'u').test(m[2] ?? m[3]) ? 'Warning' : 'Failure' };
    },
  },
  // rsnapreport.pl's per-source statistics table: the run reported what it transferred. Its own
  // "ERRORS" section (and "NO STATS DATA" for a source it has no figures for) follows when not.
  {
    re: rx('^\\s*source\\s+total files\\s+files trans\\s+total mb\\s+mb trans\\b'),
    judge: () => ({ status: 'Success' }),
  },
  { re: rx(b('no stats data')), judge: () => ({ status: 'Warning' }) },
  { re: rx(b(alternation((l) => l.negatedSuccess))), judge: () => ({ status: 'Failure' }) },
  { re: rx(b(alternation((l) => l.qualifiedSuccess))), judge: () => ({ status: 'Warning' }) },
  {
    re: rx(b(alternation((l) => l.failure))),
    // A plural noun alone ("Errors", a column heading) is weak.
    judge: (m) => ({ status: 'Failure', weak: /^(?:errors|erreurs|errores|errori|fouten|erros|failures)$/.test(m[0]) }),
  },
  {
    re: rx(b(alternation((l) => l.warning))),
    judge: (m) => ({
      status: 'Warning',
      weak: /^(?:warnings|avertissements|warnungen|advertencias|avvisi|waarschuwingen|avisos)$/.test(m[0]),
    }),
  },
  { re: rx(b(SUCCESS)), judge: () => ({ status: 'Success' }) },
];

/** Every piece of status evidence in one segment, in the order the rules found them. */
export function evidenceIn(seg: Segment): Evidence[] {
  let folded = fold(seg.text);
  const out: Evidence[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    const found: RegExpExecArray[] = [];
    for (let m = rule.re.exec(folded); m; m = rule.re.exec(folded)) found.push(m);
    for (const m of found) {
      const verdict = rule.judge(m);
      const words = seg.text.slice(m.index, m.index + m[0].length);
      folded = folded.slice(0, m.index) + ' '.repeat(m[0].length) + folded.slice(m.index + m[0].length);
      if (verdict)
        out.push({
          status: verdict.status,
          words,
          where: seg.where,
          weight: verdict.weak ? 0.5 : seg.weight,
          ...(verdict.resolves ? { resolves: true } : {}),
        });
    }
  }
  return out;
}

const RANK: Record<ParsedStatus, number> = { Failure: 3, Warning: 2, Success: 1 };

/** Body failures before a last retry that succeeded were retried away: they count as warnings. */
function settleRetries(evidence: Evidence[]): Evidence[] {
  const line = (e: Evidence) => Number(/^body line (\d+)$/.exec(e.where)?.[1] ?? NaN);
  const last = Math.max(-1, ...evidence.filter((e) => e.resolves).map(line));
  if (last < 0) return evidence;
  return evidence.map((e) => (e.status === 'Failure' && line(e) <= last ? { ...e, status: 'Warning' } : e));
}

export interface StatusDecision {
  status: ParsedStatus | null;
  /** How sure the status is, 0..1, before the report and name checks. */
  strength: number;
  /** The evidence that decided, strongest first. */
  deciding: Evidence[];
  /** Evidence for a milder status the decision outranked. */
  outranked: Evidence[];
}

/**
 * Failure beats Warning beats Success whenever each has real evidence (weight 1 or more);
 * weak evidence decides only when nothing real was found. No evidence: no status.
 */
export function decideStatus(found: Evidence[]): StatusDecision {
  const evidence = settleRetries(found);
  const real = evidence.filter((e) => e.weight >= 1);
  const pool = real.length ? real : evidence;
  if (!pool.length) return { status: null, strength: 0, deciding: [], outranked: [] };
  const status = pool.reduce<ParsedStatus>((w, e) => (RANK[e.status] > RANK[w] ? e.status : w), 'Success');
  const deciding = pool
    .filter((e) => e.status === status)
    .sort((x, y) => Number(!!y.resolves) - Number(!!x.resolves) || y.weight - x.weight);
  // "0 errors" beside a real green supports it.
  const support =
    real.length && status === 'Success' ? evidence.filter((e) => e.weight < 1 && e.status === status) : [];
  const outranked = real.filter((e) => RANK[e.status] < RANK[status]);
  const best = Math.max(...deciding.map((e) => e.weight));
  let strength: number;
  if (!real.length) strength = 0.4;
  else if (best >= 3) strength = 0.9;
  else if (status === 'Success')
    // A green from the body alone needs a headline or a second word saying so: a false green
    // is the worst error a monitor can make.
    strength = best >= 2 || deciding.length + support.length >= 2 ? 0.72 : 0.62;
  else strength = status === 'Failure' ? 0.8 : 0.75;
  // Real green with an "errors" noun somewhere: not sure enough to file.
  if (status === 'Success' && evidence.some((e) => e.status !== 'Success')) strength -= 0.25;
  return { status, strength: Math.max(0, Math.min(1, strength)), deciding, outranked };
}

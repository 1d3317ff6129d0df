/**
 * Accuracy of the whole parser path on real e-mails (packages/server/src/parser/real-mail):
 * every sample's raw bytes are MIME-decoded and read by `parseForFiling` (vendor parsers, then
 * the readers behind them), and the reading is scored against the sample's JSON. The tuning
 * part and the held-out part (never looked at while writing or tuning a parser) are reported
 * separately; only aggregate figures are printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreSample, summarize, type SampleScore, type SampleTruth } from '../packages/server/src/parser/accuracy.ts';
import { parseForFiling } from '../packages/server/src/parser/engine.ts';
import { readMail } from '../packages/server/src/parser/mime.ts';
import { vendorParsers } from '../packages/server/src/parser/vendors/index.ts';
import { writeResults } from './_results.ts';

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/src/parser/real-mail');
const vendorIds = new Set(vendorParsers.map((p) => p.id));

interface Row {
  truth: SampleTruth;
  score: SampleScore;
  /** product/name and what was read: listed for the tuning part only. */
  miss: string | null;
}

/** An outcome that asks for a person (the review queue) files nothing. */
function waitsForReview(outcome: object): boolean {
  const o = outcome as { review?: unknown; needsReview?: unknown };
  return !!(o.review || o.needsReview);
}

async function runPart(part: 'tuning' | 'held-out'): Promise<Row[]> {
  const dir = path.join(corpus, part);
  if (!existsSync(dir)) return [];
  const rows: Row[] = [];
  for (const product of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const pdir = path.join(dir, product.name);
    for (const eml of readdirSync(pdir).filter((f) => f.endsWith('.eml'))) {
      const json = path.join(pdir, eml.replace(/\.eml$/, '.json'));
      if (!existsSync(json)) continue;
      const truth = JSON.parse(readFileSync(json, 'utf8')) as SampleTruth;
      let vendor: string | null = null;
      let statuses: SampleTruth['expected']['status'][] = [];
      try {
        const outcome = parseForFiling(await readMail(readFileSync(path.join(pdir, eml))));
        vendor = outcome.vendor ?? outcome.results[0]?.vendor ?? null;
        if (!waitsForReview(outcome)) statuses = outcome.results.map((r) => r.status);
      } catch {
        // An e-mail the path throws on is left unread.
      }
      const score = scoreSample(truth, { vendor, statuses }, vendorIds);
      const wrong = truth.expected.isBackupReport ? !score.statusRight || !score.vendorRight : score.wronglyFiled;
      const miss = wrong
        ? `${product.name}/${eml}: expected ${truth.expected.isBackupReport ? truth.expected.status : 'not filed'}` +
          ` (${truth.parser ?? 'no parser'}), read ${statuses.join('+') || 'nothing'} (${vendor ?? 'no vendor'})`
        : null;
      rows.push({ truth, score, miss });
    }
  }
  return rows;
}

function report(part: string, rows: Row[]) {
  const overall = summarize(rows);
  const products = [...new Set(rows.map((r) => r.truth.product))].sort();
  const byProduct = Object.fromEntries(
    products.map((p) => {
      const mine = rows.filter((r) => r.truth.product === p);
      return [p, { parser: mine[0].truth.parser, ...summarize(mine) }];
    }),
  );
  console.log(`\n== ${part}: ${overall.samples} e-mails, ${products.length} products`);
  const line = (name: string, f: ReturnType<typeof summarize>) =>
    console.log(
      `${name.padEnd(34)} n=${String(f.samples).padStart(3)}  status ${f.statusRight}/${f.reports}` +
        `  vendor ${f.vendorRight}/${f.withParser}  false-green ${f.falseGreens}  unrecognised ${f.unrecognised}` +
        (f.notReports ? `  not-reports wrongly filed ${f.wronglyFiled}/${f.notReports}` : ''),
    );
  for (const p of products) line(p, byProduct[p]);
  line('OVERALL', overall);
  console.log(
    `status accuracy ${overall.statusAccuracy ?? '-'} %, with a parser ${overall.withParserStatusAccuracy ?? '-'} %,` +
      ` vendor accuracy ${overall.vendorAccuracy ?? '-'} %, false greens ${overall.falseGreens}`,
  );
  return { overall, products: byProduct };
}

/** Which tuning samples were read wrong (never shown for the held-out part). */
function listMisses(rows: Row[]) {
  const misses = rows.map((r) => r.miss).filter((m): m is string => m !== null);
  if (misses.length) console.log(`tuning samples read wrong:\n  ${misses.join('\n  ')}`);
  return misses;
}

const tuningRows = await runPart('tuning');
const tuning = { ...report('tuning', tuningRows), misses: listMisses(tuningRows) };
const heldOut = report('held-out', await runPart('held-out'));
writeResults('accuracy', { tuning, heldOut });

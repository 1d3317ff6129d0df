import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SmtpConnection, smtpData } from '../packages/server/test/smtp-client.ts';

/** One corpus e-mail: its bytes and the number of results it must produce. */
export interface CorpusMail {
  raw: string;
  results: number;
}

/** The parser fixtures, each with the number of results its expected `.json` lists. */
export function loadCorpus(fixtures: string): CorpusMail[] {
  return readdirSync(fixtures).flatMap((vendor) =>
    readdirSync(path.join(fixtures, vendor))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => {
        const raw = readFileSync(path.join(fixtures, vendor, f), 'latin1');
        const expected = JSON.parse(readFileSync(path.join(fixtures, vendor, f.replace(/\.eml$/, '.json')), 'utf8'));
        return { raw, results: Array.isArray(expected) ? expected.length : 0 };
      }),
  );
}

export interface DriveOptions {
  port: number;
  connections: number;
  seconds: number;
  /** E-mails a second over all connections; null: each connection sends the next as soon as it may. */
  rate: number | null;
  corpus: CorpusMail[];
  /** Makes every Message-ID unique to this run. */
  runId: string;
  recipient: string;
}

export interface DriveResult {
  accepted: number;
  refused: number;
  expectedResults: number;
  /** DATA end → final reply of every accepted e-mail, ms, sorted. */
  latencies: number[];
  sendSeconds: number;
}

const CORPUS_IDS = new WeakMap<CorpusMail[], Buffer[][]>();

/** Each corpus e-mail as SMTP DATA, split around its Message-ID so a unique one is cheap to put in. */
function prepared(corpus: CorpusMail[]): Buffer[][] {
  let p = CORPUS_IDS.get(corpus);
  if (!p) {
    p = corpus.map((f) => {
      const marked = /^Message-ID:/im.test(f.raw)
        ? f.raw.replace(/^Message-ID:.*$/im, 'Message-ID: <\u0000>')
        : `Message-ID: <\u0000>\n${f.raw}`;
      const data = smtpData(marked);
      const at = data.indexOf(0);
      return [data.subarray(0, at), data.subarray(at + 1)];
    });
    CORPUS_IDS.set(corpus, p);
  }
  return p;
}

/**
 * The plain client of the table: no pipelining, TCP_NODELAY, one message at a time per
 * connection, each connection its own sender. Paced (`rate`) it sends `rate × seconds` e-mails
 * on a schedule; unpaced every connection sends back to back until `seconds` have passed.
 */
export async function drive(o: DriveOptions): Promise<DriveResult> {
  const parts = prepared(o.corpus);
  const conns = await Promise.all(Array.from({ length: o.connections }, () => SmtpConnection.open(o.port)));
  const total = o.rate === null ? Infinity : Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let expectedResults = 0;
  let next = 0;
  const start = performance.now();
  const until = start + o.seconds * 1000;
  await Promise.all(
    conns.map(async (c, ci) => {
      while (next < total && (o.rate !== null || performance.now() < until)) {
        const i = next++;
        if (o.rate !== null) {
          const wait = start + (i / o.rate) * 1000 - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const [head, tail] = parts[i % parts.length];
        const data = Buffer.concat([head, Buffer.from(`bench-${o.runId}-${i}@vigil.bench`), tail]);
        const r = await c.send(`reports-${ci}@bench.test`, [o.recipient], data);
        if (r.reply.startsWith('250')) {
          accepted++;
          expectedResults += o.corpus[i % o.corpus.length].results;
          latencies.push(r.ms);
        } else {
          refused++;
          if (refused <= 5) console.warn(`refused: ${r.reply}`);
        }
      }
    }),
  );
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(conns.map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  return { accepted, refused, expectedResults, latencies, sendSeconds };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** p50/p95/p99/max of sorted latencies, to 0.1 ms. */
export function latencyFigures(sorted: number[]) {
  return {
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted[sorted.length - 1] ?? 0),
  };
}

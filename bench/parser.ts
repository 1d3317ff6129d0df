/**
 * Parser engine throughput over the fixture set, on one core (this process, no workers).
 * Target: ≥ 2,000 e-mails/s. Two figures: the engine on decoded messages (vendor detection and
 * extraction), and the whole path from raw RFC 822 bytes (MIME decoding included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMail } from '../packages/server/src/parser/engine.ts';
import { readMail } from '../packages/server/src/parser/mime.ts';
import { writeResults } from './_results.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/src/parser/fixtures');
const raws = readdirSync(root).flatMap((v) =>
  readdirSync(path.join(root, v))
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(root, v, f))),
);
const seconds = Number(process.argv[2] ?? 5);

async function measure(label: string, once: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < raws.length * 3; i++) await once(i); // warm-up
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    await once(n);
    n++;
  }
  const rate = n / ((performance.now() - start) / 1000);
  console.log(`${label}: ${Math.round(rate)} e-mails/s (${n} in ${seconds}s)`);
  return Math.round(rate);
}

const decoded = await Promise.all(raws.map((r) => readMail(r)));
let results = 0;
const engineOnly = await measure('engine on decoded messages', (i) => {
  results += parseMail(decoded[i % decoded.length]).results.length;
});
const fullPath = await measure('raw bytes → results (MIME decoding included)', async (i) => {
  results += parseMail(await readMail(raws[i % raws.length])).results.length;
});

writeResults('parser', {
  fixtures: raws.length,
  vendors: readdirSync(root).length,
  seconds,
  engineEmailsPerSecond: engineOnly,
  fullPathEmailsPerSecond: fullPath,
  resultsExtracted: results,
  target: 2000,
  meetsTarget: engineOnly >= 2000,
});

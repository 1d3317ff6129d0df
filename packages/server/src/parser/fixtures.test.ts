import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMail } from './engine.ts';
import { readMail } from './mime.ts';

/**
 * Every fixture e-mail under fixtures/<vendor>/<case>.eml must be recognised by exactly that
 * vendor's parser (through the whole registry, so detectors cannot steal each other's mail)
 * and give the results in <case>.json, dates as ISO strings.
 */
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const vendors = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('vendor fixtures', () => {
  it('covers at least 25 vendors plus the generic CSV format', () => {
    expect(vendors.length).toBeGreaterThanOrEqual(26);
  });

  for (const vendor of vendors) {
    const dir = path.join(root, vendor);
    const cases = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    describe(vendor, () => {
      it('has success, warning and failure fixtures', () => {
        const statuses = new Set(
          cases.flatMap((c) => {
            const expected = path.join(dir, c.replace(/\.eml$/, '.json'));
            return existsSync(expected)
              ? (JSON.parse(readFileSync(expected, 'utf8')) as { status: string }[]).map((r) => r.status)
              : [];
          }),
        );
        expect([...statuses].sort()).toEqual(expect.arrayContaining(['Failure', 'Success', 'Warning']));
      });
      for (const c of cases) {
        it(c, async () => {
          const msg = await readMail(readFileSync(path.join(dir, c)));
          const outcome = parseMail(msg);
          expect(outcome.reason).toBeNull();
          expect(outcome.vendor).toBe(vendor);
          const expected = JSON.parse(readFileSync(path.join(dir, c.replace(/\.eml$/, '.json')), 'utf8'));
          expect(JSON.parse(JSON.stringify(outcome.results))).toEqual(expected);
        });
      }
    });
  }
});

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMail } from '../mime.ts';

/**
 * Shape checks on the real-mail corpus, never parser results: every sample is a readable
 * message with a complete label, and sits in the split its name decides (held-out when the
 * first hex digit of sha1("<product-slug>/<name>") is 0-4), so nobody can move a sample
 * between the two after seeing how a parser fares on it.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const vendorsDir = path.join(root, '..', 'vendors');
const splits = ['tuning', 'held-out'] as const;
const statuses = ['Success', 'Warning', 'Failure'];

type Sample = { split: (typeof splits)[number]; slug: string; name: string; dir: string };

function samples(): Sample[] {
  return splits.flatMap((split) => {
    const base = path.join(root, split);
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(path.join(base, d.name))
          .filter((f) => f.endsWith('.eml'))
          .map((f) => ({ split, slug: d.name, name: f.slice(0, -4), dir: path.join(base, d.name) })),
      );
  });
}

function splitFor(slug: string, name: string): Sample['split'] {
  const first = createHash('sha1').update(`${slug}/${name}`).digest('hex')[0] ?? 'f';
  return parseInt(first, 16) <= 4 ? 'held-out' : 'tuning';
}

const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const textOrNull = (v: unknown) => v === null || isText(v);

const all = samples();

describe('real-mail corpus', () => {
  it('has samples', () => {
    expect(all.length).toBeGreaterThan(0);
  });

  it('has no label without its message', () => {
    const orphans = splits.flatMap((split) => {
      const base = path.join(root, split);
      if (!existsSync(base)) return [];
      return readdirSync(base, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          readdirSync(path.join(base, d.name))
            .filter((f) => f.endsWith('.json') && !existsSync(path.join(base, d.name, f.replace(/\.json$/, '.eml'))))
            .map((f) => `${split}/${d.name}/${f}`),
        );
    });
    expect(orphans).toEqual([]);
  });

  for (const s of all) {
    describe(`${s.split}/${s.slug}/${s.name}`, () => {
      it('sits in the split its name decides', () => {
        expect(s.split).toBe(splitFor(s.slug, s.name));
      });

      it('has a complete label', () => {
        const file = path.join(s.dir, `${s.name}.json`);
        expect(existsSync(file)).toBe(true);
        const label = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
        expect(isText(label.product)).toBe(true);
        expect(textOrNull(label.parser)).toBe(true);
        if (label.parser !== null) expect(existsSync(path.join(vendorsDir, `${label.parser}.ts`))).toBe(true);
        expect(label.language).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
        const e = label.expected as Record<string, unknown>;
        expect(typeof e.isBackupReport).toBe('boolean');
        if (e.isBackupReport) expect(statuses).toContain(e.status);
        expect(textOrNull(e.job)).toBe(true);
        expect(textOrNull(e.device)).toBe(true);
        expect(isText(label.source?.url)).toBe(true);
        expect(isText(label.source?.title)).toBe(true);
        expect(label.source?.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(typeof label.constructed).toBe('string');
        expect(isText(label.notes)).toBe(true);
      });

      it('decodes as a message with a subject and a body', async () => {
        const msg = await readMail(readFileSync(path.join(s.dir, `${s.name}.eml`)));
        expect(msg.subject.trim()).not.toBe('');
        expect(msg.from).toContain('@');
        expect(msg.date).not.toBeNull();
        expect((msg.text + (msg.html ?? '')).trim()).not.toBe('');
      });
    });
  }
});

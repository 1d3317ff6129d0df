import { describe, expect, it } from 'vitest';
import { findUnstorable, MAX_INPUT_DEPTH, storableText } from './input.ts';
import { nested } from '../../test/fuzz-inputs.ts';

describe('storableText', () => {
  it.each([
    ['plain', 'Backup report', Infinity, 'Backup report'],
    ['NUL dropped', 'Backup \u0000report', Infinity, 'Backup report'],
    ['only NULs', '\u0000\u0000', Infinity, ''],
    ['lone high surrogate', 'a\uD800b', Infinity, 'a\uFFFDb'],
    ['lone low surrogate', 'a\uDC00b', Infinity, 'a\uFFFDb'],
    ['a whole pair kept', 'ok \uD83D\uDE00', Infinity, 'ok \uD83D\uDE00'],
    ['capped', 'abcdef', 3, 'abc'],
    ['a cut through a pair mended', 'ab\uD83D\uDE00', 3, 'ab\uFFFD'],
  ])('%s', (_name, input, max, out) => {
    expect(storableText(input, max)).toBe(out);
  });
});

describe('findUnstorable', () => {
  it.each([
    ['clean', { a: 'x', b: [1, 'y', { c: null }] }, null],
    ['NUL at the top', { UserName: 'a\u0000b' }, 'UserName'],
    ['NUL deep in a list', { a: { b: ['ok', 'x\u0000'] } }, 'a.b.1'],
    ['half a surrogate pair', { s: '\uDBFF' }, 's'],
    ['NUL in a key', { 'k\u0000': 1 }, 'body'],
    ['a bare string', 'a\u0000', 'body'],
    ['nesting at the limit', nested(MAX_INPUT_DEPTH - 1), null],
    ['nesting past the limit', nested(MAX_INPUT_DEPTH + 1), 'a'.repeat(MAX_INPUT_DEPTH).split('').join('.')],
    ['5,000 levels', nested(5000), 'a'.repeat(MAX_INPUT_DEPTH).split('').join('.')],
  ])('%s', (_name, input, field) => {
    expect(findUnstorable(input, 'body')?.field ?? null).toBe(field);
  });
});

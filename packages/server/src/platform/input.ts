import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Strings PostgreSQL cannot hold: text refuses the NUL character, and json/jsonb refuse it and
 * half a surrogate pair (which JSON carries as a lone \uD800-style escape).
 */
const UNSTORABLE_SOURCE = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'g');

/** No request the product takes nests deeper than this; deeper input is refused, not walked. */
export const MAX_INPUT_DEPTH = 64;

/** A string made storable in a text column: NULs dropped, half surrogate pairs replaced, capped. */
export function storableText(value: string, max = Infinity): string {
  // Capped first, so a cut through a surrogate pair is mended with the rest.
  const capped = value.length > max ? value.slice(0, max) : value;
  return UNSTORABLE.test(capped) ? capped.replace(UNSTORABLE_ALL, (c) => (c === '\u0000' ? '' : '\uFFFD')) : capped;
}

export type InputProblem = { field: string; message: string };

/**
 * The first value in `input` PostgreSQL could not store, or nesting past MAX_INPUT_DEPTH.
 * Walks without recursion, so hostile depth cannot exhaust the stack.
 */
export function findUnstorable(input: unknown, where: string): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    const field = path || where;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { field, message: 'Contains a character that cannot be stored (NUL).' };
      continue;
    }
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field, message: `Nested deeper than ${MAX_INPUT_DEPTH} levels.` };
    for (const [key, child] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return { field, message: 'Contains a key that cannot be stored (NUL).' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Every request's body, query string and path parameters are checked before validation and
 * before any SQL: a string PostgreSQL cannot store is a 400 naming the field, never a 500.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const problem = findUnstorable(value, where);
      if (problem) throw badRequest(`${problem.field}: ${problem.message}`, problem.field);
    }
  });
}

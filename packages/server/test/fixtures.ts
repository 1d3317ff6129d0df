import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/parser/fixtures');

/** The path of a parser fixture e-mail: fixtures/<vendor>/<name>. */
export function fixture(vendor: string, name: string): string {
  return path.join(fixturesRoot, vendor, name);
}

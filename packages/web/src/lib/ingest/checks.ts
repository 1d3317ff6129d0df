// Client-side checks that mirror the server's rules: test-parsing uploads and alias names.
import { MAX_FILE_SIZE } from '@vigil/contract';
import { formatBytes } from './format';

export const EML_TYPES = ['.eml', '.txt'] as const;

/**
 * Checks a file chosen for test parsing (features §5.4 upload messages). Returns the problem,
 * or null when the file may be sent.
 */
export function emlFileProblem(
  file: { name: string; size: number; type?: string },
  maxBytes: number = MAX_FILE_SIZE,
): string | null {
  const name = file.name.toLowerCase();
  const typeOk = EML_TYPES.some((ext) => name.endsWith(ext)) || file.type === 'message/rfc822';
  if (!typeOk) return `File "${file.name}" has invalid type. Allowed types: ${EML_TYPES.join(', ')}`;
  if (file.size > maxBytes)
    return `File "${file.name}" size is ${formatBytes(file.size)}. Max size is ${formatBytes(maxBytes)}`;
  if (file.size === 0) return `File "${file.name}" is empty.`;
  return null;
}

const ALIAS_LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/**
 * Checks an alias as typed (a local part, or a whole address on the inbound domain), with the
 * server's rules. Returns the local part, or the message to show.
 */
export function parseAlias(input: string, domain: string): { local: string } | { error: string } {
  const value = input.trim().toLowerCase();
  if (!value) return { error: 'Enter an alias, for example "backups".' };
  let local = value;
  const at = value.lastIndexOf('@');
  if (at >= 0) {
    if (value.slice(at + 1) !== domain.toLowerCase()) return { error: `An alias must be an address on ${domain}.` };
    local = value.slice(0, at);
  }
  if (local.includes('+'))
    return { error: 'Leave out the "+" part: plus-addressing works on every address automatically.' };
  if (!ALIAS_LOCAL_PART.test(local))
    return { error: 'Use letters, digits, dots, dashes or underscores (up to 64) for an alias.' };
  return { local };
}

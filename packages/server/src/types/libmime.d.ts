declare module 'libmime' {
  /** Decodes RFC 2047 encoded-words in a header value. */
  export function decodeWords(value: string): string;
}

declare module 'libmime' {
  const libmime: {
    /** Decodes RFC 2047 encoded-words in a header value. */
    decodeWords(value: string): string;
  };
  export default libmime;
}

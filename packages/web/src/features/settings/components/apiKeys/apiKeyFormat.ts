// Formats of the API keys screen: key prefixes in monospace, counts with separators.

export const mono = { fontFamily: 'monospace', fontSize: 13 };
export const count = (n: number) => n.toLocaleString('en-US');

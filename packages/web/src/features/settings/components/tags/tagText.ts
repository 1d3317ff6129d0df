// The longest tag value and the counts the Tags screen writes out ("3 backups").

export const MAX_LENGTH = 64;

export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

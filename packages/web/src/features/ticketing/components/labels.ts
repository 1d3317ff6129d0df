import { PROFILE_TYPE_TEXT, type NotificationKindValue } from '@vigil/contract';

export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** PSA, Email or Webhook, with the colour its chip uses. */
export function kindChip(kind: NotificationKindValue): { label: string; color: 'primary' | 'secondary' | 'info' } {
  const label = PROFILE_TYPE_TEXT[kind] ?? String(kind);
  return { label, color: kind === 1 ? 'primary' : kind === 2 ? 'secondary' : 'info' };
}

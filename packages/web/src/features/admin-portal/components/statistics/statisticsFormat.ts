// Number and time formats shared by the Admin Portal statistics tabs.
import type { StatTone } from '../StatTile';
import { formatUtc } from '../../../../lib/utcFormat';

export const num = (v: number) => v.toLocaleString('en-US');
export const when = (v: string | null) => (v ? formatUtc(v) : '—');

export const fixed = (tone: StatTone) => (): StatTone => tone;

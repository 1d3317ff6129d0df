import type { Wall } from './time.ts';
import type { Mail } from './mime.ts';
import { hash } from './random.ts';
import type { DemoCompany, DemoRun, DemoStatus } from './types.ts';

/** What a vendor's e-mail builder gets: one run, ready to print. */
export interface Ctx {
  run: DemoRun;
  device: string;
  job: string;
  status: DemoStatus;
  /** The run's failure text, or the vendor's usual one; '' on success. */
  problem: string;
  /** Local wall clock of start and end in the rendering zone, and in UTC. */
  s: Wall;
  e: Wall;
  su: Wall;
  eu: Wall;
  seconds: number;
  bytes: number;
  org: DemoCompany;
  tz: string;
  /** Deterministic per-message randomness (serials, counters, cosmetic figures). */
  rnd: () => number;
}

/** One product's e-mail: the names its parser reports, the message, and its usual problems. */
export interface VendorSpec {
  identity(device: string, job: string): { device: string; job: string };
  render(c: Ctx): Mail;
  warnings: readonly string[];
  failures: readonly string[];
}

export const same = (device: string, job: string) => ({ device, job });
export const noSpaces = (s: string) => s.replace(/\s+/g, '-');
export const word3 = (s: DemoStatus, ok: string, warn: string, fail: string) =>
  s === 'Success' ? ok : s === 'Warning' ? warn : fail;
export const upperTag = (c: Ctx) => c.org.tag.toUpperCase();
export const hex = (rnd: () => number, n: number) =>
  Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(rnd() * 16)]).join('');
export const ipOf = (c: Ctx, name: string) =>
  `10.${10 + (hash(c.org.tag) % 40)}.${10 + (hash(name) % 20)}.${10 + (hash(name) % 200)}`;

/** Device names of workstations and laptops (smaller, shorter backups; PC task types). */
export const WORKSTATION = /PC|WS\d|WKS|LAPTOP|DESK|STATION/i;

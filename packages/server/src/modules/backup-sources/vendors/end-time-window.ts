import type { SessionPage, VendorSession } from './types.ts';

/** How far back a source's first read goes, and the furthest back any read starts. */
export const FIRST_READ_MS = 7 * 24 * 3600 * 1000;

/** Where a read starts: the stored cursor's time, but never more than `backMs` before now. */
export function cursorFloor(cursor: string | null, now: Date, backMs = FIRST_READ_MS): Date {
  const floor = now.getTime() - backMs;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

/**
 * A read of sessions by their end time, for connectors whose cursor is the end time of the newest
 * finished session read (ISO 8601).
 *
 * - `admit` keeps a session that ended after the cursor, and notes the newest end time.
 * - `page` hands a page over oldest first under the cursor the read started from: until the read
 *   completes an interrupted read is read again, and a session seen again is never filed twice.
 * - `last` ends the read: the cursor moves to the newest end time seen.
 */
export class EndTimeWindow {
  /** The read's start: sessions that ended at or before it were filed by an earlier read. */
  readonly from: Date;
  /** The cursor every page carries until the read completes. */
  readonly keep: string;
  private newest: number;

  constructor(cursor: string | null, now: Date, backMs = FIRST_READ_MS) {
    this.from = cursorFloor(cursor, now, backMs);
    this.keep = this.from.toISOString();
    this.newest = this.from.getTime();
  }

  admit(session: VendorSession | null | undefined): session is VendorSession & { endTime: Date } {
    const end = session?.endTime?.getTime();
    if (end === undefined || !(end > this.from.getTime())) return false;
    this.newest = Math.max(this.newest, end);
    return true;
  }

  page(sessions: VendorSession[]): SessionPage {
    sessions.sort((a, b) => a.endTime!.getTime() - b.endTime!.getTime());
    return { sessions, cursor: this.keep };
  }

  last(): SessionPage {
    return { sessions: [], cursor: new Date(this.newest).toISOString() };
  }
}

import { describe, expect, it } from 'vitest';
import { EndTimeWindow, cursorFloor } from './end-time-window.ts';
import type { VendorSession } from './types.ts';

const now = new Date('2026-11-28T12:00:00Z');
const at = (iso: string | null) => ({ endTime: iso ? new Date(iso) : null }) as VendorSession;

describe('cursorFloor', () => {
  it('starts a first read, or one from an unreadable cursor, seven days back', () => {
    expect(cursorFloor(null, now).toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(cursorFloor('not a time', now).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });

  it('resumes at the cursor, but never further back than the limit', () => {
    expect(cursorFloor('2026-11-27T08:00:00Z', now).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(cursorFloor('2026-10-01T00:00:00Z', now).toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(cursorFloor('2026-10-01T00:00:00Z', now, 3600_000).toISOString()).toBe('2026-11-28T11:00:00.000Z');
  });
});

describe('EndTimeWindow', () => {
  it('keeps what ended after the cursor, pages it oldest first under the old cursor, then moves on', () => {
    const w = new EndTimeWindow('2026-11-27T00:00:00Z', now);
    const read = [
      at('2026-11-27T09:00:00Z'),
      at('2026-11-26T23:00:00Z'),
      null,
      at(null),
      at('2026-11-27T00:00:00Z'),
      at('2026-11-27T05:00:00Z'),
    ];
    const kept = read.filter((x) => w.admit(x));
    const page = w.page(kept);
    expect(page.cursor).toBe('2026-11-27T00:00:00.000Z');
    expect(page.sessions.map((x) => x.endTime!.toISOString())).toEqual([
      '2026-11-27T05:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
    ]);
    expect(w.last()).toEqual({ sessions: [], cursor: '2026-11-27T09:00:00.000Z' });
  });

  it('leaves the cursor where it was when nothing new ended', () => {
    const w = new EndTimeWindow('2026-11-27T00:00:00Z', now);
    expect(w.admit(at('2026-11-26T10:00:00Z'))).toBe(false);
    expect(w.last().cursor).toBe('2026-11-27T00:00:00.000Z');
  });
});

// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './storage';
import { LeaderTiming, OWNER_KEY, TabLeader, type ChannelLike } from './tabLeader';

/** Tabs of one browser: a shared storage and a channel that delivers (asynchronously) to the others. */
function browser() {
  const storage = memoryStorage();
  const channels = new Set<ChannelLike>();
  const channel = (): ChannelLike => {
    const c: ChannelLike = {
      onmessage: null,
      postMessage(data) {
        for (const other of channels) {
          if (other !== c) setTimeout(() => other.onmessage?.({ data } as MessageEvent), 0);
        }
      },
      close: () => void channels.delete(c),
    };
    channels.add(c);
    return c;
  };
  const tabs: { leader: TabLeader<string>; log: string[]; data: string[] }[] = [];
  const open = (id: string, state = `state of ${id}`) => {
    const log: string[] = [];
    const data: string[] = [];
    const leader = new TabLeader<string>(
      { storage, channel: channel(), id },
      {
        onLead: () => log.push('lead'),
        onFollow: () => log.push('follow'),
        onData: (d) => data.push(d),
        announceData: () => state,
      },
    );
    leader.start();
    const tab = { leader, log, data };
    tabs.push(tab);
    return tab;
  };
  const leaders = () => tabs.filter((t) => t.leader.isLeader).map((t) => t.leader.id);
  return { storage, open, leaders };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one tab keeps the live connection', () => {
  it('the first tab leads at once; tabs opened later follow and hear its state', async () => {
    const b = browser();
    const a = b.open('a');
    expect(a.log).toEqual(['lead']);
    const c = b.open('c');
    await vi.advanceTimersByTimeAsync(10);
    expect(c.log).toEqual([]);
    // The newcomer said hello; the owner answered with its state.
    expect(c.data).toContain('state of a');
    expect(b.leaders()).toEqual(['a']);
  });

  it('the owner re-announces every 4 s, so nobody takes over while it lives', async () => {
    const b = browser();
    b.open('a');
    const c = b.open('c');
    const d = b.open('d');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(b.leaders()).toEqual(['a']);
    expect(c.log).toEqual([]);
    expect(d.log).toEqual([]);
    // 15 heartbeats in a minute, each carrying the state.
    expect(c.data.filter((x) => x === 'state of a').length).toBeGreaterThanOrEqual(15);
    expect(JSON.parse(b.storage.getItem(OWNER_KEY)!)).toMatchObject({ id: 'a' });
  });

  it('a follower takes over after 5 s of silence, at its next 6-second retry', async () => {
    const b = browser();
    const a = b.open('a');
    const c = b.open('c');
    await vi.advanceTimersByTimeAsync(1000);
    a.leader.halt(); // the owner's tab froze or crashed: no goodbye
    const crashedAt = Date.now();
    while (!c.leader.isLeader) await vi.advanceTimersByTimeAsync(100);
    const took = Date.now() - crashedAt;
    expect(took).toBeGreaterThanOrEqual(LeaderTiming.freshnessMs - LeaderTiming.heartbeatMs);
    expect(took).toBeLessThanOrEqual(LeaderTiming.freshnessMs + LeaderTiming.retryMs);
    expect(c.log).toEqual(['lead']);
    expect(c.leader.isLeader).toBe(true);
  });

  it('a tab that closes hands over at once', async () => {
    const b = browser();
    const a = b.open('a');
    const c = b.open('c');
    await vi.advanceTimersByTimeAsync(1000);
    a.leader.stop();
    await vi.advanceTimersByTimeAsync(10);
    expect(c.leader.isLeader).toBe(true);
    expect(JSON.parse(b.storage.getItem(OWNER_KEY)!)).toMatchObject({ id: 'c' });
  });

  it('when several followers race for a vacant place, exactly one keeps it', async () => {
    const b = browser();
    const a = b.open('a');
    const tabs = ['m', 'k', 'z', 'b'].map((id) => b.open(id));
    await vi.advanceTimersByTimeAsync(1000);
    a.leader.stop();
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(LeaderTiming.heartbeatMs * 3);
    expect(b.leaders()).toHaveLength(1);
    const winner = tabs.find((t) => t.leader.isLeader)!;
    // The others followed again and no one flips afterwards.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tabs.filter((t) => t.leader.isLeader)).toEqual([winner]);
  });

  it('relays what the owner receives to the other tabs only', async () => {
    const b = browser();
    const a = b.open('a');
    const c = b.open('c');
    const d = b.open('d');
    await vi.advanceTimersByTimeAsync(10);
    a.leader.relay('MessageUpdated 7');
    c.leader.relay('ignored: a follower relays nothing');
    await vi.advanceTimersByTimeAsync(10);
    expect(c.data).toContain('MessageUpdated 7');
    expect(d.data).toContain('MessageUpdated 7');
    expect(a.data).toEqual([]);
    expect(d.data).not.toContain('ignored: a follower relays nothing');
  });

  it('a stale owner record (a tab closed long ago) does not stop a new tab from leading', () => {
    const b = browser();
    b.storage.setItem(OWNER_KEY, JSON.stringify({ id: 'gone', at: Date.now() - 60_000 }));
    expect(b.open('n').log).toEqual(['lead']);
  });
});

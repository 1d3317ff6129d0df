// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createBroadcast } from './broadcast';
import { memoryStorage } from './storage';

/** An in-process BroadcastChannel: delivers to every other channel of the same name. */
function channelFactory() {
  const all = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((e: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      all.add(this);
    }
    postMessage(data: unknown) {
      for (const c of all) if (c !== this && c.name === this.name) c.onmessage?.({ data } as MessageEvent);
    }
    close() {
      all.delete(this);
    }
  }
  return FakeChannel;
}

describe('cross-tab broadcast', () => {
  it('delivers events to the other tabs only', () => {
    const BroadcastChannel = channelFactory();
    const tabA = createBroadcast('t', { BroadcastChannel });
    const tabB = createBroadcast('t', { BroadcastChannel });
    const onA = vi.fn();
    const onB = vi.fn();
    tabA.subscribe('theme', onA);
    const off = tabB.subscribe('theme', onB);
    tabA.post('theme', { mode: 'dark' });
    expect(onB).toHaveBeenCalledWith({ mode: 'dark' });
    expect(onA).not.toHaveBeenCalled();
    off();
    tabA.post('theme', { mode: 'light' });
    expect(onB).toHaveBeenCalledTimes(1);
    tabA.close();
    tabB.close();
  });

  it('falls back to the storage event without BroadcastChannel', () => {
    const storage = memoryStorage();
    const listeners: ((e: StorageEvent) => void)[] = [];
    const target = {
      addEventListener: (_t: string, l: (e: StorageEvent) => void) => listeners.push(l),
      removeEventListener: vi.fn(),
    } as unknown as Window;
    const writes: string[] = [];
    const spying = {
      ...storage,
      setItem: (k: string, v: string) => {
        writes.push(v);
        storage.setItem(k, v);
      },
    };
    const sender = createBroadcast('t', { storage: spying, target: null });
    const receiver = createBroadcast('t', { storage, target });
    const onReload = vi.fn();
    receiver.subscribe('reload', onReload);
    sender.post('reload', { scope: 'audit' });
    expect(storage.getItem('vigil.broadcast.t')).toBeNull();
    // The browser fires `storage` in the other tabs with the written value.
    for (const l of listeners) l({ key: 'vigil.broadcast.t', newValue: writes[0] } as StorageEvent);
    expect(onReload).toHaveBeenCalledWith({ scope: 'audit' });
  });
});

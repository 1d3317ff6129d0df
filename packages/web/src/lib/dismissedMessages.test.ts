// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './storage';
import { DISMISSED_KEY, dismissMessage, isDismissed } from './dismissedMessages';

const msg = { Id: 7, Severity: 2, Text: 'Maintenance **tonight**' };

describe('dismissed messages', () => {
  it('stay hidden until their content changes', () => {
    const storage = memoryStorage();
    expect(isDismissed(storage, msg)).toBe(false);
    dismissMessage(storage, msg);
    expect(isDismissed(storage, msg)).toBe(true);
    expect(isDismissed(storage, { ...msg, Text: 'Maintenance **tomorrow**' })).toBe(false);
    expect(isDismissed(storage, { ...msg, Severity: 3 })).toBe(false);
    expect(isDismissed(storage, { ...msg, Id: 8 })).toBe(false);
  });

  it('keep the newest hundred and survive broken storage', () => {
    const storage = memoryStorage({ [DISMISSED_KEY]: '{not json' });
    expect(isDismissed(storage, msg)).toBe(false);
    for (let i = 120; i >= 1; i--) dismissMessage(storage, { ...msg, Id: i });
    expect(Object.keys(JSON.parse(storage.getItem(DISMISSED_KEY)!))).toHaveLength(100);
    // Newest by the time of dismissal, whatever the ids.
    expect(isDismissed(storage, { ...msg, Id: 1 })).toBe(true);
    expect(isDismissed(storage, { ...msg, Id: 120 })).toBe(false);
    expect(isDismissed(null, msg)).toBe(false);
  });
});

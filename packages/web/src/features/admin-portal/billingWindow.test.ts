import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage';
import { billingWindowPath, readBillingWindow, storeBillingWindow } from './billingWindow';

const DAY = 24 * 60 * 60 * 1000;

describe('manage-plan window storage', () => {
  it('keeps the tenant under the storage key the route names', () => {
    const storage = memoryStorage();
    const key = storeBillingWindow(storage, { Id: 42, Name: 'Acme MSP' }, { now: 1_000 });
    expect(billingWindowPath(key)).toBe(`/window/admin/billing/${key}`);
    expect(readBillingWindow(storage, key)).toEqual({ tenantId: 42, tenantName: 'Acme MSP', createdAt: 1_000 });
  });

  it('knows nothing of unknown keys or broken entries', () => {
    const storage = memoryStorage({
      'vigil.popup.bad': JSON.stringify({ tenantId: 'x' }),
      'vigil.popup.zero': JSON.stringify({ tenantId: 0, tenantName: 'None' }),
      'vigil.popup.text': 'not json',
    });
    for (const key of ['missing', 'bad', 'zero', 'text', undefined]) expect(readBillingWindow(storage, key)).toBeNull();
  });

  it('drops entries of windows opened more than a day ago, and only popup entries', () => {
    const now = 10 * DAY;
    const storage = memoryStorage({
      'vigil.popup.old': JSON.stringify({ tenantId: 1, createdAt: now - DAY - 1 }),
      'vigil.popup.fresh': JSON.stringify({ tenantId: 2, createdAt: now - DAY + 1 }),
      'vigil.theme': 'dark',
    });
    storeBillingWindow(storage, { Id: 3, Name: 'Third' }, { now, keys: [...storage.data.keys()] });
    expect(storage.data.has('vigil.popup.old')).toBe(false);
    expect(storage.data.has('vigil.popup.fresh')).toBe(true);
    expect(storage.data.get('vigil.theme')).toBe('dark');
  });
});

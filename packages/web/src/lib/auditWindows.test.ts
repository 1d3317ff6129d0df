// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './storage';
import {
  POPUP_DATA_TTL_MS,
  POPUP_KEY_PREFIX,
  popupKindOfPath,
  popupPath,
  popupTitle,
  popupWindowId,
  readPopupData,
  storePopupData,
} from './auditWindows';

const backup = { PolicyId: 7, JobName: 'Nightly', DeviceName: 'FS01', CompanyName: 'Acme', VendorName: 'Veeam' };

describe('audit popup windows', () => {
  it('builds the window routes of platform §2', () => {
    expect(popupPath('verify', 'k1')).toBe('/window/audit/verify-audit-result/k1');
    expect(popupPath('remediate', 'k1')).toBe('/window/audit/remediate-audit-result/k1');
    expect(popupPath('restore', 'k1')).toBe('/window/audit/restore-audit-result/k1');
    expect(popupPath('add', 'k1')).toBe('/window/audit/add-result/k1');
    expect(popupPath('edit', 'k1', 42)).toBe('/window/audit/edit-result/42/k1');
    expect(popupPath('view', 'k1', 42)).toBe('/window/audit/view-result/42/k1');
    expect(popupKindOfPath('/window/audit/remediate-audit-result/k1')).toBe('remediate');
    expect(popupKindOfPath('/window/audit/edit-result/42/k1')).toBe('edit');
    expect(popupKindOfPath('/window/audit/elsewhere/k1')).toBeNull();
  });

  it('keeps what a popup is opened with and clears stale entries', () => {
    const storage = memoryStorage({
      [`${POPUP_KEY_PREFIX}old`]: JSON.stringify({ date: '2026-01-01', backups: [], createdAt: 0 }),
      'vigil.theme': 'dark',
    });
    const now = POPUP_DATA_TTL_MS + 1000;
    const key = storePopupData(
      storage,
      { date: '2026-11-22', backups: [backup] },
      { now, keys: [...storage.data.keys()] },
    );
    expect(storage.data.has(`${POPUP_KEY_PREFIX}old`)).toBe(false);
    expect(storage.data.get('vigil.theme')).toBe('dark');
    expect(readPopupData(storage, key)).toEqual({ date: '2026-11-22', backups: [backup], createdAt: now });
    expect(readPopupData(storage, 'missing')).toBeNull();
    expect(readPopupData(storage, undefined)).toBeNull();
    storage.setItem(`${POPUP_KEY_PREFIX}bad`, '{"date":1}');
    expect(readPopupData(storage, 'bad')).toBeNull();
  });

  it('names windows after their subject', () => {
    expect(popupTitle('verify', [backup])).toBe('Verify · Nightly (FS01)');
    expect(popupTitle('restore', [backup, { ...backup, PolicyId: 8 }])).toBe('Restore · 2 backups');
    expect(popupTitle('view', [backup])).toBe('Result · Nightly (FS01)');
    expect(popupWindowId('view', '2026-11-22', [7], 42)).toBe('audit-view-42');
    expect(popupWindowId('verify', '2026-11-22', [7, 8])).toBe('audit-verify-2026-11-22-7-8');
    expect(popupWindowId('verify', '2026-11-22', [1, 2, 3, 4])).toBe('audit-verify-2026-11-22-4-1');
  });
});

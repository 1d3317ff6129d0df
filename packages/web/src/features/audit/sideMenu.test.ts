// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors';
import { NOT_POWERED_ON, bootDateText, isNoSideMenu, sideValue, vendorSideMenu } from './sideMenu';

describe('side-menu values', () => {
  it('shows "-" for empty values and joins lists', () => {
    expect(sideValue(null)).toBe('-');
    expect(sideValue(undefined)).toBe('-');
    expect(sideValue('  ')).toBe('-');
    expect(sideValue([])).toBe('-');
    expect(sideValue(['', ' '])).toBe('-');
    expect(sideValue(['10.0.0.5', '192.168.1.9'])).toBe('10.0.0.5, 192.168.1.9');
    expect(sideValue('Z2-4')).toBe('Z2-4');
    expect(sideValue(0)).toBe('0');
  });

  it('shows "Not Powered On" for an unset boot date, else the formatted date', () => {
    const fmt = (iso: string) => `at ${iso}`;
    expect(bootDateText(null, fmt)).toBe(NOT_POWERED_ON);
    expect(NOT_POWERED_ON).toBe('Not Powered On');
    expect(bootDateText('', fmt)).toBe('Not Powered On');
    expect(bootDateText('2026-03-01T10:00:00Z', fmt)).toBe('at 2026-03-01T10:00:00Z');
  });

  it('treats a 404 as no side menu, and other failures as failures', () => {
    expect(isNoSideMenu(new ApiError(404, 'Not Found', { Message: 'Not found' }))).toBe(true);
    expect(isNoSideMenu(new ApiError(500, 'Internal Server Error', null))).toBe(false);
    expect(isNoSideMenu(new Error('offline'))).toBe(false);
  });
});

describe('vendor side menu', () => {
  const device = { DeviceName: 'FS01', DeviceId: 'a1', IpAddresses: [], MacAddresses: [] };
  it('keeps a vendor answer with a device or an appliance', () => {
    const answer = {
      IntegrationType: 'slide',
      Data: { DeviceName: 'FS01', SlideUrl: null, Device: device, Appliance: null },
    };
    expect(vendorSideMenu(answer)).toBe(answer);
  });

  it('reads an e-mail backup summary, a vendor answer without data and an empty answer as none', () => {
    expect(vendorSideMenu({ IntegrationType: 'Email', Data: { DeviceName: 'FS01', ProtectedDevices: [] } })).toBeNull();
    expect(
      vendorSideMenu({ IntegrationType: 'datto', Data: { DeviceName: 'FS01', Device: null, Appliance: null } }),
    ).toBeNull();
    expect(vendorSideMenu('')).toBeNull();
    expect(vendorSideMenu(null)).toBeNull();
  });
});

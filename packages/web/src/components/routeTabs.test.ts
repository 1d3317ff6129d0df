// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activeRouteTab } from './routeTabs';

const tabs = [
  { label: 'Existing backups', path: '/app/manage/companies/backup-client/existed' },
  { label: 'Integrations', path: '/app/manage/companies/backup-client/integrations' },
];

describe('route tabs', () => {
  it('highlights the tab whose path prefix-matches the location', () => {
    expect(activeRouteTab(tabs, '/app/manage/companies/backup-client/integrations')).toBe(1);
    expect(activeRouteTab(tabs, '/app/manage/companies/backup-client/existed/more')).toBe(0);
  });

  it('falls back to the first tab and does not match a longer sibling name', () => {
    expect(activeRouteTab(tabs, '/app/manage/companies/backup-client')).toBe(0);
    expect(activeRouteTab(tabs, '/app/manage/companies/backup-client/integrationsX')).toBe(0);
  });
});

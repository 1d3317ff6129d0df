// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Privilege } from '@vigil/contract';
import type { AccessContext } from '../lib/access';
import { defaultPath, filterMenu, mainMenu } from './menu';
import { externalLinks } from './menuLinks';

const staff = (permissions: Record<string, boolean>): AccessContext => ({
  privileges: Privilege.tenantStandard,
  permissions,
  flags: {},
});
const links = { ProductIdeasUrl: 'https://ideas.example.com', ProductUpdatesUrl: 'https://updates.example.com' };

describe('main menu external links', () => {
  it('adds Product Ideas and Product Updates last, as new-tab links, never as the landing screen', () => {
    const menu = filterMenu(
      [...mainMenu, ...externalLinks(links)],
      staff({ 'featurerequest.getfeaturerequest': true }),
    );
    expect(menu.slice(-2).map((m) => [m.title, m.href])).toEqual([
      ['Product Ideas', 'https://ideas.example.com'],
      ['Product Updates', 'https://updates.example.com'],
    ]);
    expect(defaultPath(menu)).toBe('/app/navigate');
  });

  it('hides a link whose address is not configured', () => {
    expect(
      externalLinks({ ProductIdeasUrl: null, ProductUpdatesUrl: 'https://u.example.com' }).map((m) => m.title),
    ).toEqual(['Product Updates']);
    expect(externalLinks({})).toEqual([]);
  });

  it('shows Product Ideas only with featureRequest.getfeaturerequest', () => {
    const menu = filterMenu(externalLinks(links), staff({}));
    expect(menu.map((m) => m.title)).toEqual(['Product Updates']);
  });
});

import { Privilege, type CommonSettings } from '@vigil/contract';
import type { MenuItem } from './menuItem';

/**
 * The main menu's two external links (platform §2), opening in a new tab. Their addresses come
 * from the server's settings; an entry without one is left out. Product Ideas needs
 * featureRequest.getfeaturerequest (platform §6).
 */
export function externalLinks(settings: Pick<CommonSettings, 'ProductIdeasUrl' | 'ProductUpdatesUrl'>): MenuItem[] {
  const links: MenuItem[] = [];
  if (settings.ProductIdeasUrl)
    links.push({
      id: 'product-ideas',
      title: 'Product Ideas',
      icon: 'external',
      href: settings.ProductIdeasUrl,
      privilege: Privilege.tenantUsers,
      permissions: ['featureRequest.getfeaturerequest'],
      notLanding: true,
    });
  if (settings.ProductUpdatesUrl)
    links.push({
      id: 'product-updates',
      title: 'Product Updates',
      icon: 'external',
      href: settings.ProductUpdatesUrl,
      notLanding: true,
    });
  return links;
}

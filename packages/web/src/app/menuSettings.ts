import { Privilege } from '@vigil/contract';
import type { MenuItem } from './menuItem';

/** Settings (platform §2): the tenant's own configuration, users and billing. */
export const settingsMenu: MenuItem = {
  // Settings (platform §2): each sub-screen joins as it is built.
  id: 'settings',
  title: 'Settings',
  icon: 'settings',
  privilege: Privilege.tenantUsers,
  children: [
    {
      // Features §2.1: API Keys comes first under Settings.
      id: 'settings-api',
      title: 'API Keys',
      icon: 'apiKeys',
      path: '/app/settings/api',
      permissions: ['settings.getapikeys'],
    },
    {
      id: 'settings-branding',
      title: 'Branding',
      icon: 'branding',
      path: '/app/settings/branding',
      permissions: ['settings.getBrandingInfo'],
    },
    {
      id: 'settings-tenant',
      title: 'Tenant',
      icon: 'tenants',
      path: '/app/settings/tenant',
      permissions: ['settings.gettenantconfig'],
    },
    {
      id: 'settings-tags',
      title: 'Tags',
      icon: 'tags',
      path: '/app/settings/tags',
      permissions: ['settings.getTags'],
    },
    {
      id: 'settings-email',
      title: 'SMTP',
      icon: 'outbox',
      path: '/app/settings/email',
      permissions: ['settings.getEmailSettings'],
    },
    {
      id: 'settings-billing',
      title: 'Billing',
      icon: 'billing',
      path: '/app/settings/billing',
      permissions: ['settings.getPlans'],
    },
    {
      id: 'settings-invoices',
      title: 'Invoices',
      icon: 'invoices',
      path: '/app/settings/invoices',
      permissions: ['settings.getallinvoices'],
    },
    {
      // Is mail arriving and being read, are audit, reports and tickets keeping up: for tenant administrators.
      id: 'settings-status',
      title: 'System status',
      icon: 'activity',
      path: '/app/settings/status',
      privilege: Privilege.tenantAdmin,
      permissions: ['settings.gettenantconfig'],
    },
    {
      id: 'settings-users',
      title: 'User Management',
      icon: 'users',
      path: '/app/settings/user-management',
      permissions: ['settings.getusers'],
    },
  ],
};

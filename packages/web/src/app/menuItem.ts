import type { Access } from '../lib/access';

/** Icon keys resolved to components by the sidebar (keeps this file free of UI imports). */
export type MenuIcon =
  | 'dashboard'
  | 'home'
  | 'audit'
  | 'dailyActivity'
  | 'integration'
  | 'mailboxes'
  | 'admin'
  | 'tenants'
  | 'parsing'
  | 'flags'
  | 'activity'
  | 'outbox'
  | 'external'
  | 'manage'
  | 'overview'
  | 'activateBackups'
  | 'editBackups'
  | 'retireBackups'
  | 'backupPlans'
  | 'templates'
  | 'companies'
  | 'schedules'
  | 'activityLogs'
  | 'tags'
  | 'messages'
  | 'support'
  | 'settings'
  | 'users'
  | 'apiKeys'
  | 'branding'
  | 'billing'
  | 'invoices'
  | 'alerts';

/**
 * A main-menu entry (platform §2). Access fields filter it: permissions with an and/or operator,
 * a privilege mask, a feature flag, or any other condition. An entry with children is shown
 * when at least one child is. Only screens that work go here.
 */
export interface MenuItem extends Access {
  id: string;
  title: string;
  icon?: MenuIcon;
  /** App path of a screen, absolute ('/app/…' or '/admin/…'). */
  path?: string;
  /** External links open in a new tab. */
  href?: string;
  children?: MenuItem[];
  /** Never the landing screen, even when it is the first permitted entry. */
  notLanding?: boolean;
}

export interface UserMenuItem {
  id: string;
  title: string;
  path: string;
  access?: Access;
}

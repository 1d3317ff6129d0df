// Whether an app message is live and on which pages it shows.
import { AppMessage } from './api-app-messages.ts';

/** Is the message shown at `now` (active and inside its window)? */
export function isMessageLive(m: Pick<AppMessage, 'IsActive' | 'StartsAt' | 'EndsAt'>, now: number): boolean {
  if (!m.IsActive) return false;
  if (m.StartsAt && Date.parse(m.StartsAt) > now) return false;
  if (m.EndsAt && Date.parse(m.EndsAt) <= now) return false;
  return true;
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/\/+$/, '')
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // A pattern without wildcards also covers the pages under it: '/app/manage' matches '/app/manage/companies'.
  const tail = pattern.includes('*') ? '' : '(?:/.*)?';
  return new RegExp(`^${body}${tail}/?$`, 'i');
}

/**
 * Does a message with these Locations show on `pathname`? No locations: everywhere. A plain
 * pattern matches the path and the paths below it; `*` stands for one segment, `**` for any.
 */
export function matchesLocation(locations: readonly string[], pathname: string): boolean {
  if (locations.length === 0) return true;
  const path = pathname.split(/[?#]/)[0] || '/';
  return locations.some((p) => p.trim() !== '' && patternToRegExp(p.trim()).test(path));
}

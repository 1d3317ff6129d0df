// How the drawer's side-menu panels (features §3.4, §4.8) show a device's or an appliance's values.
import { BackupSourceType, type SideMenuResponse } from '@vigil/contract';

/**
 * The vendor side menu in an answer of GET /api/backup/side-menu/{id}, or null: an e-mail backup
 * answers with its own summary (IntegrationType "Email") and no device or appliance to show.
 */
export function vendorSideMenu(answer: unknown): SideMenuResponse | null {
  if (!answer || typeof answer !== 'object') return null;
  const r = answer as Partial<SideMenuResponse>;
  if (!BackupSourceType.safeParse(r.IntegrationType).success || !r.Data) return null;
  return r.Data.Device || r.Data.Appliance ? (r as SideMenuResponse) : null;
}

/** Features §4.8: empty values show "-"; lists are joined. */
export function sideValue(value: string | number | readonly string[] | null | undefined): string {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) {
    const items = value.map((v) => String(v).trim()).filter(Boolean);
    return items.length ? items.join(', ') : '-';
  }
  const text = String(value as string | number).trim();
  return text === '' ? '-' : text;
}

/** Text for a boot date still off. */
export const NOT_POWERED_ON = 'Not Powered On';

/** Features §4.8: an unset boot date shows "Not Powered On"; a set one in the tenant's zone. */
export function bootDateText(value: string | null | undefined, format: (iso: string) => string): string {
  if (!value || !value.trim()) return NOT_POWERED_ON;
  return format(value) || NOT_POWERED_ON;
}

/** An answer that means "this backup has no side menu" (an e-mail backup), not a failed load. */
export function isNoSideMenu(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 204;
}

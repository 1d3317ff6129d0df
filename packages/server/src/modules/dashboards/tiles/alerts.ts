import { ALERT_TILE_MESSAGES, type AlertTileData } from '@vigil/contract';
import { dayWindow } from '../../../status/index.ts';
import { flagsForTenant } from '../../admin-portal/flags-service.ts';
import { alertSummary } from '../../alert-radar/summary.ts';
import type { TileQuery } from './filters.ts';

/** Who looks at an Alert Radar tile: a signed-in user who may or may not see Alert Radar, or a shared link. */
export interface AlertViewer {
  timeZone: string;
  /** Tenant administrators and standard users (Alert Radar's own rule); undefined on a shared link. */
  mayView?: boolean;
}

const empty = (Message: string): AlertTileData => ({
  kind: 'Alerts',
  Message,
  Negative: 0,
  Neutral: 0,
  Positive: 0,
  TopTypes: [],
  Newest: [],
});

/**
 * Alert Radar tile (features §3.2): alert e-mails received from midnight of the range's first day
 * to midnight after its last, in the tenant's time zone, for the companies the viewer may see and
 * the tile's company filter. Vendor, tag, status and days-without-success filters are about
 * backups and do not apply. A message instead of data without the brAlertRadar flag or when the
 * viewer may not see Alert Radar.
 */
export async function alertsData(q: TileQuery, viewer: AlertViewer): Promise<AlertTileData> {
  if (!(await flagsForTenant(q.database, q.tenantId)).brAlertRadar) return empty(ALERT_TILE_MESSAGES.flagOff);
  if (viewer.mayView === undefined) return empty(ALERT_TILE_MESSAGES.shared);
  if (!viewer.mayView) return empty(ALERT_TILE_MESSAGES.notAllowed);
  const summary = await alertSummary(q.database, {
    tenantId: q.tenantId,
    visible: q.visible,
    companies: q.filters.Companies,
    includeNoCompany: Boolean(q.filters.IncludeNoCompany),
    from: dayWindow(q.range.From, viewer.timeZone, 0).opensAt,
    to: dayWindow(q.range.To, viewer.timeZone, 0).closesAt,
  });
  return { kind: 'Alerts', Message: null, ...summary };
}

import { z } from 'zod';
import { SharedDashboard, ShareTokenQuery, TileWithData } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { layoutsWithTiles } from './presenter.ts';
import { Id, tags } from './route-config.ts';
import { todayIn } from './scope.ts';
import { companiesVisibleTo, type ShareService, type SharedTarget } from './shares.ts';
import type { DataScope } from './tile-data.ts';
import { TileService } from './tiles-service.ts';
import { tenantLogoImage } from '../branding/service.ts';

/** Open to anyone with a link, so limited per address (a wall display refreshes far less often). */
const shared = { access: { public: true }, rateLimit: { max: 120, timeWindow: '1 minute' } };
const LOGO = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=]+)$/;

/** A tenant logo stored as a data URL, decoded; anything else counts as no logo. */
export function logoOf(customLogo: string | null): { type: string; bytes: Buffer } | null {
  const m = customLogo ? LOGO.exec(customLogo) : null;
  return m ? { type: m[1], bytes: Buffer.from(m[2], 'base64') } : null;
}

/**
 * The shared, read-only view (platform §7 shared dashboards): the token opens one dashboard's
 * tiles and data, as its creator would see them, and nothing else.
 */
export function sharedRoutes(app: App, deps: Deps, shares: ShareService): void {
  const r = typed(app);
  const tiles = new TileService(deps.database);

  const scopeOf = async (t: SharedTarget): Promise<DataScope> => ({
    database: deps.database,
    tenantId: t.dashboard.tenant_id,
    visible: await companiesVisibleTo(deps.database, t.dashboard.tenant_id, t.viewerId),
    today: todayIn(t.timeZone),
    timeZone: t.timeZone,
  });

  r.get(
    '/api/dashboard-share',
    { config: shared, schema: { tags, querystring: ShareTokenQuery, response: { 200: SharedDashboard } } },
    async (req) => {
      const target = await shares.open(req.query.token);
      const list = await tiles.tiles(deps.database, target.dashboard.id);
      return {
        name: target.dashboard.name,
        tenantName: target.tenantName,
        hasLogo: (await tenantLogoImage(deps.database, target.customLogo)) !== null,
        tiles: await tiles.dataOf(await scopeOf(target), list),
        layouts: layoutsWithTiles(target.dashboard.layouts, list),
        timeZone: target.timeZone,
      };
    },
  );

  r.get(
    '/api/dashboard-share/logo',
    { config: shared, schema: { tags, querystring: ShareTokenQuery } },
    async (req, reply) => {
      const logo = await tenantLogoImage(deps.database, (await shares.open(req.query.token)).customLogo);
      if (!logo) throw notFound();
      return reply.type(logo.type).header('cache-control', 'private, max-age=300').send(logo.bytes);
    },
  );

  r.get(
    '/api/dashboard-share/:tileId',
    {
      config: shared,
      schema: { tags, params: z.object({ tileId: Id }), querystring: ShareTokenQuery, response: { 200: TileWithData } },
    },
    async (req) => {
      const target = await shares.open(req.query.token);
      const tile = (await tiles.tiles(deps.database, target.dashboard.id)).find((t) => t.id === req.params.tileId);
      if (!tile) throw notFound();
      return tiles.withData(await scopeOf(target), tile);
    },
  );
}

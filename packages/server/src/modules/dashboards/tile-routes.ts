import { z } from 'zod';
import { Tile, TileGenerated, TileGenerateInput, TileInput, TilePositionsInput, TileWithData } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';
import { callerOf } from './access.ts';
import { editors, Id, tags, viewers } from './route-config.ts';
import { scopeOf } from './scope.ts';
import { tileData } from './tile-data.ts';
import { checkDefinition, TileService } from './tiles-service.ts';

const ById = z.object({ id: Id });
const ByTile = z.object({ id: Id, tileId: Id });

/** Tiles of a dashboard (platform §7): with their data, and every change for Editors and Admins. */
export function tileRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;
  const tiles = new TileService(database);

  const allWithData = async (req: Parameters<typeof callerOf>[0], id: number) => {
    const c = callerOf(req);
    return tiles.listWithData(await scopeOf(database, req, c), c, id);
  };
  const oneWithData = async (req: Parameters<typeof callerOf>[0], id: number, tileId: number) => {
    const c = callerOf(req);
    const tile = await tiles.one(c, id, tileId);
    return tiles.withData(await scopeOf(database, req, c), tile);
  };

  r.get(
    '/api/dashboard/:id/tile',
    { config: viewers, schema: { tags, params: ById, response: { 200: z.array(TileWithData) } } },
    async (req) => allWithData(req, req.params.id),
  );

  r.post(
    '/api/dashboard/:id/refresh',
    { config: viewers, schema: { tags, params: ById, response: { 200: z.array(TileWithData) } } },
    async (req) => allWithData(req, req.params.id),
  );

  r.post(
    '/api/dashboard/:id/tile',
    { config: viewers, schema: { tags, params: ById, body: TileInput, response: { 200: TileWithData } } },
    async (req) => {
      const c = callerOf(req);
      const tile = await tiles.create(c, req.params.id, req.body);
      return tiles.withData(await scopeOf(database, req, c), tile);
    },
  );

  r.put(
    '/api/dashboard/:id/tile/position',
    { config: viewers, schema: { tags, params: ById, body: TilePositionsInput, response: { 200: z.array(Tile) } } },
    async (req) => tiles.positions(callerOf(req), req.params.id, req.body),
  );

  r.post(
    '/api/dashboard/tile/generate',
    { config: editors, schema: { tags, body: TileGenerateInput, response: { 200: TileGenerated } } },
    async (req) => {
      const c = callerOf(req);
      return tileData(await scopeOf(database, req, c), checkDefinition(req.body));
    },
  );

  r.get(
    '/api/dashboard/:id/tile/:tileId',
    { config: viewers, schema: { tags, params: ByTile, response: { 200: TileWithData } } },
    async (req) => oneWithData(req, req.params.id, req.params.tileId),
  );

  r.post(
    '/api/dashboard/:id/tile/:tileId/refresh',
    { config: viewers, schema: { tags, params: ByTile, response: { 200: TileWithData } } },
    async (req) => oneWithData(req, req.params.id, req.params.tileId),
  );

  r.put(
    '/api/dashboard/:id/tile/:tileId',
    { config: viewers, schema: { tags, params: ByTile, body: TileInput, response: { 200: TileWithData } } },
    async (req) => {
      const c = callerOf(req);
      const tile = await tiles.update(c, req.params.id, req.params.tileId, req.body);
      return tiles.withData(await scopeOf(database, req, c), tile);
    },
  );

  r.delete(
    '/api/dashboard/:id/tile/:tileId',
    {
      config: viewers,
      schema: {
        tags,
        description: 'Deletes the tile; answers the tiles left on the dashboard.',
        params: ByTile,
        response: { 200: z.array(Tile) },
      },
    },
    async (req) => {
      const c = callerOf(req);
      await tiles.remove(c, req.params.id, req.params.tileId);
      return tiles.tiles(database, req.params.id);
    },
  );
}

import {
  DirectoryChangeBody,
  DirectoryChangeResult,
  DirectoryEntry,
  DirectoryKeyParams,
  RegionRoute,
  RegionRouteQuery,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import type { RegionDirectory } from './directory.ts';

const routerLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The regional router (platform §7 GET api/UserAuth/Login) and, on the deployment that keeps it,
 * the shared sign-in directory the regions read and write with their shared secret.
 */
export function regionRoutes(app: App, directory: RegionDirectory): void {
  const r = typed(app);
  const pub = { access: { public: true } };
  const { current, all } = directory.map;

  r.get(
    '/api/UserAuth/Login',
    {
      config: { ...pub, ...routerLimit },
      schema: { tags: ['Auth'], querystring: RegionRouteQuery, response: { 200: RegionRoute } },
    },
    async (req) => {
      const { UserName, Tenant } = req.query;
      const here = { Region: current.Name, Url: current.Url, Redirect: false, Regions: all };
      const key = UserName ? directory.key('email', UserName) : Tenant ? directory.key('tenant', Tenant) : null;
      if (!key) return here;
      let home: string | null = null;
      try {
        home = await directory.lookup(key);
      } catch (err) {
        // An unreachable directory must not stop sign-in where the user already is.
        req.log.warn({ err }, 'region directory lookup failed');
      }
      const region = all.find((x) => x.Name === home);
      if (!region || region.Name === current.Name) return here;
      return { Region: region.Name, Url: region.Url, Redirect: true, Regions: all };
    },
  );

  const keeper = (req: FastifyRequest) => {
    if (!directory.keepsDirectory || !directory.map.secret) throw notFound();
    if (!directory.authorised(req.headers.authorization)) throw unauthorized('The region secret is not valid.');
  };

  r.get(
    '/api/regions/directory/:key',
    {
      config: pub,
      schema: { tags: ['Regions'], hide: true, params: DirectoryKeyParams, response: { 200: DirectoryEntry } },
    },
    async (req) => {
      keeper(req);
      const region = await directory.lookup(req.params.key);
      if (!region) throw notFound();
      return { Region: region };
    },
  );

  r.post(
    '/api/regions/directory',
    {
      config: pub,
      schema: { tags: ['Regions'], hide: true, body: DirectoryChangeBody, response: { 200: DirectoryChangeResult } },
    },
    async (req) => {
      keeper(req);
      if (!all.some((x) => x.Name === req.body.Region))
        throw badRequest(`Unknown region ${req.body.Region}.`, 'Region');
      return directory.apply(req.body);
    },
  );
}

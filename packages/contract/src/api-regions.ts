import { z } from 'zod';

/** A region users may live in, and the address of the deployment that serves it. */
export const RegionInfo = z.object({ Name: z.string(), Url: z.string() });
export type RegionInfo = z.infer<typeof RegionInfo>;

/**
 * GET api/UserAuth/Login (the regional router). Without an e-mail it names this deployment's
 * region; with `UserName` (or `Tenant`) it names the region that is home to that account, and
 * `Redirect` says the browser should continue there. `Regions` lists every region (sign-up offers them).
 */
export const RegionRouteQuery = z.object({
  UserName: z.string().trim().max(320).optional(),
  Tenant: z.string().trim().max(120).optional(),
});
export const RegionRoute = z.object({
  Region: z.string(),
  Url: z.string(),
  Redirect: z.boolean(),
  Regions: z.array(RegionInfo),
});
export type RegionRoute = z.infer<typeof RegionRoute>;

const DirectoryKey = z.string().regex(/^[0-9a-f]{64}$/);

/** POST api/regions/directory: one region's changes to the shared sign-in directory. */
export const DirectoryChangeBody = z.object({
  Region: z.string().regex(/^[a-z][a-z0-9-]{1,15}$/),
  Add: z.array(DirectoryKey).max(10_000),
  Remove: z.array(DirectoryKey).max(10_000),
});
export const DirectoryChangeResult = z.object({ Added: z.number().int(), Removed: z.number().int() });
export const DirectoryEntry = z.object({ Region: z.string() });
export const DirectoryKeyParams = z.object({ key: DirectoryKey });

import type { FastifyRequest } from 'fastify';
import { hasPrivilege, Privilege } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { businessDay } from '../../status/index.ts';
import { tenantClock, visibleCompanies } from '../audit/common.ts';
import type { Caller } from './access.ts';
import type { DataScope } from './tile-data.ts';

/** The data a signed-in caller's tiles show: their tenant, their companies, the tenant's today. */
export async function scopeOf(database: Database, req: FastifyRequest, c: Caller): Promise<DataScope> {
  const [visible, clock] = await Promise.all([visibleCompanies(database, req), tenantClock(database, c.tenantId)]);
  return {
    database,
    tenantId: c.tenantId,
    visible,
    today: clock.today,
    timeZone: clock.timeZone,
    alertRadar: hasPrivilege(req.auth.privileges, Privilege.tenantAdminOrStandard),
  };
}

/** The tenant's today in its time zone, for scopes without a request (shared links). */
export const todayIn = (timeZone: string, now = new Date()) => businessDay(now, timeZone, 0);

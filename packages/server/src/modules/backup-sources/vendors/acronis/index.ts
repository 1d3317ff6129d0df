import type { VendorConnector } from '../types.ts';
import { AcronisClient } from './client.ts';
import {
  mapAcronisResource,
  mapAcronisTask,
  mapAcronisTenant,
  type AcronisResource,
  type AcronisTask,
} from './mapping.ts';

/** Tasks per page (the Task Manager API pages with `limit` and `after`). */
export const ACRONIS_PAGE_SIZE = 500;
const FIRST_SYNC_MS = 7 * 24 * 3600 * 1000;

/**
 * Acronis Cyber Protect Cloud: the API client's customer tenants are the customers, the Resource
 * Management API's machines the devices, and completed backup tasks from the Task Manager API the
 * sessions, read in completion order from the last completion time seen.
 */
export const acronisConnector: VendorConnector = {
  type: 'acronis',

  async validate(ctx, settings) {
    const client = new AcronisClient(ctx, settings);
    await client.authenticate();
    await client.clientTenantId();
  },

  async *customers(ctx, settings) {
    const client = new AcronisClient(ctx, settings);
    for await (const tenant of client.descendants(await client.clientTenantId())) {
      if (tenant.kind === 'customer') yield mapAcronisTenant(tenant);
    }
  },

  async *assets(ctx, settings) {
    const client = new AcronisClient(ctx, settings);
    const query = { type: 'resource.machine' };
    for await (const items of client.pages<AcronisResource>(
      '/api/resource_management/v4/resources',
      query,
      ACRONIS_PAGE_SIZE,
    )) {
      for (const resource of items) yield mapAcronisResource(resource);
    }
  },

  async *sessions(ctx, settings, cursor) {
    const client = new AcronisClient(ctx, settings);
    const since = cursor ?? new Date(ctx.now().getTime() - FIRST_SYNC_MS).toISOString();
    const query = {
      type: 'backup',
      state: 'completed',
      completedAt: `gt(${since})`,
      order: 'asc(completedAt)',
    };
    let last = cursor;
    for await (const tasks of client.pages<AcronisTask>('/api/task_manager/v2/tasks', query, ACRONIS_PAGE_SIZE)) {
      // The completion time is kept as Acronis wrote it (nanoseconds), so `gt` resumes exactly after it.
      last = tasks.reduce<string | null>((at, t) => t.completedAt ?? at, last);
      yield { sessions: tasks.flatMap((t) => mapAcronisTask(t) ?? []), cursor: last };
    }
  },
};

import { z } from 'zod';
import {
  IdParam,
  PROFILE_MESSAGES,
  TicketProfileInput,
  TicketProfileListQuery,
  TicketProfileUpdate,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { markDirty } from './rules.ts';
import { TicketProfiles } from './profiles.ts';
import { outboundPolicy } from '../../platform/outbound.ts';

/** Tickets → Profiles (`api/ticket/profiles…`). */
export const canReadProfiles = { access: { permissions: ['ticket.getautomaticticketingprofiles'] } };
export const canEditProfiles = {
  access: { permissions: ['ticket.getautomaticticketingprofiles', 'ticket.editautomaticticketingprofiles'] },
};
const tags = ['Tickets'];
export const DELETED = 'Successfully deleted';

export function profileRoutes(app: App, deps: Deps, secrets: Secrets): void {
  const r = typed(app);
  const profiles = new TicketProfiles(deps.database, secrets, deps.config.PSA_ALLOW_HTTP, outboundPolicy(deps.config));

  r.post(
    '/api/ticket/profiles/list',
    { config: canReadProfiles, schema: { tags, body: TicketProfileListQuery } },
    async (req) => profiles.list(tenantOf(req), req.body),
  );

  r.get('/api/ticket/profiles/psa', { config: canReadProfiles, schema: { tags } }, async (req) =>
    profiles.psaConfig(tenantOf(req)),
  );

  r.get('/api/ticket/profiles/dropdown', { config: canReadProfiles, schema: { tags } }, async (req) =>
    profiles.dropdown(tenantOf(req)),
  );

  r.get('/api/ticket/profiles/migrate', { config: canEditProfiles, schema: { tags } }, async (req) => {
    tenantOf(req);
    return profiles.migrate(actorOf(req));
  });

  r.get('/api/ticket/profiles/:id', { config: canReadProfiles, schema: { tags, params: IdParam } }, async (req) =>
    profiles.get(tenantOf(req), req.params.id),
  );

  r.post(
    '/api/ticket/profiles',
    { config: canEditProfiles, schema: { tags, body: TicketProfileInput } },
    async (req) => {
      tenantOf(req);
      const id = await profiles.create(actorOf(req), req.body);
      return { Id: id, Message: PROFILE_MESSAGES.created };
    },
  );

  r.put(
    '/api/ticket/profiles',
    { config: canEditProfiles, schema: { tags, body: TicketProfileUpdate } },
    async (req) => {
      const tenantId = tenantOf(req);
      await profiles.update(actorOf(req), req.body);
      await markDirty((text, params) => deps.database.query(text, params), tenantId);
      return { Id: req.body.Id, Message: PROFILE_MESSAGES.updated };
    },
  );

  r.delete('/api/ticket/profiles/:id', { config: canEditProfiles, schema: { tags, params: IdParam } }, async (req) => {
    tenantOf(req);
    await profiles.remove(actorOf(req), req.params.id);
    return { Id: req.params.id, Message: DELETED };
  });

  r.patch(
    '/api/ticket/profiles/psa/:id',
    { config: canEditProfiles, schema: { tags, params: IdParam, body: z.unknown().optional() } },
    async (req) => {
      tenantOf(req);
      return profiles.relinkPsa(actorOf(req), req.params.id);
    },
  );
}

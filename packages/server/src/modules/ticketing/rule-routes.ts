import { z } from 'zod';
import { IdParam, TicketRuleInput } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { requireVisible, scopeOf } from '../audit/scope.ts';
import { canEditProfiles, canReadProfiles, DELETED } from './profile-routes.ts';
import { visibleBackup } from './ticket-rows.ts';
import { TicketRules } from './rules.ts';

/** Tickets → Rules (`api/ticket/rules…`) and the rules covering a backup. */
const tags = ['Tickets'];
const MovePosition = z.object({ AfterId: z.number().int().positive().nullable() });
const PolicyIds = z.object({ PolicyIds: z.array(z.number().int().positive()).max(5000) });
const canSeeBackupRules = {
  access: { permissions: ['audit.getAudit', 'ticket.getautomaticticketingprofiles'] },
};

export function ruleRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const rules = new TicketRules(deps.database);

  r.get('/api/ticket/rules', { config: canReadProfiles, schema: { tags } }, async (req) => rules.list(tenantOf(req)));

  r.post('/api/ticket/rules', { config: canEditProfiles, schema: { tags, body: TicketRuleInput } }, async (req) => {
    const tenantId = tenantOf(req);
    const id = await rules.create(actorOf(req), req.body);
    return rules.get(tenantId, id);
  });

  r.post(
    '/api/ticket/rules/GetWithPolicyData',
    { config: canReadProfiles, schema: { tags, body: PolicyIds } },
    async (req) => {
      const scope = await scopeOf(deps.database, req);
      const wanted = [...new Set(req.body.PolicyIds)];
      // A backup the caller cannot see is not there: the whole request is refused, as for a missing one.
      await requireVisible(deps.database, scope, 'backup', wanted);
      return rules.handlingRules(scope.tenantId, wanted);
    },
  );

  r.get('/api/ticket/rules/:id', { config: canReadProfiles, schema: { tags, params: IdParam } }, async (req) =>
    rules.get(tenantOf(req), req.params.id),
  );

  r.put(
    '/api/ticket/rules/:id',
    { config: canEditProfiles, schema: { tags, params: IdParam, body: TicketRuleInput } },
    async (req) => {
      const tenantId = tenantOf(req);
      await rules.update(actorOf(req), req.params.id, req.body);
      return rules.get(tenantId, req.params.id);
    },
  );

  r.delete('/api/ticket/rules/:id', { config: canEditProfiles, schema: { tags, params: IdParam } }, async (req) => {
    tenantOf(req);
    await rules.remove(actorOf(req), req.params.id);
    return { Id: req.params.id, Message: DELETED };
  });

  r.put(
    '/api/ticket/rules/:id/position',
    { config: canEditProfiles, schema: { tags, params: IdParam, body: MovePosition } },
    async (req) => {
      const tenantId = tenantOf(req);
      await rules.move(actorOf(req), req.params.id, req.body.AfterId);
      return rules.list(tenantId);
    },
  );

  r.get(
    '/api/policy/:id/ticket-rules',
    { config: canSeeBackupRules, schema: { tags, params: IdParam } },
    async (req) => {
      const tenantId = tenantOf(req);
      await visibleBackup(deps.database, tenantId, await visibleCompanies(deps.database, req), req.params.id);
      return rules.coveringRules(tenantId, req.params.id);
    },
  );
}

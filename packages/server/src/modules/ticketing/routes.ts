import { SubjectTemplateInput, TICKET_GROUP_LABELS, TicketIssuesQuery, PROFILE_MESSAGES } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { visibleCompanies } from '../audit/common.ts';
import { listIssues } from './issues.ts';
import { policyTicketRoutes } from './policy-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { ruleRoutes } from './rule-routes.ts';
import { checkPattern, defaultSubjects, example, GROUPINGS, TicketSubjects } from './subjects.ts';

/**
 * Ticketing (platform §7 Tickets and Policies): subjects and issues here; profiles, rules and
 * a backup's tickets in their own route files.
 */
const tags = ['Tickets'];
const canReadSubjects = { access: { permissions: ['ticket.getcustomsubjects'] } };
const canEditSubjects = {
  access: { permissions: ['ticket.getcustomsubjects', 'ticket.editautomaticticketingprofiles'] },
};
/** The subject editor and the profile form both preview patterns and list the groupings. */
const canUsePatterns = {
  access: {
    permissions: ['ticket.getcustomsubjects', 'ticket.getautomaticticketingprofiles'],
    operator: 'or' as const,
  },
};
const canReadIssues = { access: { permissions: ['ticket.geticketingissues'] } };

export function ticketingRoutes(app: App, deps: Deps, secrets: Secrets): void {
  const r = typed(app);
  const subjects = new TicketSubjects(deps.database);

  r.get('/api/ticket/custom-subjects', { config: canReadSubjects, schema: { tags } }, async (req) =>
    subjects.current(tenantOf(req)),
  );

  r.put(
    '/api/ticket/custom-subjects',
    { config: canEditSubjects, schema: { tags, body: SubjectTemplateInput } },
    async (req) => {
      await subjects.save(tenantOf(req), req.body);
      return { Message: PROFILE_MESSAGES.subjectUpdated };
    },
  );

  r.get('/api/ticket/default-subjects', { config: canUsePatterns, schema: { tags } }, async (req) => {
    tenantOf(req);
    return defaultSubjects();
  });

  r.post(
    '/api/ticket/pattern-example',
    { config: canUsePatterns, schema: { tags, body: SubjectTemplateInput } },
    async (req) => {
      tenantOf(req);
      checkPattern(req.body.Pattern, req.body.GroupBy);
      return { Example: example(req.body.Pattern, req.body.GroupBy) };
    },
  );

  r.get('/api/ticket/ticketing-groups', { config: canUsePatterns, schema: { tags } }, async (req) => {
    tenantOf(req);
    return GROUPINGS.map((g) => ({ Id: g, Name: TICKET_GROUP_LABELS[g] }));
  });

  r.get('/api/ticket/all-ticketing-groups', { config: canUsePatterns, schema: { tags } }, async (req) => {
    const current = await subjects.current(tenantOf(req));
    return current.map((s) => ({ Id: s.GroupBy, Name: TICKET_GROUP_LABELS[s.GroupBy], ...s }));
  });

  r.get(
    '/api/ticket/issues',
    { config: canReadIssues, schema: { tags, querystring: TicketIssuesQuery } },
    async (req) => listIssues(deps.database, tenantOf(req), await visibleCompanies(deps.database, req), req.query),
  );

  profileRoutes(app, deps, secrets);
  ruleRoutes(app, deps);
  policyTicketRoutes(app, deps);
}

/**
 * How the company visibility suite calls each company-scoped route against the other company's
 * objects (company B). `id`: the route names B's object and must answer 404 (403 when the
 * caller lacks the route's permission) and change nothing. `list`: the route lists or searches
 * and must leave B's rows out; `control` says an administrator's answer shows B, so the probe
 * is known to reach B's data. `bulk`: the route acts on whatever the caller may see (its answer
 * may be that there is nothing to act on) and must leave B unchanged.
 */
export interface Objects {
  backup: number;
  backupA: number;
  result: number;
  email: number;
  ticket: number;
  company: number;
  companyA: number;
  mapping: number;
  template: number;
  day: string;
  run: string;
}

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

export type Probe =
  | { kind: 'id'; call: (o: Objects) => Call }
  | { kind: 'bulk'; call: (o: Objects) => Call }
  | { kind: 'list'; call: (o: Objects) => Call; control?: boolean };

const id = (call: (o: Objects) => Call): Probe => ({ kind: 'id', call });
const bulk = (call: (o: Objects) => Call): Probe => ({ kind: 'bulk', call });
const list = (call: (o: Objects) => Call, control = true): Probe => ({ kind: 'list', call, control });
const get = (url: string): Call => ({ method: 'GET', url });
const ruleOnB = { Groups: [{ Conditions: [{ Field: 'DeviceName', Operator: 'StartsWith', Value: 'beta' }] }] };
const mark = (url: string) => id((o) => ({ method: 'PUT', url, body: { PolicyIds: [o.backup], Date: o.day } }));
const when = () => new Date(Date.now() - 3_600_000).toISOString();

export const PROBES: Record<string, Probe> = {
  // Audit, results and their marks
  'POST /api/policy/audit-backups': list(() => ({ method: 'POST', url: '/api/policy/audit-backups', body: {} })),
  'GET /api/policy/audit/results': id((o) => get(`/api/policy/audit/results?policyId=${o.backup}&date=${o.day}`)),
  'GET /api/common/tenant-filters': list(() => get('/api/common/tenant-filters')),
  'GET /api/policy/audit/file': list(() => get('/api/policy/audit/file?format=csv')),
  'GET /api/popularity/:id/unpopular-time': id((o) => get(`/api/popularity/${o.backup}/unpopular-time`)),
  'POST /api/popularity/:id': id((o) => ({
    method: 'POST',
    url: `/api/popularity/${o.backup}`,
    body: { StartTime: '03:30' },
  })),
  'GET /api/audit-result/parsed-datetime/:id': id((o) => get(`/api/audit-result/parsed-datetime/${o.result}`)),
  'GET /api/audit-result/:id': id((o) => get(`/api/audit-result/${o.result}`)),
  'POST /api/audit-result': id((o) => ({
    method: 'POST',
    url: '/api/audit-result',
    body: { PolicyId: o.backup, Status: 1, ParsedDateTime: when() },
  })),
  'PUT /api/audit-result/edit': id((o) => ({
    method: 'PUT',
    url: '/api/audit-result/edit',
    body: { ResultID: o.result, Status: 1, ParsedDateTime: when(), Notes: 'taken over' },
  })),
  'POST /api/audit-result/delete': id((o) => ({
    method: 'POST',
    url: '/api/audit-result/delete',
    body: { ResultIds: [o.result] },
  })),
  'GET /api/audit-result/verify': id((o) => get(`/api/audit-result/verify?policyId=${o.backup}&date=${o.day}`)),
  'PUT /api/audit-result/verify': mark('/api/audit-result/verify'),
  'PUT /api/audit-result/remediate': mark('/api/audit-result/remediate'),
  'PUT /api/audit-result/restore': mark('/api/audit-result/restore'),
  'PUT /api/audit-result/delete-verify': mark('/api/audit-result/delete-verify'),
  'PUT /api/audit-result/delete-remediate': mark('/api/audit-result/delete-remediate'),
  'PUT /api/audit-result/delete-restore': mark('/api/audit-result/delete-restore'),
  // Daily activity
  'POST /api/daily-activity/daily-backups': list((o) => ({
    method: 'POST',
    url: '/api/daily-activity/daily-backups',
    body: { Date: o.day },
  })),
  'GET /api/daily-activity/status-log/:backupId': id((o) =>
    get(`/api/daily-activity/status-log/${o.backup}?date=${o.day}`),
  ),
  'GET /api/daily-activity/group-details/:backupId': id((o) =>
    get(`/api/daily-activity/group-details/${o.backup}?date=${o.day}`),
  ),
  // E-mails
  'GET /api/tenant/processed-emails': list(() => get('/api/tenant/processed-emails')),
  'GET /api/tenant/processed-emails/download': id((o) =>
    get(`/api/tenant/processed-emails/download?emailId=${o.email}`),
  ),
  'GET /api/parsers/email/:emailId': id((o) => get(`/api/parsers/email/${o.email}`)),
  'POST /api/parsers/preview': list(
    () => ({
      method: 'POST',
      url: '/api/parsers/preview',
      body: {
        Rule: {
          Senders: ['test'],
          Job: { Kind: 'none' },
          Device: { Kind: 'none' },
          StatusFrom: { Kind: 'none' },
          StatusWords: [{ Text: 'beta', Status: 'Failure' }],
        },
      },
    }),
    false,
  ),
  // Backups
  'GET /api/account/policy-count': list(() => get('/api/account/policy-count'), false),
  'GET /api/home/companies': list(() => get('/api/home/companies')),
  'POST /api/backup/active': list(() => ({ method: 'POST', url: '/api/backup/active', body: {} })),
  'POST /api/backup/inactive': list(() => ({ method: 'POST', url: '/api/backup/inactive', body: {} }), false),
  'POST /api/backup/retire': list(() => ({ method: 'POST', url: '/api/backup/retire', body: {} }), false),
  'GET /api/backup/side-menu/:id': id((o) => get(`/api/backup/side-menu/${o.backup}`)),
  'POST /api/backup/run/:id': id((o) => ({ method: 'POST', url: `/api/backup/run/${o.backup}` })),
  'POST /api/policy/by-ids': list((o) => ({
    method: 'POST',
    url: '/api/policy/by-ids',
    body: { PolicyIds: [o.backup] },
  })),
  'POST /api/policy/to-activate': list(
    (o) => ({ method: 'POST', url: '/api/policy/to-activate', body: { PolicyIds: [o.backup] } }),
    false,
  ),
  'GET /api/policy/company-source/:id': id((o) => get(`/api/policy/company-source/${o.backup}`)),
  'GET /api/policy/last-email': id((o) => get(`/api/policy/last-email?policyId=${o.backup}`)),
  'PUT /api/policy-operation': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation',
    body: { PolicyId: o.backup, Notes: 'taken over' },
  })),
  'PUT /api/policy-operation/batch': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation/batch',
    body: { PolicyIds: [o.backup], Settings: { Notes: 'taken over' } },
  })),
  'PUT /api/policy-operation/retire': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation/retire',
    body: { PolicyId: o.backup },
  })),
  'PUT /api/policy-operation/retire-batch': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation/retire-batch',
    body: { PolicyIds: [o.backup] },
  })),
  'PUT /api/policy-operation/reactivate': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation/reactivate',
    body: { PolicyId: o.backup },
  })),
  'PUT /api/policy-operation/reactivate-batch': id((o) => ({
    method: 'PUT',
    url: '/api/policy-operation/reactivate-batch',
    body: { PolicyIds: [o.backup] },
  })),
  'POST /api/policy-operation/delete': id((o) => ({
    method: 'POST',
    url: '/api/policy-operation/delete',
    body: { PolicyId: o.backup },
  })),
  'POST /api/policy-operation/delete-batch': id((o) => ({
    method: 'POST',
    url: '/api/policy-operation/delete-batch',
    body: { PolicyIds: [o.backup] },
  })),
  'POST /api/policy-operation/merge-polices': id((o) => ({
    method: 'POST',
    url: '/api/policy-operation/merge-polices',
    body: { SourcePolicyId: o.backup, TargetPolicyId: o.backupA },
  })),
  'GET /api/backups/:id': id((o) => get(`/api/backups/${o.backup}`)),
  'PUT /api/backups/:id': id((o) => ({
    method: 'PUT',
    url: `/api/backups/${o.backup}`,
    body: { Notes: 'taken over' },
  })),
  'POST /api/backups/:id/pause': id((o) => ({
    method: 'POST',
    url: `/api/backups/${o.backup}/pause`,
    body: { Until: null },
  })),
  'POST /api/backups/:id/retire': id((o) => ({ method: 'POST', url: `/api/backups/${o.backup}/retire`, body: {} })),
  'GET /api/backups/:id/children': id((o) => get(`/api/backups/${o.backup}/children`)),
  // Companies and client-id mapping
  'POST /api/company/list': list(() => ({ method: 'POST', url: '/api/company/list', body: {} })),
  'GET /api/company/autocomplete': list(() => get('/api/company/autocomplete')),
  'GET /api/company/apply': list(() => get('/api/company/apply'), false),
  'PUT /api/company/apply': id((o) => ({
    method: 'PUT',
    url: '/api/company/apply',
    body: { CompanyIds: [o.company] },
  })),
  'POST /api/company/test': list(() => ({ method: 'POST', url: '/api/company/test', body: { Rules: ruleOnB } })),
  'PUT /api/company/rename': id((o) => ({
    method: 'PUT',
    url: '/api/company/rename',
    body: { Id: o.company, Name: 'Taken' },
  })),
  'PUT /api/company/update': id((o) => ({
    method: 'PUT',
    url: '/api/company/update',
    body: { Id: o.company, Name: 'Taken' },
  })),
  'PUT /api/company/replace': id((o) => ({
    method: 'PUT',
    url: '/api/company/replace',
    body: { Id: o.company, ReplaceWithId: o.companyA },
  })),
  'GET /api/company/:id': id((o) => get(`/api/company/${o.company}`)),
  'DELETE /api/company/:id': id((o) => ({ method: 'DELETE', url: `/api/company/${o.company}` })),
  'GET /api/company/:id/rules': id((o) => get(`/api/company/${o.company}/rules`)),
  'PUT /api/company/:id/rules': id((o) => ({
    method: 'PUT',
    url: `/api/company/${o.company}/rules`,
    body: { Rules: ruleOnB },
  })),
  'GET /api/client/mapping': list(() => get('/api/client/mapping')),
  'GET /api/client': list(() => get('/api/client')),
  'GET /api/client/integrations': list(() => get('/api/client/integrations'), false),
  'PUT /api/client/map': id((o) => ({
    method: 'PUT',
    url: '/api/client/map',
    body: { Kind: 'Vendor', ClientId: 'cid-c-008', CompanyId: o.company },
  })),
  'PUT /api/client/mapping/:id': id((o) => ({
    method: 'PUT',
    url: `/api/client/mapping/${o.mapping}`,
    body: { CompanyId: o.companyA },
  })),
  'DELETE /api/client/:id': id((o) => ({ method: 'DELETE', url: `/api/client/${o.mapping}` })),
  'GET /api/client/apply': list(() => get('/api/client/apply'), false),
  'PUT /api/client/apply': bulk(() => ({ method: 'PUT', url: '/api/client/apply', body: {} })),
  'GET /api/client/:kind/:clientId': list(() => get('/api/client/Vendor/cid-b-007')),
  // Templates and backup plans (the backups they reach)
  'GET /api/template/backups': list((o) => get(`/api/template/backups?templateId=${o.template}`), false),
  'POST /api/template/test': list(() => ({ method: 'POST', url: '/api/template/test', body: { Rules: ruleOnB } })),
  'PUT /api/template/apply': bulk((o) => ({ method: 'PUT', url: '/api/template/apply', body: { Ids: [o.template] } })),
  'GET /api/template/activations': list(() => get('/api/template/activations')),
  'POST /api/template/activations': id((o) => ({
    method: 'POST',
    url: '/api/template/activations',
    body: { TemplateId: o.template, BackupIds: [o.backup] },
  })),
  'DELETE /api/template/activations': bulk((o) => ({
    method: 'DELETE',
    url: '/api/template/activations',
    body: { TemplateId: o.template },
  })),
  'POST /api/backup-plans/apply': bulk(() => ({ method: 'POST', url: '/api/backup-plans/apply', body: {} })),
  'POST /api/backup-plans/backups': list(() => ({
    method: 'POST',
    url: '/api/backup-plans/backups',
    body: { Rules: ruleOnB },
  })),
  // Activity log and insights
  'POST /api/user/activity-logs': list(() => ({ method: 'POST', url: '/api/user/activity-logs', body: {} })),
  'GET /api/insight': list(() => get('/api/insight'), false),
  'POST /api/insight': list(() => ({ method: 'POST', url: '/api/insight' }), false),
  'GET /api/insight/:type': list(() => get('/api/insight/BackupRetireSuggestion'), false),
  'POST /api/insight/:type': bulk(() => ({
    method: 'POST',
    url: '/api/insight/BackupRetireSuggestion',
    body: { Ids: [999_999], Action: 'dismiss' },
  })),
  // Reports: an administrator's run is not another user's to read, restart, cancel or download
  'POST /api/reports/report/:type/:id': id((o) => ({
    method: 'POST',
    url: `/api/reports/report/DailyResults/${o.run}`,
    body: { filters: {} },
  })),
  'GET /api/reports/report/:type/:id': id((o) => get(`/api/reports/report/DailyResults/${o.run}`)),
  'DELETE /api/reports/report/:type/:id': id((o) => ({
    method: 'DELETE',
    url: `/api/reports/report/DailyResults/${o.run}`,
  })),
  'POST /api/reports/csv': id((o) => ({
    method: 'POST',
    url: '/api/reports/csv',
    body: { type: 'DailyResults', id: o.run },
  })),
  'POST /api/reports/excel': id((o) => ({
    method: 'POST',
    url: '/api/reports/excel',
    body: { type: 'DailyResults', id: o.run },
  })),
  'POST /api/reports/pdf': id((o) => ({
    method: 'POST',
    url: '/api/reports/pdf',
    body: { type: 'DailyResults', id: o.run },
  })),
  'GET /api/reports/pdf/status': id((o) => get(`/api/reports/pdf/status?id=${o.run}`)),
  'GET /api/backup-methods': list(() => get('/api/backup-methods'), false),
  'GET /api/backup-methods/used': list(() => get('/api/backup-methods/used'), false),
  'POST /api/backup-methods/report': list(
    () => ({ method: 'POST', url: '/api/backup-methods/report?reportType=1', body: {} }),
    false,
  ),
  // Tickets
  'GET /api/ticket/issues': list(() => get('/api/ticket/issues'), false),
  'POST /api/ticket/rules/GetWithPolicyData': id((o) => ({
    method: 'POST',
    url: '/api/ticket/rules/GetWithPolicyData',
    body: { PolicyIds: [o.backup] },
  })),
  'GET /api/policy/:id/ticket-rules': id((o) => get(`/api/policy/${o.backup}/ticket-rules`)),
  'POST /api/policy/tickets': id((o) => ({ method: 'POST', url: '/api/policy/tickets', body: { PolicyId: o.backup } })),
  'GET /api/policy/ticket-link': id((o) => get(`/api/policy/ticket-link?policyId=${o.backup}`)),
  'GET /api/ticket/get-details': id((o) => get(`/api/ticket/get-details?ticketID=${o.ticket}`)),
  'GET /api/ticket/link': id((o) => get(`/api/ticket/link?ticketId=T-1&policyId=${o.backup}`)),
  'POST /api/ticket/UnlinkFromPolicy/:id': id((o) => ({
    method: 'POST',
    url: `/api/ticket/UnlinkFromPolicy/${o.backup}`,
    body: String(o.ticket),
  })),
  'POST /api/ticket/UpdateDetails': id((o) => ({
    method: 'POST',
    url: '/api/ticket/UpdateDetails',
    body: { TicketId: o.ticket, Note: 'taken over', Close: true },
  })),
  'POST /api/ticket/CreateForPolicy/:id': id((o) => ({
    method: 'POST',
    url: `/api/ticket/CreateForPolicy/${o.backup}`,
    body: { ProfileId: 1 },
  })),
};

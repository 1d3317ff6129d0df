import { z } from 'zod';
import {
  IdParam,
  LastEmail,
  MergePolicies,
  OperationAnswer,
  paged,
  PauseBody,
  PolicyBatchEdit,
  PolicyBatchOperation,
  PolicyCount,
  PolicyEdit,
  PolicyIdsBody,
  PolicyListQuery,
  PolicyOperation,
  PolicyRow,
  SideMenu,
  ToActivateRow,
  VendorOption,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { NO_COMPANY, visibilitySql, visibleCompanies } from '../audit/common.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import {
  deletePolicies,
  editPolicies,
  mergePolicies,
  pausePolicy,
  reactivatePolicies,
  retirePolicies,
  type OperationOutcome,
} from './operations.ts';
import { listPolicies, policiesByIds, policyCount, toActivate, type PolicyState } from './service.ts';

const tags = ['Manage: backups'];
const canCount = { access: { permissions: ['manage.getpolicycount'] } };
const canInactive = { access: { permissions: ['manage.getinactivebackups'] } };
const canActive = { access: { permissions: ['manage.getactivebackups'] } };
const canRetired = { access: { permissions: ['manage.getretiredbackups'] } };
/** Reading one backup: from any of the three lists, or the audit. */
const canRead = {
  access: {
    permissions: ['manage.getactivebackups', 'manage.getinactivebackups', 'manage.getretiredbackups', 'audit.getAudit'],
    operator: 'or' as const,
  },
};
const canEdit = { access: { permissions: ['manage.editbackups'] } };

function answer(message: string, o: OperationOutcome) {
  return { Message: message, PolicyIds: o.ids, Queued: o.queued };
}

export function backupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  /** One backup the caller may see, or 404. */
  const one = async (req: FastifyRequest, id: number) => {
    const [row] = await policiesByIds(database.query, tenantOf(req), [id], await visible(req));
    if (!row) throw notFound();
    return row;
  };

  r.get(
    '/api/account/policy-count',
    { config: canCount, schema: { tags, response: { 200: PolicyCount } } },
    async (req) => policyCount(database, tenantOf(req), await visible(req)),
  );

  const lists: [string, PolicyState, typeof canActive][] = [
    ['/api/backup/inactive', 'Inactive', canInactive],
    ['/api/backup/active', 'Active', canActive],
    ['/api/backup/retire', 'Retired', canRetired],
  ];
  for (const [url, state, config] of lists) {
    r.post(
      url,
      { config, schema: { tags, body: PolicyListQuery.nullish(), response: { 200: paged(PolicyRow) } } },
      async (req) =>
        listPolicies(database, state, PolicyListQuery.parse(req.body ?? {}), {
          tenantId: tenantOf(req),
          visible: await visible(req),
        }),
    );
  }

  const vendorList = async (req: FastifyRequest, usedOnly: boolean) => {
    const params: unknown[] = [tenantOf(req)];
    const v = await database.query<{ vendor: string; n: string }>(
      `SELECT b.vendor, count(*) AS n FROM backups b
        WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active', 'Retired') AND ${visibilitySql(await visible(req), params)}
        GROUP BY b.vendor`,
      params,
    );
    const counts = new Map(v.rows.map((x) => [x.vendor, Number(x.n)]));
    const ids = usedOnly ? [...counts.keys()] : [...new Set([...vendorNames.keys(), ...counts.keys()])];
    return ids
      .map((id) => ({ Id: id, Name: vendorNames.get(id) ?? id, Count: counts.get(id) ?? 0 }))
      .sort((a, b) => a.Name.localeCompare(b.Name));
  };
  r.get(
    '/api/backup/vendor/used',
    { config: canRead, schema: { tags, response: { 200: z.array(VendorOption) } } },
    (req) => vendorList(req, true),
  );
  r.get(
    '/api/backup/vendor/all',
    { config: canRead, schema: { tags, response: { 200: z.array(VendorOption) } } },
    (req) => vendorList(req, false),
  );

  r.get(
    '/api/backup/side-menu/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: SideMenu } } },
    async (req) => {
      const b = await one(req, req.params.id);
      const children = await database.query<{ id: number; device_name: string }>(
        `SELECT id, device_name FROM backups WHERE parent_id = $1 AND tenant_id = $2 AND state <> 'Merged' ORDER BY device_name`,
        [b.PolicyId, tenantOf(req)],
      );
      return {
        IntegrationType: b.Method,
        Data: {
          BackupId: b.PolicyId,
          DeviceName: b.DeviceName,
          Hostname: null,
          Company: b.CompanyName,
          Vendor: b.VendorName,
          JobName: b.JobName,
          SenderEmail: b.SenderEmail,
          LastEmailAt: b.LastEmailAt,
          LastResultAt: b.LastResultAt,
          ProtectedDevices: children.rows.map((c) => ({
            BackupId: c.id,
            DeviceName: c.device_name,
            DeviceId: String(c.id),
          })),
        },
      };
    },
  );

  r.post(
    '/api/policy/by-ids',
    { config: canRead, schema: { tags, body: PolicyIdsBody, response: { 200: z.array(PolicyRow) } } },
    async (req) => policiesByIds(database.query, tenantOf(req), req.body.PolicyIds, await visible(req)),
  );
  r.post(
    '/api/policy/to-activate',
    { config: canInactive, schema: { tags, body: PolicyIdsBody, response: { 200: z.array(ToActivateRow) } } },
    async (req) => toActivate(database, tenantOf(req), req.body.PolicyIds, await visible(req)),
  );
  r.get(
    '/api/policy/company-source/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParam,
        response: { 200: z.object({ CompanySource: z.string().nullable(), CompanyName: z.string() }) },
      },
    },
    async (req) => {
      const b = await one(req, req.params.id);
      return { CompanySource: b.CompanySource, CompanyName: b.CompanyId ? b.CompanyName : NO_COMPANY };
    },
  );
  r.get(
    '/api/policy/last-email',
    {
      config: canRead,
      schema: {
        tags,
        querystring: z.object({ policyId: z.coerce.number().int().positive() }),
        response: { 200: LastEmail.nullable() },
      },
    },
    async (req) => {
      const b = await one(req, req.query.policyId);
      const e = await database.query<{ id: number; subject: string; from_address: string; received_at: Date }>(
        `SELECT e.id, e.subject, e.from_address, e.received_at FROM results r JOIN emails e ON e.id = r.email_id
          WHERE r.backup_id = $1 AND e.tenant_id = $2 ORDER BY e.received_at DESC LIMIT 1`,
        [b.PolicyId, tenantOf(req)],
      );
      const x = e.rows[0];
      return x
        ? {
            EmailId: Number(x.id),
            Subject: x.subject,
            From: x.from_address,
            ReceivedAt: new Date(x.received_at).toISOString(),
          }
        : null;
    },
  );

  // Operations (one transaction each) ---------------------------------------------------------

  const ctx = deps;
  r.put(
    '/api/policy-operation',
    { config: canEdit, schema: { tags, body: PolicyEdit, response: { 200: OperationAnswer } } },
    async (req) => {
      const { PolicyId, Activate, ...settings } = req.body;
      const o = await editPolicies(ctx, actorOf(req), await visible(req), [PolicyId], settings, {
        activate: Activate,
        tags: 'replace',
      });
      return answer(Activate ? 'Backup activated' : 'Backup saved', o);
    },
  );
  r.put(
    '/api/policy-operation/batch',
    { config: canEdit, schema: { tags, body: PolicyBatchEdit, response: { 200: OperationAnswer } } },
    async (req) => {
      const b = req.body;
      const o = await editPolicies(ctx, actorOf(req), await visible(req), b.PolicyIds, b.Settings, {
        activate: b.Activate,
        tags: b.TagsMode,
        standalone: b.Standalone,
      });
      const n = o.ids.length;
      return answer(`${n} backup${n === 1 ? '' : 's'} ${b.Activate ? 'activated' : 'saved'}`, o);
    },
  );
  r.put(
    '/api/policy-operation/retire',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backup retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId], !!req.body.ClosePsaTicket),
      ),
  );
  r.put(
    '/api/policy-operation/retire-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds, !!req.body.ClosePsaTicket),
      ),
  );
  r.put(
    '/api/policy-operation/reactivate',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backup reactivated',
        await reactivatePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId]),
      ),
  );
  r.put(
    '/api/policy-operation/reactivate-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups reactivated',
        await reactivatePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds),
      ),
  );
  r.post(
    '/api/policy-operation/delete',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Successfully deleted.',
        await deletePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId], !!req.body.ClosePsaTicket),
      ),
  );
  r.post(
    '/api/policy-operation/delete-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Successfully deleted.',
        await deletePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds, !!req.body.ClosePsaTicket),
      ),
  );
  r.post(
    '/api/policy-operation/merge-polices',
    { config: canEdit, schema: { tags, body: MergePolicies, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups merged',
        await mergePolicies(ctx, actorOf(req), await visible(req), req.body.SourcePolicyId, req.body.TargetPolicyId),
      ),
  );

  // api/backups/{id} ---------------------------------------------------------------------------

  r.get(
    '/api/backups/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: PolicyRow } } },
    async (req) => one(req, req.params.id),
  );
  r.put(
    '/api/backups/:id',
    {
      config: canEdit,
      schema: { tags, params: IdParam, body: PolicyEdit.omit({ PolicyId: true }), response: { 200: PolicyRow } },
    },
    async (req) => {
      const { Activate, ...settings } = req.body;
      await editPolicies(ctx, actorOf(req), await visible(req), [req.params.id], settings, {
        activate: Activate,
        tags: 'replace',
      });
      return one(req, req.params.id);
    },
  );
  r.post(
    '/api/backups/:id/pause',
    { config: canEdit, schema: { tags, params: IdParam, body: PauseBody, response: { 200: PolicyRow } } },
    async (req) => {
      await pausePolicy(database, actorOf(req), await visible(req), req.params.id, req.body.Until);
      return one(req, req.params.id);
    },
  );
  r.post(
    '/api/backups/:id/retire',
    {
      config: canEdit,
      schema: {
        tags,
        params: IdParam,
        body: z.object({ ClosePsaTicket: z.boolean().optional() }).nullish(),
        response: { 200: OperationAnswer },
      },
    },
    async (req) =>
      answer(
        'Backup retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), [req.params.id], !!req.body?.ClosePsaTicket),
      ),
  );
  r.get(
    '/api/backups/:id/children',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: z.array(PolicyRow) } } },
    async (req) => {
      const b = await one(req, req.params.id);
      const c = await database.query<{ id: number }>(
        `SELECT id FROM backups WHERE parent_id = $1 AND tenant_id = $2 AND state <> 'Merged'`,
        [b.PolicyId, tenantOf(req)],
      );
      return policiesByIds(
        database.query,
        tenantOf(req),
        c.rows.map((x) => x.id),
        await visible(req),
      );
    },
  );
}

import {
  CompanyType,
  CrmType,
  NotificationKind,
  PROFILE_MESSAGES,
  UserLevel,
  type CrmTypeValue,
  type Paged,
  type ProfilePsaConfig,
  type TicketGroupByValue,
  type TicketProfile,
  type TicketProfileInput,
  type TicketProfileListItem,
  type TicketProfileUpdate,
  type NotificationKindValue,
} from '@vigil/contract';
import type { z } from 'zod';
import type { TicketProfileListQuery } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { STRICT_OUTBOUND, urlProblem, type OutboundPolicy } from '../../platform/outbound.ts';
import { likeTerm } from '../audit/common.ts';
import {
  checkProfile,
  fail,
  profileMessages,
  PSA_FIELDS,
  type CheckedProfile,
  type FieldError,
  type StoredSettings,
} from './profile-payload.ts';
import { changes, logView, PROFILE_SELECT, targetOf, toProfile, type ProfileDbRow } from './profile-view.ts';

/**
 * Ticket profiles (features §3.3, §5.1): where tickets go and how they read. The webhook
 * secret is sealed at rest under the tenant's webhook context and never leaves the server.
 */

export const webhookContext = (tenantId: number) => `webhook:${tenantId}`;

const LIST_ORDER: Record<string, string> = {
  Name: 'lower(p.name)',
  Type: 'p.type',
  GroupBy: 'p.group_by',
  UpdatedAt: 'p.updated_at',
};

export interface CurrentPsa {
  id: number;
  crmType: CrmTypeValue;
  name: string;
}

export async function currentPsa(q: QueryFn | Database, tenantId: number): Promise<CurrentPsa | null> {
  const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
  const r = await run<{ id: number; crm_type: number; name: string }>(
    'SELECT id, crm_type, name FROM crm_integrations WHERE tenant_id = $1',
    [tenantId],
  );
  const row = r.rows[0];
  return row ? { id: row.id, crmType: row.crm_type as CrmTypeValue, name: row.name } : null;
}

export class TicketProfiles {
  constructor(
    private readonly database: Database,
    private readonly secrets: Secrets,
    private readonly allowHttp: boolean,
    private readonly outbound: OutboundPolicy = STRICT_OUTBOUND,
  ) {}

  /** A webhook URL whose host is in a private or local range is refused before anything is written. */
  private async checkWebhookTarget(input: TicketProfileInput): Promise<void> {
    const url = input.Type === NotificationKind.Webhook ? input.WebhookUrl?.trim() : undefined;
    if (!url) return;
    const problem = await urlProblem(url, this.outbound);
    if (problem) fail([{ Field: 'WebhookUrl', Message: problem }]);
  }

  private async row(q: QueryFn, tenantId: number, id: number): Promise<ProfileDbRow> {
    const r = await q<ProfileDbRow>(`${PROFILE_SELECT} WHERE p.tenant_id = $1 AND p.id = $2`, [tenantId, id]);
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  }

  private run(): QueryFn {
    return (text, params) => this.database.query(text, params);
  }

  async get(tenantId: number, id: number): Promise<TicketProfile> {
    return toProfile(await this.row(this.run(), tenantId, id));
  }

  async list(tenantId: number, query: z.infer<typeof TicketProfileListQuery>): Promise<Paged<TicketProfileListItem>> {
    const params: unknown[] = [tenantId];
    let where = 'p.tenant_id = $1';
    if (query.Search?.trim()) {
      params.push(likeTerm(query.Search));
      where += ` AND p.name ILIKE $${params.length}`;
    }
    const order = LIST_ORDER[query.OrderBy ?? 'Name'];
    const dir = query.OrderAscending === false ? 'DESC' : 'ASC';
    params.push(query.Size, (query.Page - 1) * query.Size);
    const r = await this.database.query<ProfileDbRow & { total: string | number }>(
      `SELECT x.*, count(*) OVER () AS total FROM (${PROFILE_SELECT} WHERE ${where}) x
        ORDER BY ${order.replace('p.', 'x.')} ${dir}, x.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = Number(r.rows[0]?.total ?? (await this.count(tenantId, where, params.slice(0, -2))));
    return {
      Results: r.rows.map((x) => ({
        Id: x.id,
        Name: x.name,
        Type: x.type as NotificationKindValue,
        GroupBy: x.group_by as TicketGroupByValue,
        Target: targetOf(x),
        RulesCount: Number(x.rules_count),
        OpenTickets: Number(x.open_tickets),
        UpdatedAt: new Date(x.updated_at).toISOString(),
      })),
      Page: query.Page,
      PageSize: query.Size,
      Total: total,
      TotalPages: Math.ceil(total / query.Size),
    };
  }

  /** A page past the end still reports how many there are. */
  private async count(_tenantId: number, where: string, params: unknown[]): Promise<number> {
    const r = await this.database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ticket_profiles p WHERE ${where}`,
      params,
    );
    return Number(r.rows[0].n);
  }

  async dropdown(tenantId: number): Promise<{ Id: number; Name: string; Type: NotificationKindValue }[]> {
    const r = await this.database.query<{ id: number; name: string; type: number }>(
      'SELECT id, name, type FROM ticket_profiles WHERE tenant_id = $1 ORDER BY lower(name), id',
      [tenantId],
    );
    return r.rows.map((x) => ({ Id: x.id, Name: x.name, Type: x.type as NotificationKindValue }));
  }

  async psaConfig(tenantId: number): Promise<ProfilePsaConfig> {
    const psa = await currentPsa(this.database, tenantId);
    return psa
      ? { CrmTypeId: psa.crmType, Id: psa.id, Name: psa.name }
      : { CrmTypeId: CrmType.NotConfigured, Id: null, Name: null };
  }

  /** Checks the payload and the tenant's references; throws 400 with every problem found. */
  private async check(
    q: QueryFn,
    tenantId: number,
    input: TicketProfileInput,
    existing: { id: number; hasSecret: boolean } | null,
  ): Promise<{ profile: CheckedProfile; psa: CurrentPsa | null }> {
    const psa = await currentPsa(q, tenantId);
    const { profile, errors } = checkProfile(input, {
      crmType: psa?.crmType ?? null,
      hasSecret: existing?.hasSecret ?? false,
      allowHttp: this.allowHttp,
    });
    const more: FieldError[] = [];
    const taken = await q(
      'SELECT 1 FROM ticket_profiles WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3',
      [tenantId, profile.name, existing?.id ?? 0],
    );
    if (taken.rows.length) more.push({ Field: 'Name', Message: profileMessages.nameTaken(profile.name) });
    const catchAll = profile.settings.CatchAllCompany;
    if (profile.type === NotificationKind.PSA && typeof catchAll === 'number') {
      const c = await q('SELECT 1 FROM companies WHERE tenant_id = $1 AND id = $2 AND type = $3', [
        tenantId,
        catchAll,
        CompanyType.Psa,
      ]);
      if (!c.rows.length) more.push({ Field: 'CatchAllCompany', Message: profileMessages.catchAllNotPsa });
    }
    if (profile.emailSettingsId !== null) {
      const e = await q('SELECT 1 FROM email_settings WHERE tenant_id = $1 AND id = $2', [
        tenantId,
        profile.emailSettingsId,
      ]);
      if (!e.rows.length) more.push({ Field: 'EmailSettingsId', Message: profileMessages.emailSettingsUnknown });
    }
    const all = [...errors, ...more];
    if (all.length) fail(all);
    return { profile, psa };
  }

  private sealed(tenantId: number, secret: string | null): string | null {
    return secret === null ? null : this.secrets.seal(secret, webhookContext(tenantId));
  }

  async create(actor: Actor, input: TicketProfileInput): Promise<number> {
    await this.checkWebhookTarget(input);
    return this.database.transaction(async (q) => {
      const { profile, psa } = await this.check(q, actor.tenantId, input, null);
      const r = await q<{ id: number }>(
        `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, custom_subject, custom_description, settings,
                                      crm_integration_id, email_settings_id, webhook_secret)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) RETURNING id`,
        [
          actor.tenantId,
          profile.name,
          profile.type,
          profile.groupBy,
          profile.customSubject,
          profile.customDescription,
          JSON.stringify(profile.settings),
          profile.type === NotificationKind.PSA ? (psa?.id ?? null) : null,
          profile.emailSettingsId,
          this.sealed(actor.tenantId, profile.webhookSecret),
        ],
      );
      const id = r.rows[0].id;
      await logActivity(q, actor, {
        action: 'Ticket profile created',
        entityType: 'TicketProfile',
        entityId: id,
        entityName: profile.name,
        after: logView(toProfile(await this.row(q, actor.tenantId, id))),
      });
      return id;
    });
  }

  async update(actor: Actor, input: TicketProfileUpdate): Promise<void> {
    await this.checkWebhookTarget(input);
    await this.database.transaction(async (q) => {
      const current = await q<{ has_secret: boolean; type: number }>(
        `SELECT webhook_secret IS NOT NULL AS has_secret, type FROM ticket_profiles
          WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
        [actor.tenantId, input.Id],
      );
      const row = current.rows[0];
      if (!row) throw notFound();
      const before = logView(toProfile(await this.row(q, actor.tenantId, input.Id)));
      // A stored secret is kept only while the profile stays a webhook.
      const keepSecret = row.has_secret && row.type === NotificationKind.Webhook;
      const { profile, psa } = await this.check(q, actor.tenantId, input, { id: input.Id, hasSecret: keepSecret });
      const secret =
        profile.type !== NotificationKind.Webhook
          ? { sql: 'NULL', params: [] }
          : profile.webhookSecret !== null
            ? { sql: '$11', params: [this.sealed(actor.tenantId, profile.webhookSecret)] }
            : { sql: 'webhook_secret', params: [] };
      await q(
        `UPDATE ticket_profiles SET name = $3, type = $4, group_by = $5, custom_subject = $6, custom_description = $7,
                settings = $8::jsonb, crm_integration_id = $9, email_settings_id = $10,
                webhook_secret = ${secret.sql}, updated_at = now()
          WHERE tenant_id = $1 AND id = $2`,
        [
          actor.tenantId,
          input.Id,
          profile.name,
          profile.type,
          profile.groupBy,
          profile.customSubject,
          profile.customDescription,
          JSON.stringify(profile.settings),
          profile.type === NotificationKind.PSA ? (psa?.id ?? null) : null,
          profile.emailSettingsId,
          ...secret.params,
        ],
      );
      const after = logView(toProfile(await this.row(q, actor.tenantId, input.Id)));
      const diff = changes(before, after);
      if (profile.type === NotificationKind.Webhook && profile.webhookSecret !== null)
        diff.after.WebhookSecret = 'changed';
      await logActivity(q, actor, {
        action: 'Ticket profile edited',
        entityType: 'TicketProfile',
        entityId: input.Id,
        entityName: profile.name,
        ...diff,
      });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.database.transaction(async (q) => {
      const p = await q<{ name: string; type: number }>(
        'SELECT name, type FROM ticket_profiles WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
        [actor.tenantId, id],
      );
      if (!p.rows.length) throw notFound();
      const rules = await q<{ n: string | number }>('SELECT count(*) AS n FROM ticket_rules WHERE profile_id = $1', [
        id,
      ]);
      const n = Number(rules.rows[0].n);
      if (n > 0) throw new HttpError(409, profileMessages.inUse(n));
      await q('UPDATE crm_integrations SET ticket_profile_id = NULL WHERE tenant_id = $1 AND ticket_profile_id = $2', [
        actor.tenantId,
        id,
      ]);
      await q('DELETE FROM ticket_profiles WHERE tenant_id = $1 AND id = $2', [actor.tenantId, id]);
      await logActivity(q, actor, {
        action: 'Ticket profile deleted',
        entityType: 'TicketProfile',
        entityId: id,
        entityName: p.rows[0].name,
        before: { Name: p.rows[0].name, Type: p.rows[0].type },
      });
    });
  }

  /**
   * Points a PSA profile at the tenant's current PSA. PSA ids picked from another PSA (boards,
   * statuses, the catch-all company…) mean nothing to this one and are cleared, so the profile
   * must be completed before it opens tickets again.
   */
  async relinkPsa(actor: Actor, id: number): Promise<TicketProfile> {
    return this.database.transaction(async (q) => {
      const r = await this.row(q, actor.tenantId, id);
      if (r.type !== NotificationKind.PSA) throw new HttpError(400, 'Only PSA profiles are linked to a PSA');
      const psa = await currentPsa(q, actor.tenantId);
      if (!psa) throw new HttpError(400, PROFILE_MESSAGES.noPsa);
      if (r.crm_integration_id !== psa.id) {
        const settings: StoredSettings = { ...r.settings };
        for (const f of PSA_FIELDS) settings[f] = null;
        settings.IgnoreTicketStatusIds = [];
        await q(
          `UPDATE ticket_profiles SET crm_integration_id = $3, settings = $4::jsonb, updated_at = now()
            WHERE tenant_id = $1 AND id = $2`,
          [actor.tenantId, id, psa.id, JSON.stringify(settings)],
        );
      }
      return toProfile(await this.row(q, actor.tenantId, id));
    });
  }

  /**
   * Makes sure the tenant has an e-mail profile to start from: "Default e-mail profile", sent
   * to the tenant's administrators through its default SMTP settings. Calling it again changes
   * nothing once the tenant has an e-mail profile.
   */
  async migrate(actor: Actor): Promise<TicketProfileListItem[]> {
    await this.database.transaction(async (q) => {
      // One migration at a time per tenant.
      await q('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [actor.tenantId]);
      const has = await q('SELECT 1 FROM ticket_profiles WHERE tenant_id = $1 AND type = $2', [
        actor.tenantId,
        NotificationKind.Email,
      ]);
      if (has.rows.length) return;
      const admins = await q<{ email: string }>(
        `SELECT email FROM users WHERE tenant_id = $1 AND level = $2 AND is_enabled ORDER BY id`,
        [actor.tenantId, UserLevel.Administrator],
      );
      const smtp = await q<{ id: number }>(
        'SELECT id FROM email_settings WHERE tenant_id = $1 ORDER BY is_default DESC, id LIMIT 1',
        [actor.tenantId],
      );
      await q(
        `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, settings, email_settings_id)
         VALUES ($1, $2, $3, 0, $4::jsonb, $5)
         ON CONFLICT (tenant_id, lower(name)) DO NOTHING`,
        [
          actor.tenantId,
          DEFAULT_EMAIL_PROFILE,
          NotificationKind.Email,
          JSON.stringify({
            Recipients: admins.rows.map((a) => a.email),
            IncludeCompanyName: true,
            IncludeFailureText: true,
          }),
          smtp.rows[0]?.id ?? null,
        ],
      );
    });
    const all = await this.list(actor.tenantId, { Page: 1, Size: 500 });
    return all.Results;
  }
}

export const DEFAULT_EMAIL_PROFILE = 'Default e-mail profile';

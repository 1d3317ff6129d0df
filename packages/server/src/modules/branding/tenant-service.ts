import { ServerMessages, TenantConfigInput, type TenantConfig, type TenantInfo } from '@vigil/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { iso } from '../../platform/dates.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { rescheduleTenant } from '../reports/scheduled.ts';
import { countryById } from './countries.ts';
import { isTimeZone } from './timezones.ts';
import { tenantSubscriptionStatus } from '../billing/status.ts';

interface TenantRow {
  id: number;
  unified_id: string;
  name: string;
  slug: string;
  is_enabled: boolean;
  time_zone_id: string;
  country: string;
  date_format: string;
  time_format: string;
  subscription: string;
  email_domain: string | null;
  secondary_email_domains: string[];
  auto_upgrade: boolean;
  delete_requested_at: Date | string | null;
  scalepad_tenant_id: string | null;
  created_at: Date | string;
}

export const unknownTimeZone = (id: string) => `${id} is not a known time zone`;
export const unknownCountry = (id: string) => `${id} is not a known country`;

/** Settings → Tenant and the tenant switches (platform §7 Tenant configuration). */
export class TenantSettingsService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'config' | 'jobs' | 'rollup'>) {}

  async row(tenantId: number): Promise<TenantRow> {
    const r = await this.deps.database.query<TenantRow>('SELECT * FROM tenants WHERE id = $1', [tenantId]);
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  }

  async config(tenantId: number): Promise<TenantConfig> {
    const t = await this.row(tenantId);
    return {
      Name: t.name,
      PrimaryUserEmailDomain: t.email_domain,
      SecondaryUserEmailDomains: t.secondary_email_domains ?? [],
      TimeZoneId: t.time_zone_id,
      Country: t.country,
      DateFormat: t.date_format,
      TimeFormat: t.time_format,
      DateTimeFormat: `${t.date_format} ${t.time_format}`,
      AutoUpgrade: t.auto_upgrade,
      IsEnabled: t.is_enabled,
      DeleteRequestedAt: t.delete_requested_at ? iso(t.delete_requested_at) : null,
    };
  }

  /**
   * Saves the settings in one statement. A new time zone moves the business days: the tenant's
   * active backups are re-rolled and its scheduled reports get new due times.
   */
  async saveConfig(tenantId: number, input: z.output<typeof TenantConfigInput>): Promise<TenantConfig> {
    if (!isTimeZone(input.TimeZoneId)) throw badRequest(unknownTimeZone(input.TimeZoneId), 'TimeZoneId');
    const country = countryById(input.Country);
    if (!country) throw badRequest(unknownCountry(input.Country), 'Country');
    const before = await this.row(tenantId);
    const secondary = [...new Set(input.SecondaryUserEmailDomains)];
    await this.deps.database.query(
      `UPDATE tenants SET name = $2, email_domain = $3, secondary_email_domains = $4::jsonb, time_zone_id = $5,
              country = $6, date_format = $7, time_format = $8
        WHERE id = $1`,
      [
        tenantId,
        input.Name,
        input.PrimaryUserEmailDomain,
        JSON.stringify(secondary),
        input.TimeZoneId,
        country.Id,
        input.DateFormat,
        input.TimeFormat,
      ],
    );
    if (before.time_zone_id !== input.TimeZoneId) {
      await rescheduleTenant(this.deps.database, tenantId);
      const active = await this.deps.database.query<{ id: number }>(
        `SELECT id FROM backups WHERE tenant_id = $1 AND state = 'Active' ORDER BY id`,
        [tenantId],
      );
      await queueReroll(
        this.deps,
        active.rows.map((b) => b.id),
      );
    }
    return this.config(tenantId);
  }

  async info(tenantId: number): Promise<TenantInfo> {
    const t = await this.row(tenantId);
    return {
      Id: t.id,
      UnifiedId: t.unified_id,
      Name: t.name,
      InboundEmail: `${t.slug}@${this.deps.config.INBOUND_DOMAIN}`,
      Subscription: await tenantSubscriptionStatus(this.deps.database, tenantId),
      CreatedAt: iso(t.created_at),
      IsEnabled: t.is_enabled,
      AutoUpgrade: t.auto_upgrade,
      DeleteRequestedAt: t.delete_requested_at ? iso(t.delete_requested_at) : null,
      TimeZoneId: t.time_zone_id,
      Country: t.country,
    };
  }

  async setAutoUpgrade(tenantId: number, on: boolean): Promise<TenantInfo> {
    await this.deps.database.query('UPDATE tenants SET auto_upgrade = $2 WHERE id = $1', [tenantId, on]);
    return this.info(tenantId);
  }

  /**
   * A tenant may confirm it is on, never switch itself off: that would lock out every user with
   * no way back in. Disabling is done by the platform team (Admin Portal → Tenants).
   */
  async setEnabled(tenantId: number, on: boolean): Promise<TenantInfo> {
    if (!on) throw new HttpError(403, ServerMessages.tenantSelfDisable);
    await this.deps.database.query('UPDATE tenants SET is_enabled = $2 WHERE id = $1', [tenantId, on]);
    return this.info(tenantId);
  }

  /**
   * Records (true) or withdraws (false) the tenant's request to delete its account. Nothing is
   * deleted here: the platform team sees the request in the Admin Portal and closes the account
   * after the billing period; until then the tenant keeps working and may change its mind.
   */
  async requestDeletion(tenantId: number, on: boolean): Promise<TenantInfo> {
    await this.deps.database.query(
      `UPDATE tenants SET delete_requested_at = CASE WHEN $2::boolean THEN COALESCE(delete_requested_at, now()) END
        WHERE id = $1`,
      [tenantId, on],
    );
    return this.info(tenantId);
  }

  async setSubscriptionNotes(tenantId: number, notes: string) {
    const t = await this.row(tenantId);
    await this.deps.database.query(
      `INSERT INTO subscriptions (tenant_id, notes, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (tenant_id) DO UPDATE SET notes = $2, updated_at = now()`,
      [tenantId, notes],
    );
    return { TenantId: t.id, TenantSubscriptionNotes: notes, ScalePadTenantId: t.scalepad_tenant_id };
  }

  async setScalePadTenant(tenantId: number, id: string | null) {
    await this.row(tenantId);
    const value = id ? id : null;
    await this.deps.database.query('UPDATE tenants SET scalepad_tenant_id = $2 WHERE id = $1', [tenantId, value]);
    const s = await this.deps.database.query<{ notes: string }>(
      'SELECT notes FROM subscriptions WHERE tenant_id = $1',
      [tenantId],
    );
    return { TenantId: tenantId, TenantSubscriptionNotes: s.rows[0]?.notes ?? '', ScalePadTenantId: value };
  }
}

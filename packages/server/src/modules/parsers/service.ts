import type {
  ParserPreviewRow,
  ParserRule,
  ParserSample,
  ParserSourceEmail,
  TenantParser,
  TenantParserInput,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { readMail } from '../../parser/mime.ts';
import { applyRule, compilePattern, keyValueLines, ruleText, sampleDiff } from '../../parser/tenant/rule.ts';
import { userNameSql } from '../audit/common.ts';
import { visibleSql, type Scope } from '../audit/scope.ts';
import { vendorNames } from '../ingest/emails-service.ts';

/** Refusal of a rule change that breaks one of the parser's samples. */
export const SAMPLES_BROKEN = 'The rule no longer reads its samples as expected.';
/** The text of a sample kept with the parser (the e-mail itself may be purged). */
const SAMPLE_TEXT_MAX = 20_000;

export interface ParserRow {
  id: number;
  tenant_id: number;
  name: string;
  vendor: string;
  rule: ParserRule;
  samples: ParserSample[];
  enabled: boolean;
  built_in: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  created_by_name: string | null;
  updated_by_name: string | null;
}

export const PARSER_SELECT = `SELECT p.*, ${userNameSql('cu')} AS created_by_name, ${userNameSql('uu')} AS updated_by_name
  FROM tenant_parsers p LEFT JOIN users cu ON cu.id = p.created_by LEFT JOIN users uu ON uu.id = p.updated_by`;

export function toParser(r: ParserRow): TenantParser {
  return {
    Id: r.id,
    Name: r.name,
    Vendor: r.vendor,
    Enabled: r.enabled,
    BuiltIn: r.built_in,
    Rule: { ...r.rule, SubjectContains: r.rule.SubjectContains ?? '' },
    Samples: r.samples ?? [],
    CreatedAt: new Date(r.created_at).toISOString(),
    CreatedBy: r.created_by_name,
    UpdatedAt: new Date(r.updated_at).toISOString(),
    UpdatedBy: r.updated_by_name,
  };
}

/** Patterns must compile: a broken one is refused with the field that holds it. */
function checkPatterns(rule: ParserRule): void {
  for (const [name, field] of [
    ['Job', rule.Job],
    ['Device', rule.Device],
    ['StatusFrom', rule.StatusFrom],
  ] as const) {
    if (field.Kind === 'pattern' && !compilePattern(field.Pattern))
      throw badRequest('The pattern is not a valid regular expression.', `Rule.${name}.Pattern`);
  }
}

/** Every sample must still read as expected; otherwise 400 with the difference per sample and field. */
export function checkSamples(rule: ParserRule, samples: ParserSample[]): void {
  const errors: { Field: string; Message: string }[] = [];
  samples.forEach((s, i) => {
    for (const d of sampleDiff(rule, s))
      errors.push({
        Field: `Samples[${i}].${d.field}`,
        Message: `"${s.Subject}": expected "${d.expected}", got "${d.got}"`,
      });
  });
  if (errors.length) throw new HttpError(400, SAMPLES_BROKEN, errors);
}

export class ParserService {
  constructor(
    private readonly database: Database,
    private readonly blobs: BlobStore,
  ) {}

  async list(tenantId: number): Promise<TenantParser[]> {
    const r = await this.database.query<ParserRow>(`${PARSER_SELECT} WHERE p.tenant_id = $1 ORDER BY p.name, p.id`, [
      tenantId,
    ]);
    return r.rows.map(toParser);
  }

  async get(tenantId: number, id: number): Promise<TenantParser> {
    const r = await this.database.query<ParserRow>(`${PARSER_SELECT} WHERE p.tenant_id = $1 AND p.id = $2`, [
      tenantId,
      id,
    ]);
    if (!r.rows[0]) throw notFound();
    return toParser(r.rows[0]);
  }

  /** A stored e-mail of the caller's, decoded for the builder. */
  async sourceEmail(scope: Scope, emailId: number): Promise<ParserSourceEmail> {
    const params: unknown[] = [scope.tenantId, emailId];
    const seen = visibleSql('email', scope.visible, params);
    const r = await this.database.query<{ id: number; blob_key: string; received_at: Date | string }>(
      `SELECT e.id, e.blob_key, e.received_at FROM emails e WHERE e.tenant_id = $1 AND e.id = $2 AND ${seen}`,
      params,
    );
    const row = r.rows[0];
    if (!row) throw notFound();
    const msg = await readMail(await this.blobs.get(row.blob_key));
    const text = msg.text.replace(/\r\n?/g, '\n').slice(0, SAMPLE_TEXT_MAX);
    return {
      emailId: Number(row.id),
      From: msg.from,
      Subject: msg.subject,
      ReceivedAt: new Date(row.received_at).toISOString(),
      Text: text,
      Suggestions: keyValueLines(ruleText({ subject: msg.subject, text })),
    };
  }

  private async sampleOf(scope: Scope, input: NonNullable<TenantParserInput['Sample']>): Promise<ParserSample> {
    const src = await this.sourceEmail(scope, input.emailId);
    return { emailId: src.emailId, From: src.From, Subject: src.Subject, Text: src.Text, Expected: input.Expected };
  }

  async create(scope: Scope, userId: number, input: TenantParserInput & { Enabled: boolean }): Promise<TenantParser> {
    checkPatterns(input.Rule);
    const samples = input.Sample ? [await this.sampleOf(scope, input.Sample)] : [];
    checkSamples(input.Rule, samples);
    const r = await this.database.query<{ id: number }>(
      `INSERT INTO tenant_parsers (tenant_id, name, vendor, sender, subject_contains, rule, samples, enabled, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $9) RETURNING id`,
      [
        scope.tenantId,
        input.Name,
        input.Vendor?.trim() || input.Name,
        input.Rule.Senders[0],
        input.Rule.SubjectContains ?? '',
        JSON.stringify(input.Rule),
        JSON.stringify(samples),
        input.Enabled,
        userId,
      ],
    );
    return this.get(scope.tenantId, r.rows[0].id);
  }

  async update(
    scope: Scope,
    userId: number,
    id: number,
    input: TenantParserInput & { Enabled: boolean },
  ): Promise<TenantParser> {
    const current = await this.get(scope.tenantId, id);
    checkPatterns(input.Rule);
    const samples = [...current.Samples];
    if (input.Sample) samples.push(await this.sampleOf(scope, input.Sample));
    checkSamples(input.Rule, samples);
    await this.database.query(
      `UPDATE tenant_parsers SET name = $3, vendor = $4, sender = $5, subject_contains = $6, rule = $7::jsonb,
              samples = $8::jsonb, enabled = $9, updated_by = $10, updated_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [
        scope.tenantId,
        id,
        input.Name,
        input.Vendor?.trim() || current.Vendor,
        input.Rule.Senders[0],
        input.Rule.SubjectContains ?? '',
        JSON.stringify(input.Rule),
        JSON.stringify(samples),
        input.Enabled,
        userId,
      ],
    );
    return this.get(scope.tenantId, id);
  }

  async remove(tenantId: number, id: number): Promise<void> {
    const r = await this.database.query('DELETE FROM tenant_parsers WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    if (!r.rowCount) throw notFound();
  }

  /** The rule applied to the latest e-mails from its senders (the caller's e-mails only). */
  async preview(scope: Scope, rule: ParserRule, limit: number): Promise<ParserPreviewRow[]> {
    checkPatterns(rule);
    const params: unknown[] = [scope.tenantId];
    const conds = rule.Senders.map((raw) => {
      const s = raw.trim().toLowerCase();
      if (s.includes('@') && !s.startsWith('@')) {
        params.push(s);
        return `lower(e.from_address) = $${params.length}`;
      }
      const d = s.replace(/^@/, '').replace(/[\\%_]/g, (c) => `\\${c}`);
      params.push(`%@${d}`, `%.${d}`);
      return `(lower(e.from_address) LIKE $${params.length - 1} OR lower(e.from_address) LIKE $${params.length})`;
    });
    const seen = visibleSql('email', scope.visible, params);
    params.push(limit);
    const r = await this.database.query<{
      id: number;
      blob_key: string;
      received_at: Date | string;
      subject: string;
      from_address: string;
      vendor: string | null;
    }>(
      `SELECT e.id, e.blob_key, e.received_at, e.subject, e.from_address, e.vendor FROM emails e
        WHERE e.tenant_id = $1 AND (${conds.join(' OR ')}) AND ${seen}
        ORDER BY e.received_at DESC, e.id DESC LIMIT $${params.length}`,
      params,
    );
    const rows: ParserPreviewRow[] = [];
    for (const e of r.rows) {
      let outcome: ReturnType<typeof applyRule> = { matched: false, reading: null, missing: [] };
      try {
        const msg = await readMail(await this.blobs.get(e.blob_key));
        outcome = applyRule(rule, msg);
      } catch {
        // An e-mail that cannot be read shows as not matched.
      }
      rows.push({
        emailId: Number(e.id),
        Subject: e.subject,
        From: e.from_address,
        ReceivedAt: new Date(e.received_at).toISOString(),
        Matched: outcome.matched,
        Read: outcome.reading !== null,
        Reading: outcome.reading,
        Missing: outcome.missing,
        CurrentVendor: e.vendor === null ? null : (vendorNames.get(e.vendor) ?? e.vendor),
      });
    }
    return rows;
  }
}

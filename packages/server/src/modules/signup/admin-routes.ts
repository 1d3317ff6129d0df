import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminTenantCreate,
  AdminTenantCreated,
  CouponCreate,
  CouponRow,
  CouponTypeRow,
  CouponTypes,
  Privilege,
  ResellerCreate,
  ResellerRow,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { coupons, resellers, subscriptions } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { iso } from '../../platform/dates.ts';
import { typed, type App } from '../../platform/http.ts';
import { createTenantByAdmin } from './admin-tenants.ts';
import { byCode, couponRow } from './coupons.ts';

const tags = ['Admin'];
/** Coupons, referral partners and new accounts are the sales side of the platform team. */
const sales = { access: { privilege: Privilege.salesAdminOrHigher } };
const idParam = z.object({ id: z.coerce.number().int().positive() });
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export function adminSignupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database.db;

  r.get(
    '/api/constant/coupon-types',
    { schema: { tags: ['Constants'], response: { 200: z.array(CouponTypeRow) } } },
    async () => CouponTypes.map((t) => ({ ...t })),
  );

  async function listCoupons(): Promise<CouponRow[]> {
    const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
    const now = new Date();
    return rows.map((c) => couponRow(c, now));
  }

  async function createCoupon(b: z.infer<typeof CouponCreate>): Promise<CouponRow> {
    const [dupe] = await db.select({ id: coupons.id }).from(coupons).where(byCode(b.Code));
    if (dupe) throw badRequest(`A coupon with the code ${b.Code} already exists.`, 'Code');
    try {
      const [c] = await db
        .insert(coupons)
        .values({
          code: b.Code,
          type: b.Type,
          value: b.Value,
          description: b.Description,
          maxRedemptions: b.MaxRedemptions ?? null,
          expiresAt: b.ExpiresAt ? new Date(b.ExpiresAt) : null,
        })
        .returning();
      return couponRow(c);
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(`A coupon with the code ${b.Code} already exists.`, 'Code');
      throw err;
    }
  }

  // The spec writes these with a trailing slash (`api/coupon/`); both spellings answer.
  for (const url of ['/api/coupon', '/api/coupon/']) {
    r.get(url, { config: sales, schema: { tags, response: { 200: z.array(CouponRow) } } }, async () => listCoupons());
    r.post(url, { config: sales, schema: { tags, body: CouponCreate, response: { 200: CouponRow } } }, async (req) =>
      createCoupon(req.body),
    );
  }

  // Deleting stops further use; accounts that redeemed it keep what it gave them at sign-up.
  r.delete(
    '/api/coupon/:id',
    { config: sales, schema: { tags, params: idParam, response: { 200: CouponRow } } },
    async (req) => {
      const [c] = await db.delete(coupons).where(eq(coupons.id, req.params.id)).returning();
      if (!c) throw notFound();
      return couponRow(c);
    },
  );

  async function resellerRows(ids?: number[]): Promise<ResellerRow[]> {
    const rows = await db
      .select()
      .from(resellers)
      .where(ids ? inArray(resellers.id, ids) : undefined)
      .orderBy(sql`lower(${resellers.name})`, resellers.id);
    const counts = await db
      .select({ id: subscriptions.resellerId, n: count() })
      .from(subscriptions)
      .where(inArray(subscriptions.resellerId, rows.length ? rows.map((x) => x.id) : [0]))
      .groupBy(subscriptions.resellerId);
    const by = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return rows.map((x) => ({
      Id: x.id,
      Code: x.code,
      Name: x.name,
      Email: x.email,
      SignupUrl: `${deps.config.publicUrl}/page/signup/${encodeURIComponent(x.code)}`,
      TenantsCount: by.get(x.id) ?? 0,
      CreatedAt: iso(x.createdAt),
    }));
  }

  async function createReseller(b: z.infer<typeof ResellerCreate>): Promise<ResellerRow> {
    const taken = () => badRequest(`A reseller with the code ${b.Code} already exists.`, 'Code');
    const [dupe] = await db
      .select({ id: resellers.id })
      .from(resellers)
      .where(sql`lower(${resellers.code}) = ${b.Code.toLowerCase()}`);
    if (dupe) throw taken();
    try {
      const [x] = await db.insert(resellers).values({ code: b.Code, name: b.Name, email: b.Email }).returning();
      return (await resellerRows([x.id]))[0];
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
  }

  for (const url of ['/api/reseller', '/api/reseller/']) {
    r.get(url, { config: sales, schema: { tags, response: { 200: z.array(ResellerRow) } } }, async () =>
      resellerRows(),
    );
    r.post(
      url,
      { config: sales, schema: { tags, body: ResellerCreate, response: { 200: ResellerRow } } },
      async (req) => createReseller(req.body),
    );
  }

  // Deleting ends the referral link; tenants it referred keep the reseller id on their subscription.
  r.delete(
    '/api/reseller/:id',
    { config: sales, schema: { tags, params: idParam, response: { 200: ResellerRow } } },
    async (req) => {
      const [row] = await resellerRows([req.params.id]);
      if (!row) throw notFound();
      await db.delete(resellers).where(eq(resellers.id, req.params.id));
      return row;
    },
  );

  r.post(
    '/api/admin/tenants',
    { config: sales, schema: { tags, body: AdminTenantCreate, response: { 200: AdminTenantCreated } } },
    async (req) => createTenantByAdmin(deps, req.body),
  );
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Invoice } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { ProviderInvoice } from './providers/provider.ts';
import { isoOrNull } from '../../platform/dates.ts';

type InvoiceRow = typeof invoices.$inferSelect;

export function presentInvoice(r: InvoiceRow): Invoice {
  return {
    Id: r.id,
    Number: r.number,
    Status: r.status,
    AmountCents: r.amountCents,
    Currency: r.currency,
    PeriodStart: isoOrNull(r.periodStart),
    PeriodEnd: isoOrNull(r.periodEnd),
    IssuedAt: r.issuedAt.toISOString(),
    PaidAt: isoOrNull(r.paidAt),
    HostedUrl: r.hostedUrl,
    PdfUrl: r.pdfUrl,
    Lines: r.lines.map((l) => ({ Description: l.description, Quantity: l.quantity, AmountCents: l.amountCents })),
  };
}

/** `GET api/invoice/`: the tenant's invoices, newest first. */
export async function listInvoices(database: Database, tenantId: number): Promise<Invoice[]> {
  const rows = await database.db
    .select()
    .from(invoices)
    .where(eq(invoices.tenantId, tenantId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map(presentInvoice);
}

/**
 * Records a provider's invoice once: the provider id is unique, so a repeated webhook or a
 * later sync updates the row (status, paid date, links) instead of adding another.
 */
export async function recordProviderInvoice(database: Database, tenantId: number, i: ProviderInvoice): Promise<void> {
  const values = {
    tenantId,
    number: i.number,
    status: i.status,
    amountCents: i.amountCents,
    currency: i.currency,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    issuedAt: i.issuedAt,
    paidAt: i.paidAt,
    providerInvoiceId: i.id,
    hostedUrl: i.hostedUrl,
    pdfUrl: i.pdfUrl,
    lines: i.lines,
  };
  const { tenantId: _owner, providerInvoiceId: _id, ...changes } = values;
  await database.db
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.providerInvoiceId,
      // Never move an invoice to another tenant.
      set: changes,
      setWhere: sql`${invoices.tenantId} = ${tenantId}`,
    });
}

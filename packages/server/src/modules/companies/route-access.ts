// Access, tags and shared schemas of the company and client routes.
import { z } from 'zod';

export const canView = { access: { permissions: ['manage.getCompanies'] } };
export const canEdit = { access: { permissions: ['manage.editCompanies'] } };
/** The company dropdown serves filters across the product (Audit, reports), not only Manage. */
export const canPick = { access: { permissions: ['manage.getCompanies', 'audit.getAudit'], operator: 'or' as const } };
export const tags = ['Companies'];
/**
 * The apply previews list every backup a rule or mapping would place (thousands at once). Their
 * answers are typed by the contract at compile time and sent as plain JSON rather than checked
 * against the response schema again at run time; the schema still documents them.
 */
export const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
export const clientTags = ['Clients'];

export const ClientPath = z.object({
  kind: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['tag', 'vendor']))
    .transform((s) => (s === 'tag' ? ('Tag' as const) : ('Vendor' as const))),
  clientId: z.string().min(1).max(200),
});

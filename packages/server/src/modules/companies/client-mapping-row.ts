// A saved client mapping's database row and its API shape.
import type { ClientMapping } from '@vigil/contract';

export interface MappingDbRow {
  id: number;
  kind: string;
  client_id: string;
  company_id: number | null;
  company_name: string | null;
}

export const toMapping = (m: MappingDbRow): ClientMapping => ({
  Id: m.id,
  Kind: m.kind === 'Vendor' ? 'Vendor' : 'Tag',
  ClientId: m.client_id,
  CompanyId: m.company_id,
  CompanyName: m.company_name,
});

import type { CrmOperation } from '@vigil/contract';
import type { crmIntegrations, crmOperations } from '../../db/schema/index.ts';

/** A tenant's PSA integration as stored. */
export type IntegrationRow = typeof crmIntegrations.$inferSelect;
/** A long PSA operation (a sync, a preload) as stored. */
export type OperationRow = typeof crmOperations.$inferSelect;
export type OperationKind = CrmOperation['Kind'];

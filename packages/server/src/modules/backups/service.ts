// Backups in Manage: the lists, lookups, counts and activation suggestions (re-exported from their files).
export { MAILBOX_VENDORS, WORKSTATION_VENDORS } from './policy-columns.ts';
export type { PolicyState } from './policy-columns.ts';
export { toPolicyRow } from './policy-row.ts';
export { listPolicies } from './list-policies.ts';
export { policiesByIds, policyCount } from './policy-lookup.ts';
export { toActivate } from './to-activate.ts';

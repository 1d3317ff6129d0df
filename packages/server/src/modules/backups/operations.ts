/**
 * The backup lifecycle (features §4.4, §4.7): activate and edit, retire, reactivate, delete and
 * merge. Each call is one transaction with its activity log lines; the history re-roll follows
 * the commit. Ids the caller may not touch (another tenant's, a company they cannot see, a
 * backup in the wrong state) are refused as a whole: 404, nothing written.
 */

export type { OperationOutcome } from './operation-context.ts';
export { editPolicies } from './edit-policies.ts';
export { retirePolicies, reactivatePolicies } from './retire-policies.ts';
export { deletePolicies } from './delete-policies.ts';
export { mergePolicies } from './merge-policies.ts';
export { pausePolicy } from './pause-policy.ts';

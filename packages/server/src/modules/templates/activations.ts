// Template auto-activations: the record, activating on request and forgetting (re-exported from their files).

/** Auto-activation's record: which backups a template activated, listed, made now and cleared. */

export { deleteActivations, recordActivations } from './activation-records.ts';
export { listActivations } from './activation-list.ts';
export { activateNow } from './activate-now.ts';

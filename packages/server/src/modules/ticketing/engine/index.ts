/**
 * The ticketing engine: rules evaluated against backups' days (evaluate.ts) write tickets and
 * an outbox in one transaction; the outbox worker (deliver.ts) takes each action to the PSA,
 * the mailbox or the webhook with retries and backoff. Manual actions (manual.ts) use the same
 * tables and the same worker.
 */
export { evaluateTenant, type EvaluationResult } from './evaluate.ts';
export { deliverDue, backoffSeconds, kickDelivery, MAX_ATTEMPTS, TICKETING_DELIVER_QUEUE } from './deliver.ts';
export {
  createManualTicket,
  addTicketNote,
  linkExistingTicket,
  unlinkTicket,
  endTicketsForBackups,
  TICKET_MESSAGES,
} from './manual.ts';
export {
  renderSubject,
  renderDescription,
  subjectPattern,
  patternValues,
  globalSubject,
  groupLabel,
  statusName,
  type BackupText,
} from './texts.ts';
export { webhookSignature } from './webhook-delivery.ts';

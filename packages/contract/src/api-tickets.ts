/**
 * Ticketing (platform §7 Tickets and Policies; features §2.4, §3.3, §5.1, §5.2, §9).
 *
 * A ticket profile says where a ticket goes (the PSA, e-mail recipients, or a webhook) and how
 * it reads; a rule says when one is opened (which statuses, for how long, for which backups) and
 * with which profile. One ticket exists per rule and group (a backup, a company, a job name or a
 * device name, per the profile's GroupBy) while the problem lasts.
 */

export * from './api-ticket-kinds.ts';
export * from './api-ticket-profile-input.ts';
export * from './api-ticket-profiles.ts';
export * from './api-ticket-rules.ts';
export * from './api-ticket-issues.ts';
export * from './api-policy-tickets.ts';

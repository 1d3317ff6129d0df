/**
 * Companies (platform §3, §7 "Company (api/company)" and "Clients"; features §3.5): the client
 * companies of a tenant, their assignment rules and the client-id mapping that puts backups
 * under them.
 */

export * from './api-company-list.ts';
export * from './api-company-edit.ts';
export * from './api-company-rules.ts';
export * from './api-client-mappings.ts';

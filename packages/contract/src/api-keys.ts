/**
 * API keys (platform §7 Account: `GET/POST api/account/api-key`, `DELETE api/account/api-key/{id}`;
 * Settings → API Keys) and the public REST API they open (`/api/public/v1/…`, key in the
 * `ApiKey` header). A key belongs to the tenant, not to the user who made it.
 */

export * from './api-key-settings.ts';
export * from './api-public-queries.ts';
export * from './api-public-backups.ts';
export * from './api-public-results.ts';

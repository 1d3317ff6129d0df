import {
  API_KEY_HEADER,
  ErrorBody,
  PUBLIC_API_MAX_PAGE_SIZE,
  PUBLIC_API_RATE_LIMIT,
  PublicBackup,
  PublicBackupPage,
  PublicBackupParams,
  PublicBackupsQuery,
  PublicCompaniesQuery,
  PublicCompanyPage,
  PublicHistoryPage,
  PublicHistoryQuery,
  PublicResultPage,
  PublicResultsQuery,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { countRows, keyTenantOf } from '../../platform/auth/api-keys.ts';
import { typed, type App } from '../../platform/http.ts';
import { PublicApiService } from './public-service.ts';

/**
 * The public REST API, version 1: read-only views of the key's tenant for PSA, RMM and BI tools.
 * Every route takes the tenant API key in the `ApiKey` header (no bearer token), is limited per
 * key, and counts into the key's usage.
 */
const byKey = { access: { apiKey: true } };
const errors = { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody };
const common = {
  tags: ['Public API v1'],
  security: [{ apiKey: [] }],
};
const paging = `Paged with Page (from 1) and Size (default 50, at most ${PUBLIC_API_MAX_PAGE_SIZE}; a larger Size is answered 400). At most ${PUBLIC_API_RATE_LIMIT} requests a minute per key (429 with Retry-After). Authenticate with the ${API_KEY_HEADER} header.`;

export function publicApiRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const api = new PublicApiService(deps.database);

  r.get(
    '/api/public/v1/companies',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Client companies',
        description: `Companies by id, with their number of audited backups; Name filters by part of the name. ${paging}`,
        querystring: PublicCompaniesQuery,
        response: { 200: PublicCompanyPage, ...errors },
      },
    },
    async (req) => {
      const out = await api.companies(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );

  r.get(
    '/api/public/v1/backups',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Backups',
        description: `Backups by id. Filters: CompanyId, Status (current day status 0–6) and Active (true: audited backups; false: inactive and retired ones). ${paging}`,
        querystring: PublicBackupsQuery,
        response: { 200: PublicBackupPage, ...errors },
      },
    },
    async (req) => {
      const out = await api.backups(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );

  r.get(
    '/api/public/v1/backups/:id',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'One backup',
        params: PublicBackupParams,
        response: { 200: PublicBackup, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.backup(keyTenantOf(req), req.params.id);
      countRows(req, 1);
      return out;
    },
  );

  r.get(
    '/api/public/v1/results',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Backup results',
        description: `Results in time order, of one backup (BackupId) or all. From and To are ISO 8601 date-times or days (UTC; a day as To includes the whole day); by default the last seven days. ${paging}`,
        querystring: PublicResultsQuery,
        response: { 200: PublicResultPage, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.results(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );

  r.get(
    '/api/public/v1/daily-history',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Daily status history',
        description: `One row per audited backup and business day (the tenant's time zone), by backup then day: the day's status and its result counts. From and To are days; by default the 30 days up to today. ${paging}`,
        querystring: PublicHistoryQuery,
        response: { 200: PublicHistoryPage, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.history(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );
}

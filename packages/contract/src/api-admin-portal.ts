/** Admin Portal: a tenant's users, groups and account, platform administrators, statistics, jobs and error logs. */

export * from './api-admin-tenants.ts';
export * from './api-administrators.ts';
export * from './api-admin-statistics.ts';
export * from './api-admin-usage-statistics.ts';
export * from './api-admin-functions.ts';
export * from './api-error-log.ts';

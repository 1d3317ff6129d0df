export * from './platform.ts';
export * from './ingest.ts';
export * from './audit.ts';
export * from './manage.ts';
export * from './dashboards.ts';
export * from './reports.ts';
export * from './tickets.ts';
export * from './account.ts';

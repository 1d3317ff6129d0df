/**
 * Pure helpers of the e-mail intake screens (tenant Mailboxes, admin Parsing): labels, filters,
 * formatting and client-side checks that mirror the server's rules. One file per concern under
 * ingest/; this module gathers them for the screens.
 */
export * from './ingest/vendors';
export * from './ingest/states';
export * from './ingest/format';
export * from './ingest/filters';
export * from './ingest/checks';
export * from './ingest/layout';

export * from './platform.ts';
export * from './ingest.ts';

// Every intake thread starts here: TypeScript loading is not inherited by worker threads on
// Node 20, so the thread registers tsx itself, then loads the module its creator named.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData.entry, import.meta.url).href);

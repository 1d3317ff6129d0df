// Training thread bootstrap: TypeScript loading is not inherited by worker threads on Node 20,
// so the thread registers tsx itself before loading the worker module.
import { register } from 'tsx/esm/api';

register();
await import('./train-worker.ts');

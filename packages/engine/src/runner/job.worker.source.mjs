// Worker entry when running from TypeScript source (tests and `npm run dev:server`): Node 20 does not pass the
// parent's tsx loader to worker threads, so the worker registers it before loading the real entry. The built server
// starts `job.worker.js` directly and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./job.worker.ts');

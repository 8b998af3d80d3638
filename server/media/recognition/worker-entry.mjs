// Plain-JS entry of the recognition worker. On Node 20 a worker started with
// `execArgv: ['--import', 'tsx']` still fails on its .ts entry ("Unknown file extension"),
// whether or not the parent runs under tsx; registering tsx's ESM hooks from inside the
// worker and then importing the TypeScript module works under tsx, vitest and plain node.
import { register } from 'tsx/esm/api';

register();
await import('./recognition-worker.ts');

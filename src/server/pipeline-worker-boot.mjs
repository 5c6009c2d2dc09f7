// Runs the TypeScript worker when Corroborate runs from source (vitest, tsx): on Node 20 worker
// threads do not inherit tsx's loader, so register it first. The built product (dist/) starts
// pipeline-worker.js directly and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./pipeline-worker.ts');

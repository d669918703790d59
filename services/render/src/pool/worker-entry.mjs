// Worker bootstrap. Worker threads do not inherit the TypeScript loader a parent got from vitest
// (its transforms live in the parent only), and the pool starts workers with an empty execArgv so
// that `node --import tsx` in the parent does not register tsx twice. So each worker registers
// tsx itself through its ESM API (tsx ≥ 4, Node ≥ 20.6, module.register) before importing the
// TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');

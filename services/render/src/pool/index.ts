export { createRenderPool } from './pool';
export type { RenderPool, RenderPoolOptions, RenderPoolStats } from './pool';
export { RenderPoolError, RenderWorkerError } from './errors';
export type { RenderJobModule } from './protocol';

/** @jsonable/render: the table engine (and, beside it, the cell-image loader and worker pool). */
export { renderTable, ensureFontsRegistered, LIMITS, type RenderEnv } from './engine';
export {
  createRenderPool,
  RenderPoolError,
  RenderWorkerError,
  type RenderPool,
  type RenderPoolOptions,
  type RenderPoolStats,
} from './pool';

import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * Gives the event loop a turn, as a server does between requests. Native buffers (the canvas's
 * pixels) are released by finalizers that run on the loop; a loop of bare `await`s would never let
 * them run and would measure a leak no server has.
 */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs fn `warmup` times untimed, then `iterations` times timed; returns each duration in ms. */
export async function timeRuns(iterations: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) {
    await fn();
    await yieldToLoop();
  }
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    await yieldToLoop();
  }
  return times;
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

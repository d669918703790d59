import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server prerenders a page and while the browser hydrates it, true once React runs
 * it (and on every page rendered in the browser). A prerendered button is on screen before its
 * click handler exists: those that only work with the app (the demo's Generate Image, the plan
 * choices) stay disabled until then, so a click is never silently dropped.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

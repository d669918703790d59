/**
 * Parts of a page whose code is not among the page's modulepreloads (issue 26: a small first load).
 * The server HTML contains them in full, so they are on screen at once; in the browser their
 * chunks are fetched once the main bundle runs, and the page hydrates when they are there
 * (main.tsx asks for that before the first page hydrates; withDeferred does it for pages navigated
 * to). They are never left dehydrated waiting for code: React 19 drops a click made on such a
 * part (it stops the event when the part cannot hydrate at once), which would lose an early click
 * on "Choose Professional" or "Generate Image".
 */
import { lazy, Suspense, type ComponentType } from 'react';

const loaders: Array<() => Promise<unknown>> = [];
let eager = false;

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  loaders.push(get);
  const Lazy = lazy(get);
  return function Deferred(props: P) {
    const Loaded = loaded;
    return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>;
  };
}

/** Every deferred part of the pages loaded so far (the prerender step renders them in full). */
export async function loadDeferred(): Promise<void> {
  await Promise.all(loaders.map((get) => get()));
}

/** From now on a page loads with its deferred parts (main.tsx: before the first page is routed). */
export function loadDeferredWithPages(): void {
  eager = true;
}

/** A page module, once its deferred parts have loaded too when that is asked for. */
export async function withDeferred<T>(page: Promise<T>): Promise<T> {
  const module = await page;
  if (eager) await loadDeferred();
  return module;
}

/**
 * Parts of a prerendered page that hydrate after the rest (issue 26: a small first load). The
 * server HTML contains them in full; in the browser their code is not among the page's
 * modulepreloads but loads as hydration reaches them, and React keeps their server markup on
 * screen meanwhile (a dehydrated Suspense boundary: no layout shift, and clicks made before are
 * replayed once the part has hydrated). On client-side navigations the page's route waits for its
 * deferred parts (withDeferred), so the page never appears with a part missing.
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

/** From now on a page loads with its deferred parts: called once the first page has hydrated. */
export function loadDeferredWithPages(): void {
  eager = true;
}

/** A page module, once its deferred parts have loaded too when that is asked for. */
export async function withDeferred<T>(page: Promise<T>): Promise<T> {
  const module = await page;
  if (eager) await loadDeferred();
  return module;
}

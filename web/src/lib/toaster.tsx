/**
 * Toasts (SPEC §8, §9): one at a time — a new toast replaces the one showing. Errors are the
 * 'error' type (the spec's "destructive").
 *
 * The store and its view (toaster-ui.tsx, zag's toast machine: ~20 kB compressed) load after the
 * page has hydrated, off the first load every page pays; a toast asked for before they arrive
 * shows when they do.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let ui: Promise<typeof import('./toaster-ui')> | null = null;
const loadUi = () => (ui ??= import('./toaster-ui'));

export function notify(kind: ToastKind, title: string, description?: string): void {
  void loadUi().then((m) => m.notify(kind, title, description));
}

export const toast = {
  success: (title: string, description?: string) => notify('success', title, description),
  error: (title: string, description?: string) => notify('error', title, description),
  info: (title: string, description?: string) => notify('info', title, description),
};

const ToasterView = lazy(loadUi);

/** Mounted once the page is interactive (never in the prerendered HTML, so hydration matches). */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

// First: zod must be configured before any module creates a schema (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { loadDeferredWithPages } from './lib/deferred';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = await createAppRouter();
// The first page hydrates its deferred parts as they arrive; pages navigated to wait for theirs.
loadDeferredWithPages();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Public pages arrive prerendered (web/build/prerender.ts): React takes over their markup.
// Signed-in screens arrive as the empty shell and render here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

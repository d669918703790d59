// First: zod must be configured before any module creates a schema (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { loadDeferredWithPages } from './lib/deferred';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Every page, the first one included, loads its deferred parts' code before it renders or hydrates.
// A part left dehydrated while its code is on the way drops a click made on it (React 19 hydrates
// the clicked boundary at once when it can, and otherwise stops the event), so the landing page's
// "Choose Professional" and the demo's "Generate Image" would ignore an early click.
loadDeferredWithPages();
const router = await createAppRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Public pages arrive prerendered (web/build/prerender.ts): React takes over their markup.
// Signed-in screens arrive as the empty shell and render here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

// First: zod must be configured before any module creates a schema (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { preloadUser } from './lib/auth';
import { loadDeferredWithPages } from './lib/deferred';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Every page, the first one included, loads its deferred parts' code before it renders or hydrates.
// A part left dehydrated while its code is on the way drops a click made on it (React 19 hydrates
// the clicked boundary at once when it can, and otherwise stops the event), so the landing page's
// "Choose Professional" and the demo's "Generate Image" would ignore an early click.
loadDeferredWithPages();
// A signed-in screen arrives as the empty shell and waits for the session check before it shows
// anything: ask for the user now, while the screen's code is still loading, not once it has run
// (with 100,000 images the dashboard's first image came 0.65 s later for that wait alone). A
// prerendered public page shows its content without it, so it asks when its header gets there.
if (!root.firstElementChild) preloadUser();
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

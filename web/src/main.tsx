import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
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

import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app.tsx';
import { detectEmbedded } from './app/embedding.ts';
import { createI18n } from './i18n/i18n.ts';
import { startBootRefresh } from './lib/auth-session.ts';
import { registerAppServiceWorker } from './lib/service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// On a cold load these three run at once: the silent sign-in, the current screen's lazy code (the router starts
// loading it when created) and the language packs (those of the current screen included, see createI18n).
startBootRefresh();
const router = createAppRouter();
const i18n = await createI18n({ pathname: window.location.pathname });
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App i18n={i18n} embedded={detectEmbedded()} router={router} />
    </Suspense>
  </StrictMode>,
);
registerAppServiceWorker();

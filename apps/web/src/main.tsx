import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { detectEmbedded } from './app/embedding.ts';
import { createI18n } from './i18n/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const i18n = await createI18n();
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App i18n={i18n} embedded={detectEmbedded()} />
    </Suspense>
  </StrictMode>,
);

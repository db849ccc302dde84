import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { startFirstScreenRequests } from '@/app/guards/prefetch-entry';
import { createAppRouter } from '@/app/router';
import { wireSessionHandling } from '@/app/session-wiring';
import { initI18n, preloadNamespaces } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import './index.css';

async function start(): Promise<void> {
  // Creating the router starts loading the first screen's chunk, in parallel with the words it needs.
  const router = createAppRouter();
  wireSessionHandling(router);
  startFirstScreenRequests(router.state.matches, window.location.search, queryClient, preloadNamespaces);
  await initI18n();

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();

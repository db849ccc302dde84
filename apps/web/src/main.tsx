import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { startFirstScreenRequests } from '@/app/guards/prefetch-entry';
import { createAppRouter } from '@/app/router';
import { wireSessionHandling } from '@/app/session-wiring';
import { warmUpFirstRender } from '@/app/warm-up';
import { afterFirstScreen } from '@/lib/first-screen';
import { errorMessagesLoaded, initI18n, preloadNamespaces, type Namespace } from '@/lib/i18n';
import { detectBrowserLocale } from '@/lib/locale';
import { queryClient } from '@/lib/query-client';
import './index.css';

async function start(): Promise<void> {
  // Creating the router starts loading the first screen's chunk, in parallel with the words it needs.
  const router = createAppRouter();
  wireSessionHandling(router);
  // One language for everything below: the preloaded namespaces are the ones i18next will ask for.
  const locale = detectBrowserLocale();
  const preload = (namespaces: readonly Namespace[]) => preloadNamespaces(namespaces, locale);
  if (startFirstScreenRequests(router.state.matches, window.location.search, queryClient, preload)) {
    warmUpFirstRender(locale);
  }
  await initI18n(locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // Whatever shows an error waits for the catalogue (api-error), so it may come after the screen.
  afterFirstScreen(() => void errorMessagesLoaded(), { idleTimeoutMs: 2000, fallbackMs: 5000 });
}

void start();

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { showFlashMessage } from '@/lib/flash';
import { queryClient } from '@/lib/query-client';

/** App-wide services: the query cache and the toast area (SPEC §2: bottom centre, rich colours, close button, at most 9). */
export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    showFlashMessage();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/*
        sonner's own labels are English ("Notifications", "Close toast"); screen readers get the user's language.
        An open dialog turns pointer events off outside itself; toasts (their links, their close button) stay usable.
      */}
      <Toaster
        className="pointer-events-auto"
        position="bottom-center"
        // Above the sticky save bars (FormFooter, about 64 px high): a toast never covers Save.
        offset={{ bottom: 88 }}
        mobileOffset={{ bottom: 88 }}
        richColors
        closeButton
        visibleToasts={9}
        containerAriaLabel={t('toasts.region')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </QueryClientProvider>
  );
}

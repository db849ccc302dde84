import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { showFlashMessage } from '@/lib/flash';
import { queryClient } from '@/lib/query-client';

/** App-wide services: the query cache and the toast area (SPEC §2: bottom centre, rich colours, close button, at most 9). */
export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => {
    showFlashMessage();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="bottom-center" richColors closeButton visibleToasts={9} />
    </QueryClientProvider>
  );
}

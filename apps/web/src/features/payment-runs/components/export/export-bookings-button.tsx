import { BookOpenCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paymentRunLabel } from '../../model/payment-run-paths';

const AccountingExportDialog = lazy(() =>
  import('@/components/exports/accounting-export-dialog').then((module) => ({ default: module.AccountingExportDialog })),
);

/**
 * "Export bookings" of a run sent to the bank (issue 41): its payments as bookings bank to
 * creditor, in the accountant's format. The SEPA file stays the run's own download.
 */
export function ExportBookingsButton({ run, size = 'md' }: { run: { id: string; number: number }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('payment-runs');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="outline" onClick={() => setIsOpen(true)} data-testid="run-export-bookings">
        <BookOpenCheck aria-hidden="true" />
        {t('export.bookings')}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AccountingExportDialog
            open
            onOpenChange={setIsOpen}
            selection={{ kind: 'payment_run', paymentRunId: run.id }}
            subject={t('export.bookingsSubject', { label: paymentRunLabel(run.number) })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

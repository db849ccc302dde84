import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { Button } from '@/components/ui/button';
import { AddToRunDialog, type PaymentToAdd } from './add-to-run-dialog';

export interface AddToRunButtonProps {
  payment: PaymentToAdd;
  onAdded?: (run: PaymentRun) => void;
}

/**
 * "Add to payment run" for one payable payment (issue 59 item 5): the invoice detail and the
 * payment detail show it through the app layer, and only when the payment can join a run.
 */
export function AddToRunButton({ payment, onAdded }: AddToRunButtonProps) {
  // Without suspense: the screens that show this button need not wait for the payment-runs texts.
  const { t, ready } = useTranslation('payment-runs', { useSuspense: false });
  const [open, setOpen] = useState(false);
  if (!ready) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="add-to-run">
        <ListPlus aria-hidden="true" />
        {t('addToRun.button')}
      </Button>
      {open ? <AddToRunDialog payment={payment} open={open} onOpenChange={setOpen} onAdded={onAdded} /> : null}
    </>
  );
}

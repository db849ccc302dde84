import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createCounterpartyInlineSchema, type CounterpartySummary } from '@kontor/domain/counterparty';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { useCreateCounterparty } from '@/lib/master-data/counterparties';
import { notifyError, notifySuccess } from '@/lib/notify';

export type CounterpartyCreateValues = z.input<typeof createCounterpartyInlineSchema>;
type CreateValues = CounterpartyCreateValues;
const FIELDS = ['name', 'vatNumber', 'iban', 'bic'] as const;

export interface CounterpartyCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled from what the user typed and what the invoice already says, or from the supplier read on the document. */
  initial: CreateValues;
  onCreated: (counterparty: CounterpartySummary) => void;
}

/** "Create inline" (SPEC §5: a counterparty must be selected or created) without leaving the invoice. */
export function CounterpartyCreateDialog({ open, onOpenChange, initial, onCreated }: CounterpartyCreateDialogProps) {
  const { t } = useTranslation('invoice-detail');
  const { t: tCommon } = useTranslation('common');
  const create = useCreateCounterparty();
  const form = useForm<CreateValues, unknown, z.output<typeof createCounterpartyInlineSchema>>({
    resolver: zodResolver(createCounterpartyInlineSchema, zodErrorOptions),
    values: initial,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const counterparty = await create.mutateAsync(values);
      notifySuccess(t('counterparty.created', { name: counterparty.name }));
      onCreated(counterparty);
      onOpenChange(false);
    } catch (error) {
      notifyError(error, t('counterparty.createFailed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('counterparty.createTitle')}</DialogTitle>
            <DialogDescription>{t('counterparty.createDescription')}</DialogDescription>
          </DialogHeader>
          {FIELDS.map((field) => {
            const id = `new-counterparty-${field}`;
            const error = translateFieldMessage(form.formState.errors[field]?.message);
            return (
              <FormField key={field} id={id} label={t(`counterparty.${field}`)} error={error}>
                <Input
                  {...form.register(field, { setValueAs: (value: string) => (field === 'name' ? value : value || null) })}
                  {...fieldAria(id, { error })}
                />
              </FormField>
            );
          })}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {tCommon('actions.cancel')}
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              {t('counterparty.createTitle')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

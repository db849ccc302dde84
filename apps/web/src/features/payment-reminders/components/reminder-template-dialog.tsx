import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  REMINDER_INTERVAL_MAX,
  REMINDER_INTERVAL_MIN,
  REMINDER_TYPES,
  reminderTemplateInputSchema,
  type ReminderPlaceholder,
  type ReminderTemplate,
} from '@kontor/domain/receivables/reminders/reminder-template';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useReminderTemplateMutations } from '../api/reminder-template-mutations';
import {
  insertPlaceholder,
  isReminderType,
  isTemplateFormField,
  templateFormValues,
  type TemplateTextField,
} from '../model/template-form';
import { PlaceholderChips } from './placeholder-chips';

interface ReminderTemplateDialogProps {
  /** null creates a new one. */
  template: ReminderTemplate | null;
  /** The templates in the list: a new one starts with an interval after theirs. */
  existing: readonly ReminderTemplate[];
  onClose: () => void;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * Create or edit a reminder template: interval, type (with what each type means), subject, and
 * the texts above and below the invoice's details, with the placeholders they may use.
 */
export function ReminderTemplateDialog({ template, existing, onClose }: ReminderTemplateDialogProps) {
  const { t } = useTranslation(['payment-reminders', 'validation']);
  const { create, update } = useReminderTemplateMutations();
  const form = useForm({
    resolver: zodResolver(reminderTemplateInputSchema, zodErrorOptions),
    defaultValues: templateFormValues(template, existing),
  });
  const errors = form.formState.errors;
  const errorOf = (field: 'intervalDays' | 'type' | TemplateTextField) => translateFieldMessage(errors[field]?.message);

  // Where a placeholder goes: the text field the user was in last (the header, to begin with).
  const [target, setTarget] = useState<TemplateTextField>('header');
  const elements = useRef<Partial<Record<TemplateTextField, TextElement>>>({});
  const registerText = (name: TemplateTextField) => {
    const registered = form.register(name);
    return {
      ...registered,
      ref: (element: TextElement | null) => {
        registered.ref(element);
        if (element) elements.current[name] = element;
      },
      onFocus: () => setTarget(name),
    };
  };
  const insert = (placeholder: ReminderPlaceholder) => {
    const element = elements.current[target];
    const next = insertPlaceholder(form.getValues(target), placeholder, {
      start: element?.selectionStart ?? null,
      end: element?.selectionEnd ?? null,
    });
    form.setValue(target, next.text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  /** A refusal that belongs to a field goes onto it; true when one did. */
  const showOnFields = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    if (error.code === 'reminder_interval_taken') {
      form.setError('intervalDays', { type: 'server', message: getErrorMessage(error) }, { shouldFocus: true });
      return true;
    }
    let isShown = false;
    for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
      const message = translateFieldMessage(messages[0]);
      if (isTemplateFormField(field) && message) {
        form.setError(field, { type: 'server', message });
        isShown = true;
      }
    }
    return isShown;
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (template) await update.mutateAsync({ id: template.id, version: template.version, input });
      else await create.mutateAsync(input);
      notifySuccess(t('form.saved'));
      onClose();
    } catch (error) {
      // A stale version is toasted; the list refetches and a second Save applies to the newest version.
      if (!showOnFields(error)) notifyError(error, t('form.saveFailed'));
    }
  });

  const chosenType = form.watch('type');
  const intervalError = errorOf('intervalDays');
  const subjectError = errorOf('subject');
  const headerError = errorOf('header');
  const footerError = errorOf('footer');

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" data-testid="reminder-template-dialog">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{template ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
            <DialogDescription>{t('form.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid items-start gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <FormField id="reminder-interval" label={t('form.intervalDays')} hint={t('form.intervalHint')} error={intervalError}>
              <Input
                {...form.register('intervalDays', { valueAsNumber: true })}
                {...fieldAria('reminder-interval', { error: intervalError, hint: true })}
                type="number"
                inputMode="numeric"
                min={REMINDER_INTERVAL_MIN}
                max={REMINDER_INTERVAL_MAX}
                step={1}
              />
            </FormField>
            <FormField id="reminder-type" label={t('form.type')} hint={<TypeExplanations chosen={chosenType} />}>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => (isReminderType(value) ? field.onChange(value) : undefined)}
                  >
                    <SelectTrigger id="reminder-type" aria-describedby="reminder-type-hint" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {REMINDER_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {t(`types.${type}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
          <FormField id="reminder-subject" label={t('form.subject')} error={subjectError}>
            <Input
              {...registerText('subject')}
              {...fieldAria('reminder-subject', { error: subjectError })}
              maxLength={200}
              autoComplete="off"
            />
          </FormField>
          <FormField id="reminder-header" label={t('form.header')} error={headerError}>
            <textarea
              {...registerText('header')}
              {...fieldAria('reminder-header', { error: headerError })}
              className={TEXTAREA_CLASS}
              rows={5}
              maxLength={5000}
            />
          </FormField>
          <FormField id="reminder-footer" label={t('form.footer')} error={footerError}>
            <textarea
              {...registerText('footer')}
              {...fieldAria('reminder-footer', { error: footerError })}
              className={TEXTAREA_CLASS}
              rows={4}
              maxLength={5000}
            />
          </FormField>
          <PlaceholderChips onInsert={insert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {t('actions.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What each type means; the chosen one stands out. */
function TypeExplanations({ chosen }: { chosen: string }) {
  const { t } = useTranslation('payment-reminders');
  return (
    <span className="grid gap-1">
      {REMINDER_TYPES.map((type) => (
        <span key={type} className={cn('block', type === chosen ? 'text-foreground' : undefined)}>
          <span className="font-medium">{t(`types.${type}`)}:</span> {t(`typeDescriptions.${type}`)}
        </span>
      ))}
    </span>
  );
}

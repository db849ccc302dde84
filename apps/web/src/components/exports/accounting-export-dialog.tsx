import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportSelection } from '@kontor/domain/exports/export-api';
import { EXPORT_FORMATS, EXPORT_TYPES, type ExportFormat, type ExportType } from '@kontor/domain/exports/export-formats';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadingState } from '@/components/ui/loading-state';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { checkExport, useCreateExport } from '@/lib/exports/accounting-export';
import { addStartedJob, openDownloadsPanel } from '@/lib/exports/download-jobs';
import { useExportSettings } from '@/lib/exports/export-settings';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';
import { ExportProblemList } from './export-problem-list';

export interface AccountingExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: ExportSelection;
  /** What the title names: "12 invoices", "payment run PR-7". */
  subject: string;
  /** Invoices (or a run) exported before: the dialog starts with "export again" ticked. */
  exportAgain?: boolean;
  onStarted?: () => void;
}

const RATE_PATTERN = /^\d{1,6}([.,]\d{1,6})?$/;

/**
 * The export dialog (SPEC §2, issue 41): format and type (the organisation's defaults first), a
 * rate per foreign currency, and the pre-export check's answer before anything is written. The
 * export then runs as a download job: the downloads panel opens and follows it.
 */
export function AccountingExportDialog({
  open,
  onOpenChange,
  selection,
  subject,
  exportAgain: initialExportAgain = false,
  onStarted,
}: AccountingExportDialogProps) {
  const { t } = useTranslation('exports');
  const { organization } = useSession();
  const queryClient = useQueryClient();
  const settings = useExportSettings();
  const isPaymentRun = selection.kind === 'payment_run';
  const [format, setFormat] = useState<ExportFormat | null>(null);
  const [type, setType] = useState<ExportType | null>(null);
  const [exportAgain, setExportAgain] = useState(initialExportAgain);
  const [rates, setRates] = useState<Record<string, string>>({});
  const create = useCreateExport();

  // The organisation's defaults, once they are known (a payment run books, it has no documents).
  useEffect(() => {
    if (!settings.data) return;
    setFormat((current) => current ?? settings.data.defaultFormat);
    setType((current) => current ?? (isPaymentRun ? 'csv' : settings.data.defaultType));
  }, [settings.data, isPaymentRun]);

  const validRates = Object.fromEntries(Object.entries(rates).filter(([, value]) => RATE_PATTERN.test(value.trim())));
  // The type too: the documents' presence in storage and the zip's size depend on it.
  const checkBody = format ? { selection, format, exportAgain, exchangeRates: validRates, ...(type ? { type } : {}) } : null;
  const check = useQuery({
    queryKey: queryKeys.accountingExports.check(checkBody),
    queryFn: () => checkExport(checkBody!),
    enabled: open && checkBody !== null,
    // Always fresh: the user fixes an invoice in another tab and comes back.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const answer = check.data;
  const errorCount = answer ? answer.total - answer.exportable : 0;
  const needsRates = format !== null && format !== 'kontor_csv' && (answer?.currencies.length ?? 0) > 0;
  const wasExported = (answer?.problemCounts.already_exported ?? 0) > 0 || initialExportAgain;

  const start = (skipProblems: boolean) => {
    if (!format || !type) return;
    create.mutate(
      { selection, format, type, exportAgain, exchangeRates: validRates, skipProblems },
      {
        onSuccess: (job) => {
          notifySuccess(t('dialog.started', { count: job.itemCount }));
          addStartedJob(queryClient, job);
          openDownloadsPanel();
          onOpenChange(false);
          onStarted?.();
        },
        onError: (error) => notifyError(error, t('dialog.startFailed')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="accounting-export-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialog.title', { subject })}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {settings.isPending || !format || !type ? (
          settings.isError ? (
            <p role="alert" className="text-sm text-danger">
              {getErrorMessage(settings.error)}
            </p>
          ) : (
            <LoadingState />
          )
        ) : (
          <div className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('dialog.format')}</legend>
              <RadioGroup value={format} onValueChange={(value) => setFormat(value as ExportFormat)} className="grid-cols-2">
                {EXPORT_FORMATS.map((option) => (
                  <div key={option} className="flex items-start gap-2">
                    <RadioGroupItem id={`export-format-${option}`} value={option} />
                    <Label htmlFor={`export-format-${option}`} className="grid gap-0.5">
                      <span>{t(`formats.${option}`)}</span>
                      <span className="text-xs font-normal text-muted-foreground">{t(`formatHints.${option}`)}</span>
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            {isPaymentRun ? null : (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('dialog.type')}</legend>
                <RadioGroup value={type} onValueChange={(value) => setType(value as ExportType)} className="grid-cols-2">
                  {EXPORT_TYPES.map((option) => (
                    <div key={option} className="flex items-start gap-2">
                      <RadioGroupItem id={`export-type-${option}`} value={option} />
                      <Label htmlFor={`export-type-${option}`} className="grid gap-0.5">
                        <span>{t(`types.${option}`)}</span>
                        <span className="text-xs font-normal text-muted-foreground">{t(`typeHints.${option}`)}</span>
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              </fieldset>
            )}
            {needsRates ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('dialog.rates')}</legend>
                <p className="text-xs text-muted-foreground">{t('dialog.ratesHint')}</p>
                <div className="grid grid-cols-2 gap-3">
                  {answer!.currencies.map((currency) => {
                    const value = rates[currency] ?? '';
                    const invalid = value.trim() !== '' && !RATE_PATTERN.test(value.trim());
                    return (
                      <FormField
                        key={currency}
                        id={`export-rate-${currency}`}
                        label={t('dialog.rateLabel', { currency })}
                        error={invalid ? t('dialog.rateInvalid') : undefined}
                      >
                        <Input
                          id={`export-rate-${currency}`}
                          inputMode="decimal"
                          value={value}
                          placeholder="1,0850"
                          onChange={(event) => setRates((current) => ({ ...current, [currency]: event.target.value }))}
                        />
                      </FormField>
                    );
                  })}
                </div>
              </fieldset>
            ) : null}
            {wasExported ? (
              <div className="flex items-start gap-2">
                <Checkbox
                  id="export-again"
                  checked={exportAgain}
                  onCheckedChange={(checked) => setExportAgain(checked === true)}
                />
                <Label htmlFor="export-again" className="grid gap-0.5">
                  <span>{t('dialog.exportAgain')}</span>
                  <span className="text-xs font-normal text-muted-foreground">{t('dialog.exportAgainHint')}</span>
                </Label>
              </div>
            ) : null}
            <CheckSummary check={check} slug={organization.slug} />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          {answer && errorCount > 0 && answer.exportable > 0 ? (
            <Button variant="outline" onClick={() => start(true)} isLoading={create.isPending}>
              {t('dialog.exportRest', { count: answer.exportable })}
            </Button>
          ) : null}
          <Button
            onClick={() => start(false)}
            isLoading={create.isPending}
            disabled={!answer || check.isFetching || errorCount > 0 || answer.total === 0}
          >
            {t('dialog.export', { count: answer?.total ?? 0 })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CheckSummary({
  check,
  slug,
}: {
  check: ReturnType<typeof useQuery<Awaited<ReturnType<typeof checkExport>>>>;
  slug: string;
}) {
  const { t } = useTranslation('exports');
  if (check.isPending) return <p className="text-sm text-muted-foreground">{t('dialog.checking')}</p>;
  if (check.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {getErrorMessage(check.error)}
      </p>
    );
  }
  const answer = check.data;
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="text-sm" data-testid="export-check-summary">
        {answer.total === 0
          ? t('dialog.nothing')
          : t('dialog.summary', {
              count: answer.total,
              exportable: answer.exportable,
              bookings: t('history.bookings', { count: answer.bookings }),
            })}
      </p>
      <ExportProblemList check={answer} invoiceUrl={(id) => `/${slug}/invoices/approved/${id}`} />
    </div>
  );
}

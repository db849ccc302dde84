import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SEPA_FORMAT, SEPA_FORMATS, type SepaFormat } from '@kontor/domain/payments/payment-run-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

interface RunExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (format: SepaFormat) => Promise<boolean>;
  isPending: boolean;
}

/** The SEPA version of the file: pain.001.001.09 unless the bank still wants .03. */
export function RunExportDialog({ open, onOpenChange, onConfirm, isPending }: RunExportDialogProps) {
  const { t } = useTranslation('payment-runs');
  const [format, setFormat] = useState<SepaFormat>(DEFAULT_SEPA_FORMAT);
  const isFormat = (value: string): value is SepaFormat => (SEPA_FORMATS as readonly string[]).includes(value);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="run-export-dialog">
        <DialogHeader>
          <DialogTitle>{t('export.title')}</DialogTitle>
          <DialogDescription>{t('export.description')}</DialogDescription>
        </DialogHeader>
        <RadioGroup
          value={format}
          onValueChange={(value) => (isFormat(value) ? setFormat(value) : undefined)}
          aria-label={t('export.format')}
          className="grid gap-3"
        >
          {SEPA_FORMATS.map((option) => (
            <div key={option} className="flex items-start gap-2">
              <RadioGroupItem id={`run-export-${option}`} value={option} className="mt-0.5" />
              <label htmlFor={`run-export-${option}`} className="grid gap-0.5 text-sm">
                <span className="font-medium text-foreground">{option}</span>
                <span className="text-muted-foreground">
                  {t(option === DEFAULT_SEPA_FORMAT ? 'export.hint09' : 'export.hint03')}
                </span>
              </label>
            </div>
          ))}
        </RadioGroup>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('actions.keep')}
          </Button>
          <Button onClick={() => void onConfirm(format)} isLoading={isPending} data-testid="confirm-export">
            {t('export.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

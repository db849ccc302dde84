import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STEPS = ['bank', 'consent', 'accounts', 'sync'] as const;
export type ConnectStep = (typeof STEPS)[number] | 'done';

/** Where the person is in connecting a bank: bank → consent → accounts → sync. */
export function ConnectSteps({ current }: { current: ConnectStep }) {
  const { t } = useTranslation('bank-connections');
  const index = current === 'done' ? STEPS.length : STEPS.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label={t('steps.label')}>
      {STEPS.map((step, position) => (
        <li
          key={step}
          aria-current={position === index ? 'step' : undefined}
          className={cn('flex items-center gap-2', position === index ? 'font-medium text-foreground' : 'text-muted-foreground')}
        >
          <span
            className={cn(
              'flex size-6 items-center justify-center rounded-full border text-xs',
              position < index ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
              position === index && 'border-primary text-primary',
            )}
          >
            {position < index ? <Check aria-hidden="true" className="size-3.5" /> : position + 1}
          </span>
          {t(`steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProposedCounterparty } from '@kontor/domain/invoices/invoice-reading';
import { formatIban } from '@kontor/domain/iban';
import { Button } from '@/components/ui/button';

/**
 * The supplier read from the document that matches no counterparty yet: its data and a button
 * that opens "New counterparty" prefilled with it (the new one is then selected for the invoice).
 */
export function ProposedCounterpartyCard({
  counterparty,
  onCreate,
}: {
  counterparty: ProposedCounterparty;
  onCreate: () => void;
}) {
  const { t } = useTranslation('invoice-detail');
  const cityLine = [counterparty.postalCode, counterparty.city].filter(Boolean).join(' ');
  const address = [counterparty.street, cityLine, counterparty.countryCode].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    [t('reading.proposed.address'), address || null],
    [t('reading.proposed.vatNumber'), counterparty.vatNumber],
    [t('reading.proposed.taxNumber'), counterparty.taxNumber],
    [t('reading.proposed.iban'), counterparty.iban ? formatIban(counterparty.iban) : null],
    [t('reading.proposed.bic'), counterparty.bic],
    [t('reading.proposed.email'), counterparty.email],
  ];
  return (
    <section
      aria-labelledby="proposed-counterparty-title"
      data-testid="proposed-counterparty"
      className="grid gap-3 rounded-md border border-primary/30 bg-primary-background/50 p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h4 id="proposed-counterparty-title" className="text-sm font-semibold text-foreground">
            {t('reading.proposed.title')}
          </h4>
          <p className="text-xs text-muted-foreground">{t('reading.proposed.description')}</p>
        </div>
        <Button size="sm" onClick={onCreate}>
          <UserPlus aria-hidden="true" />
          {t('reading.proposed.create')}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('reading.proposed.name')}</dt>
        <dd className="font-medium text-foreground" data-testid="proposed-counterparty-name">
          {counterparty.name}
        </dd>
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words text-foreground">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

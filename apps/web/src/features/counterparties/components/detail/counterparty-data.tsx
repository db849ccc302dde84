import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { formatIban } from '@kontor/domain/iban';
import { formatLedgerAccount } from '@kontor/domain/master-data';
import { formatPercentInput } from '@/lib/decimal-input';
import { currentLocale } from '@/lib/i18n';
import { useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import { countryName } from '@/lib/country-options';
import { DetailSection } from './detail-section';
import { VatCheckBadge } from '../vat-check/vat-check-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Label beside value only where the card leaves the value room; below it in a narrow card.
    <div className="grid gap-0.5 @md:grid-cols-[14rem_minmax(0,1fr)] @md:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** Address, VAT number, e-mail, description, numbers, ledger account, terms and reminders. */
export function CounterpartyData({ counterparty }: { counterparty: Counterparty }) {
  const { t } = useTranslation('counterparties');
  const ledgerAccounts = useLedgerAccounts();
  const none = t('detail.none');
  const locale = currentLocale();
  const ledger = counterparty.defaultLedgerAccountId
    ? ledgerAccounts.data?.items.find((account) => account.id === counterparty.defaultLedgerAccountId)
    : undefined;
  const address = [
    counterparty.street,
    [counterparty.zip, counterparty.city].filter(Boolean).join(' '),
    counterparty.country ? countryName(counterparty.country, locale) : null,
  ].filter(Boolean);
  const skonto =
    counterparty.skontoDays !== null && counterparty.skontoRate !== null
      ? t('detail.skonto', { rate: formatPercentInput(counterparty.skontoRate), days: counterparty.skontoDays })
      : none;
  return (
    <DetailSection id="counterparty-data" title={t('detail.sections.data')}>
      <dl className="grid gap-3">
        <Row label={t('fields.address')}>
          {address.length > 0
            ? address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))
            : none}
        </Row>
        <Row label={t('fields.vatNumber')}>
          {counterparty.vatNumber ?? none}
          <VatCheckBadge counterparty={counterparty} />
        </Row>
        <Row label={t('fields.email')}>
          {counterparty.email ? (
            <a href={`mailto:${counterparty.email}`} className="text-primary hover:underline">
              {counterparty.email}
            </a>
          ) : (
            none
          )}
        </Row>
        <Row label={t('fields.description')}>
          <span className="whitespace-pre-line">{counterparty.description ?? none}</span>
        </Row>
        <Row label={t('fields.accountsPayableNumber')}>{counterparty.accountsPayableNumber ?? none}</Row>
        <Row label={t('fields.accountsReceivableNumber')}>{counterparty.accountsReceivableNumber ?? none}</Row>
        <Row label={t('fields.defaultLedgerAccountId')}>
          {counterparty.defaultLedgerAccountId
            ? ledger
              ? formatLedgerAccount(ledger)
              : ledgerAccounts.isPending
                ? '…'
                : t('detail.unknownLedgerAccount')
            : none}
        </Row>
        <Row label={t('fields.paymentTermsDays')}>
          {counterparty.paymentTermsDays !== null ? t('detail.days', { count: counterparty.paymentTermsDays }) : none}
        </Row>
        <Row label={t('fields.skonto')}>{skonto}</Row>
        <Row label={t('fields.paymentRemindersEnabled')}>
          {counterparty.paymentRemindersEnabled ? t('detail.remindersOn') : t('detail.remindersOff')}
          {counterparty.paymentReminderEmails ? (
            <span className="block text-muted-foreground">{counterparty.paymentReminderEmails}</span>
          ) : null}
        </Row>
        <Row label={t('fields.leitwegId')}>{counterparty.leitwegId ?? none}</Row>
        <Row label={t('fields.invoiceLanguage')}>{t(`form.languages.${counterparty.invoiceLanguage}`)}</Row>
      </dl>
    </DetailSection>
  );
}

/** Name, IBAN in groups of four, BIC; `renderAccountExtra` adds a line per account (its verification state). */
export function CounterpartyBankAccounts({
  counterparty,
  renderAccountExtra,
}: {
  counterparty: Counterparty;
  renderAccountExtra?: (account: Counterparty['bankAccounts'][number]) => ReactNode;
}) {
  const { t } = useTranslation('counterparties');
  return (
    <DetailSection id="counterparty-bank-accounts" title={t('detail.sections.bankAccounts')}>
      {counterparty.bankAccounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('detail.noBankAccounts')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('detail.bankAccountsLabel')}>
          {counterparty.bankAccounts.map((account) => (
            <li
              key={account.id}
              data-testid="counterparty-bank-account"
              className="grid gap-1 rounded-md border border-border p-3 text-sm @md:grid-cols-[1fr_2fr_1fr] @md:items-center"
            >
              <span className="font-medium text-foreground">{account.name || t('detail.unnamedAccount')}</span>
              <span className="font-mono tabular-nums">{formatIban(account.iban)}</span>
              <span className="font-mono text-muted-foreground">{account.bic ?? t('detail.none')}</span>
              {renderAccountExtra ? <div className="@md:col-span-3">{renderAccountExtra(account)}</div> : null}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

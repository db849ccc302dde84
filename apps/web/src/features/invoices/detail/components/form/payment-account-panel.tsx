import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import type { PaymentAccountReview } from '@kontor/domain/invoices/payment-account-review';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChoosePaymentAccount } from '../../api/choose-payment-account';
import { isApprovalResetOnSave } from '../../model/approval-abilities';
import { paymentAccountCandidates, summarizePaymentAccount } from '../../model/payment-account-panel';
import { useInvoiceActionRunner } from '../run-invoice-action';

export interface PaymentAccountPanelProps {
  invoice: Invoice;
  review: PaymentAccountReview;
  /** Choosing saves the invoice at once: it waits until the form's own changes are saved or discarded. */
  hasUnsavedChanges: boolean;
  isEditable: boolean;
}

const TITLE_ID = 'payment-account-title';
const HINT_ID = 'payment-account-hint';
const NO_OP = () => undefined;

interface Choice {
  source: 'document' | 'counterparty';
  iban: string;
}

/**
 * Issue 50: the account on the document, the counterparty's stored accounts and the one that will
 * be paid, kept apart, with what that means in words and a button to pay any offered account.
 */
export function PaymentAccountPanel({ invoice, review, hasUnsavedChanges, isEditable }: PaymentAccountPanelProps) {
  const { t } = useTranslation('invoice-detail');
  const choose = useChoosePaymentAccount(invoice.id);
  const run = useInvoiceActionRunner(invoice.id, NO_OP);
  const { sentence, tone } = summarizePaymentAccount(review, t('paymentAccount.unnamedPayee'), formatIban);
  const candidates = paymentAccountCandidates(review, invoice.counterpartyIban);
  const { account, payee } = review.document;
  const isBlocked = !isEditable || hasUnsavedChanges;
  // Another account changes who is paid: approvals under way or given end, as a saved IBAN edit
  // ends them (SPEC §4), so the panel asks first like the form does.
  const resetsApprovals = isApprovalResetOnSave(invoice, ['counterpartyIban']);
  const [confirming, setConfirming] = useState<Choice | null>(null);

  const pay = ({ source, iban }: Choice) =>
    void run(() => choose.mutateAsync({ source, iban, version: invoice.version }), {
      success: t('paymentAccount.chosen', { iban: formatIban(iban) }),
      failure: t('paymentAccount.chooseFailed'),
    });

  const chooseButton = (source: Choice['source'], iban: string, testId: string) => (
    <Button
      variant="outline"
      size="sm"
      data-testid={testId}
      disabled={isBlocked || (choose.isPending && choose.variables.iban !== iban)}
      isLoading={choose.isPending && choose.variables.iban === iban}
      aria-describedby={hasUnsavedChanges && isEditable ? HINT_ID : undefined}
      onClick={() => (resetsApprovals ? setConfirming({ source, iban }) : pay({ source, iban }))}
    >
      {t('paymentAccount.choose')}
      {/* The name says which account: several buttons read the same otherwise. */}
      <span className="sr-only"> {formatIban(iban)}</span>
    </Button>
  );

  return (
    <section
      aria-labelledby={TITLE_ID}
      data-testid="payment-account-panel"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <h3 id={TITLE_ID} className="text-base font-semibold text-foreground">
        {t('paymentAccount.title')}
      </h3>
      <Alert
        tone={tone}
        data-testid="payment-account-state"
        data-state={review.state}
        data-needs-decision={String(review.needsDecision)}
      >
        <p>{t(`paymentAccount.states.${sentence.key}`, 'values' in sentence ? sentence.values : {})}</p>
      </Alert>
      <dl className="grid gap-3 text-sm">
        <Entry label={t('paymentAccount.onDocument')}>
          {account && candidates.document ? (
            <AccountRow
              iban={account.iban}
              testId="payment-account-document"
              badges={
                <>
                  <Badge tone={account.role === 'payee' ? 'warning' : 'neutral'}>
                    {t(`paymentAccount.roles.${account.role}`)}
                  </Badge>
                  {account.isValid ? null : (
                    <Badge tone="danger" data-testid="payment-account-document-invalid">
                      {t('paymentAccount.invalid')}
                    </Badge>
                  )}
                </>
              }
              details={[
                account.bic ? t('paymentAccount.bic', { bic: account.bic }) : null,
                account.isValid ? null : t('paymentAccount.invalidHint'),
              ]}
              action={
                candidates.document.isChoosable ? chooseButton('document', account.iban, 'payment-account-choose-document') : null
              }
            />
          ) : (
            <p className="text-muted-foreground">{t('paymentAccount.noDocumentAccount')}</p>
          )}
        </Entry>
        {payee ? (
          <Entry label={t('paymentAccount.payee')}>
            <p data-testid="payment-account-payee">{payee.name ?? t('paymentAccount.unnamedPayee')}</p>
          </Entry>
        ) : null}
        <Entry label={t('paymentAccount.stored')}>
          {review.isCounterpartyTrusted ? (
            <p className="text-xs text-muted-foreground" data-testid="payment-account-trusted">
              {t('paymentAccount.trusted')}
            </p>
          ) : null}
          {review.counterpartyAccounts.length === 0 ? (
            <p className="text-muted-foreground">
              {invoice.counterparty ? t('paymentAccount.noStoredAccounts') : t('paymentAccount.noCounterparty')}
            </p>
          ) : (
            <ul className="grid gap-2">
              {review.counterpartyAccounts.map((stored, index) => (
                <li key={stored.iban}>
                  <AccountRow
                    iban={stored.iban}
                    name={stored.name}
                    testId={`payment-account-stored-${stored.iban}`}
                    badges={stored.isVerified ? <Badge tone="success">{t('paymentAccount.verified')}</Badge> : null}
                    details={[stored.bic ? t('paymentAccount.bic', { bic: stored.bic }) : null]}
                    action={
                      candidates.counterparty[index]?.isChoosable
                        ? chooseButton('counterparty', stored.iban, `payment-account-choose-counterparty-${stored.iban}`)
                        : null
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </Entry>
        <Entry label={t('paymentAccount.paidNow')}>
          <p className="font-mono" data-testid="payment-account-paid">
            {invoice.counterpartyIban ? (
              formatIban(invoice.counterpartyIban)
            ) : (
              <span className="font-sans text-muted-foreground">{t('paymentAccount.noneYet')}</span>
            )}
          </p>
        </Entry>
      </dl>
      {hasUnsavedChanges && isEditable ? (
        <p id={HINT_ID} className="text-xs text-muted-foreground" data-testid="payment-account-save-first">
          {t('paymentAccount.saveFirst')}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t('approval.resetOnSaveTitle')}
        description={t('paymentAccount.resetsApprovals', { iban: confirming ? formatIban(confirming.iban) : '' })}
        confirmLabel={t('paymentAccount.confirmReset')}
        cancelLabel={t('paymentAccount.keepAccount')}
        onConfirm={() => {
          if (confirming) pay(confirming);
          setConfirming(null);
        }}
      />
    </section>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">{children}</dd>
    </div>
  );
}

/** One account: its name, the IBAN in groups of four, badges and details, and the button to pay it. */
function AccountRow({
  iban,
  name,
  badges,
  details,
  action,
  testId,
}: {
  iban: string;
  name?: string;
  badges: ReactNode;
  details: (string | null)[];
  action: ReactNode;
  testId: string;
}) {
  const shown = details.filter((detail): detail is string => detail !== null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid={testId}>
      <div className="grid min-w-0 gap-0.5">
        {name ? <span className="font-medium">{name}</span> : null}
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono break-all">{formatIban(iban)}</span>
          {badges}
        </span>
        {shown.map((detail) => (
          <span key={detail} className="text-xs text-muted-foreground">
            {detail}
          </span>
        ))}
      </div>
      {action}
    </div>
  );
}

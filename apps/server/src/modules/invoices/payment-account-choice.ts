import {
  isIban,
  isInvoiceEditable,
  isOcrRunning,
  nextInvoiceStatus,
  normalizeIban,
  type ChooseInvoicePaymentAccountBody,
  type Invoice,
} from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { endInvoiceApprovals } from '../approvals/end-invoice-approvals';
import { findCounterpartyAccounts } from '../invoice-reading/payment-account';
import { findReading, forgetReadMarks } from '../invoice-reading/repo';
import { renewTransactionOfInvoice } from '../transactions/from-invoice';
import { updateInvoiceVersioned } from './repo';
import { actorOf, findVisibleInvoice, readInvoice, statusRefusal, tenant, type InvoiceService } from './service';

/**
 * A person chooses the account the invoice is paid to (issue 50): the document's, or one of the
 * counterparty's stored accounts, and nothing else (any other IBAN is typed in the form). The
 * choice and where it came from go into the activity log. A changed payee ends the approvals
 * given for the old one, as an edit of the IBAN in the form does.
 */
export async function choosePaymentAccount(
  service: InvoiceService,
  org: OrgContext,
  id: string,
  body: ChooseInvoicePaymentAccountBody,
): Promise<Invoice> {
  return service.database.withOrg(tenant(org), async (tx) => {
    const before = await findVisibleInvoice(tx, org, id, { lock: true });
    if (isOcrRunning(before.ocrStatus)) throw new AppError('invoice_in_ocr');
    if (before.version !== body.version) throw new AppError('stale_version');
    if (!isInvoiceEditable(before.status)) throw statusRefusal(before.status, 'invoice_not_editable');
    const iban = normalizeIban(body.iban);
    if (!isIban(iban)) throw new AppError('validation_failed', undefined, { fieldErrors: { iban: ['iban_invalid'] } });

    const [reading, counterparty] = await Promise.all([
      findReading(tx, org.orgId, id),
      findCounterpartyAccounts(tx, org.orgId, before.counterpartyId),
    ]);
    // The account a direct debit names is the buyer's own, to be debited: never one to pay to.
    const documentAccount = reading?.payment?.account;
    const isDocumentPayable = documentAccount?.isValid === true && documentAccount.role !== 'debited';
    const offered =
      body.source === 'document'
        ? isDocumentPayable && documentAccount.iban === iban
          ? { bic: documentAccount.bic, role: documentAccount.role }
          : null
        : (counterparty?.accounts.find((account) => account.iban === iban) ?? null);
    if (!offered) throw new AppError('invoice_payment_account_not_offered');
    const bic = offered.bic;

    const isPayeeChange = before.counterpartyIban !== iban;
    let status = before.status;
    if (isPayeeChange && (before.status === 'in_approval' || before.status === 'approved')) {
      const next = nextInvoiceStatus(before.status, 'reset');
      if (next === null || next === 'deleted') throw new AppError('invoice_action_refused', { status: before.status });
      await endInvoiceApprovals(tx, org.orgId, before, actorOf(org), 'edit', ['pending', 'approved']);
      status = next;
    }
    const after = await updateInvoiceVersioned(tx, org.orgId, id, before.version, {
      counterpartyIban: iban,
      counterpartyBic: bic,
      status,
    });
    if (!after) throw new AppError('stale_version');
    await renewTransactionOfInvoice(tx, org.orgId, before, after, actorOf(org));
    await writeActivity(tx, org.orgId, {
      entityType: 'invoice',
      entityId: id,
      action: 'update',
      actor: actorOf(org),
      changes: {
        counterpartyIban: { from: before.counterpartyIban, to: iban },
        ...(before.counterpartyBic !== bic ? { counterpartyBic: { from: before.counterpartyBic, to: bic } } : {}),
        paymentAccountChoice: { source: body.source, ...('role' in offered ? { role: offered.role } : {}) },
      },
    });
    await forgetReadMarks(tx, org.orgId, id, ['counterpartyIban', 'counterpartyBic']);
    return readInvoice(tx, org.orgId, after);
  });
}

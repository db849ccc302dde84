import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import {
  personalAccountColumns,
  personalAccountOf,
  type PersonalAccountFacts,
  type RawPersonalAccount,
} from './personal-account-facts';

/** A paid (SEPA-exported) payment as the accounting books it: creditor paid from the company's bank. */
export interface ExportPaymentRow {
  id: string;
  invoiceId: string | null;
  amount: number;
  currency: string;
  skontoDiscount: number;
  executionDate: string;
  bookingDate: string | null;
  endToEndId: string;
  remittanceInformation: string | null;
  creditorName: string;
  creditorIban: string;
  counterpartyId: string | null;
  accountsPayableNumber: string | null;
  invoiceNumber: string | null;
  bankLedgerAccountCode: string | null;
  debitorName: string;
  /** Null without a counterparty. */
  personalAccount: PersonalAccountFacts | null;
}

/** The payments of `ids` (transactions), in the order of `ids`. */
export async function readExportPayments(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<ExportPaymentRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<
    RawPersonalAccount & {
      [key: string]: unknown;
      id: string;
      invoice_id: string | null;
      amount: bigint;
      currency: string;
      skonto_discount: bigint;
      requested_execution_date: string;
      booking_date: string | null;
      end_to_end_id: string;
      remittance_information: string | null;
      creditor_name: string;
      creditor_iban: string;
      counterparty_id: string | null;
      ap_number: string | null;
      invoice_number: string | null;
      bank_ledger_code: string | null;
      debitor_name: string;
    }
  >(sql`
    select t.id, t.invoice_id, t.amount, t.currency, t.skonto_discount, t.requested_execution_date, t.booking_date,
           t.end_to_end_id, t.remittance_information, t.creditor_name, t.creditor_iban,
           coalesce(t.counterparty_id, i.counterparty_id) as counterparty_id, c.accounts_payable_number as ap_number,
           i.invoice_number, l.code as bank_ledger_code, t.debitor_name, ${personalAccountColumns}
      from transactions t
      left join invoices i on i.organization_id = t.organization_id and i.id = t.invoice_id
      left join counterparties c on c.organization_id = t.organization_id and c.id = coalesce(t.counterparty_id, i.counterparty_id)
      left join company_bank_accounts b on b.organization_id = t.organization_id and b.id = t.debitor_bank_account_id
      left join ledger_accounts l on l.organization_id = t.organization_id and l.id = b.ledger_account_id
     where t.organization_id = ${orgId} and t.id = any(${`{${ids.join(',')}}`}::uuid[])`);
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        invoiceId: row.invoice_id,
        amount: Number(row.amount),
        currency: row.currency,
        skontoDiscount: Number(row.skonto_discount),
        executionDate: row.requested_execution_date,
        bookingDate: row.booking_date,
        endToEndId: row.end_to_end_id,
        remittanceInformation: row.remittance_information,
        creditorName: row.creditor_name,
        creditorIban: row.creditor_iban,
        counterpartyId: row.counterparty_id,
        accountsPayableNumber: row.ap_number,
        invoiceNumber: row.invoice_number,
        bankLedgerAccountCode: row.bank_ledger_code,
        debitorName: row.debitor_name,
        personalAccount: personalAccountOf(row),
      },
    ];
  });
}

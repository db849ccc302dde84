import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAccountReview } from '@kontor/domain/invoices/payment-account-review';
import { buildInvoice } from '../../model/test-invoice';
import { buttonsOf, loadTestLanguage, renderInvoiceScreen, testSession } from '../../model/test-render';
import { PaymentAccountPanel } from './payment-account-panel';

const FACTORING_IBAN = 'DE89370400440532013000';
const STORED_IBAN = 'DE02120300000000202051';
const COUNTERPARTY_ID = '00000000-0000-4000-8000-0000000000c1';

/** A factoring company named as payee, with its account; the supplier has its house bank stored. */
const PAYEE_DIFFERS: PaymentAccountReview = {
  state: 'payee_differs',
  needsDecision: true,
  document: {
    means: 'transfer',
    account: { iban: FACTORING_IBAN, isValid: true, bic: 'COBADEFFXXX', role: 'payee' },
    payee: { name: 'Factoring Bank AG', vatNumber: null },
  },
  counterpartyAccounts: [{ iban: STORED_IBAN, bic: 'BYLADEM1001', name: 'Hausbank', isVerified: true }],
  isCounterpartyTrusted: true,
};

function render(
  review: PaymentAccountReview,
  options: { payIban?: string | null; isDirty?: boolean; isEditable?: boolean } = {},
) {
  const invoice = buildInvoice({
    counterparty: COUNTERPARTY_ID,
    counterpartyIban: options.payIban ?? null,
    paymentAccountReview: review,
  });
  const html = renderInvoiceScreen(
    <PaymentAccountPanel
      invoice={invoice}
      review={review}
      hasUnsavedChanges={options.isDirty ?? false}
      isEditable={options.isEditable ?? true}
    />,
    { session: testSession({ id: '00000000-0000-4000-8000-000000000001' }) },
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { html, text, buttons: buttonsOf(html) };
}

describe('PaymentAccountPanel', () => {
  describe('in English', () => {
    beforeAll(() => loadTestLanguage('en', ['common', 'invoice-detail']));

    it('says the payee differs, lists every account apart and offers each one to pay, named by its IBAN', () => {
      const { html, text, buttons } = render(PAYEE_DIFFERS);
      expect(html).toContain('data-state="payee_differs"');
      expect(text).toContain('The document names a different payee: Factoring Bank AG.');
      expect(text).toContain('DE89 3704 0044 0532 0130 00');
      expect(text).toContain("Payee's account");
      expect(text).toContain('BIC COBADEFFXXX');
      expect(text).toContain('Hausbank');
      expect(text).toContain('Verified');
      expect(text).toContain('Trusted counterparty');
      expect(text).toMatch(/Will be paid to None yet/);
      expect(buttons).toEqual([
        { text: 'Pay to this account DE89 3704 0044 0532 0130 00', isDisabled: false },
        { text: 'Pay to this account DE02 1203 0000 0000 2020 51', isDisabled: false },
      ]);
      expect(html).toContain('data-testid="payment-account-choose-document"');
      expect(html).toContain(`data-testid="payment-account-choose-counterparty-${STORED_IBAN}"`);
    });

    it('offers no button for the account paid now', () => {
      const { html, text } = render({ ...PAYEE_DIFFERS, needsDecision: false }, { payIban: FACTORING_IBAN });
      expect(html).not.toContain('payment-account-choose-document');
      expect(html).toContain(`payment-account-choose-counterparty-${STORED_IBAN}`);
      expect(text).toContain("The invoice is paid to the payee's account named on the document.");
    });

    it('holds the buttons back while the form has unsaved changes, and says why', () => {
      const { html, buttons } = render(PAYEE_DIFFERS, { isDirty: true });
      expect(buttons.every((button) => button.isDisabled)).toBe(true);
      expect(html).toContain('Save or discard your changes first');
      expect(html).toContain('aria-describedby="payment-account-hint"');
    });

    it('holds the buttons back on an invoice that can no longer be edited, without the save hint', () => {
      const { html, buttons } = render(PAYEE_DIFFERS, { isEditable: false });
      expect(buttons.every((button) => button.isDisabled)).toBe(true);
      expect(html).not.toContain('Save or discard');
    });

    it('shows an invalid IBAN as read, marked invalid, and never offers it', () => {
      const invalid: PaymentAccountReview = {
        state: 'document_account_invalid',
        needsDecision: true,
        document: {
          means: 'transfer',
          account: { iban: 'DE89370400440532013001', isValid: false, bic: null, role: 'seller' },
          payee: null,
        },
        counterpartyAccounts: [],
        isCounterpartyTrusted: false,
      };
      const { html, text, buttons } = render(invalid);
      expect(text).toContain('DE89 3704 0044 0532 0130 01');
      expect(html).toContain('data-testid="payment-account-document-invalid"');
      expect(text).toContain('its check digits are wrong');
      expect(text).toContain('None stored');
      expect(buttons).toEqual([]);
    });

    it('names the account a direct debit is taken from and offers nothing to transfer to it', () => {
      const directDebit: PaymentAccountReview = {
        state: 'direct_debit',
        needsDecision: false,
        document: {
          means: 'direct_debit',
          account: { iban: FACTORING_IBAN, isValid: true, bic: null, role: 'debited' },
          payee: null,
        },
        counterpartyAccounts: [],
        isCounterpartyTrusted: false,
      };
      const { text, buttons } = render(directDebit);
      expect(text).toContain('Collected by direct debit from account DE89 3704 0044 0532 0130 00; no transfer is proposed.');
      expect(text).toContain('Account to be debited');
      expect(buttons).toEqual([]);
    });
  });

  describe('in German', () => {
    beforeAll(() => loadTestLanguage('de', ['common', 'invoice-detail']));

    it('speaks of the Zahlungsempfänger and offers „Auf dieses Konto zahlen“', () => {
      const { text, buttons } = render(PAYEE_DIFFERS);
      expect(text).toContain('Das Dokument nennt einen abweichenden Zahlungsempfänger: Factoring Bank AG.');
      expect(buttons[0]?.text).toBe('Auf dieses Konto zahlen DE89 3704 0044 0532 0130 00');
    });
  });
});

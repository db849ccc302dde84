/**
 * What the fake GoCardless API knows: institutions as `GET institutions/` lists them (day counts
 * as strings, as the real API sends them) and, per institution, the accounts a consent links,
 * in GoCardless's JSON shapes (Berlin Group fields).
 */
export interface FakeInstitution {
  id: string;
  name: string;
  bic: string;
  transaction_total_days: string;
  max_access_valid_for_days: string;
  countries: string[];
  logo: string;
}

export interface FakeBalance {
  balanceAmount: { amount: string; currency: string };
  balanceType: string;
  referenceDate?: string;
}

/** A booked or pending transaction; every field but the amount is optional at GoCardless. */
export type FakeTransaction = Record<string, unknown> & {
  transactionAmount: { amount: string; currency: string };
  bookingDate?: string;
};

export interface FakeAccountTemplate {
  /** GoCardless's `GET accounts/{id}/` metadata. */
  iban: string;
  ownerName: string;
  /** `GET accounts/{id}/details/` → `account`. */
  details: Record<string, unknown>;
  balances: FakeBalance[];
  booked: FakeTransaction[];
  pending: FakeTransaction[];
}

const logo = (bic: string) => `https://cdn-logos.gocardless.com/ais/${bic}.png`;

export const FAKE_INSTITUTIONS: FakeInstitution[] = [
  {
    id: 'DEMOBANK_DEMODEXX',
    name: 'Demo Bank',
    bic: 'DEMODEXX',
    transaction_total_days: '540',
    max_access_valid_for_days: '180',
    countries: ['DE'],
    logo: logo('DEMODEXX'),
  },
  {
    id: 'SPARKASSE_BERLIN_BELADEBEXXX',
    name: 'Berliner Sparkasse',
    bic: 'BELADEBEXXX',
    transaction_total_days: '730',
    max_access_valid_for_days: '180',
    countries: ['DE'],
    logo: logo('BELADEBEXXX'),
  },
  {
    id: 'ERSTE_BANK_GIBAATWW',
    name: 'Erste Bank und Sparkassen',
    bic: 'GIBAATWW',
    transaction_total_days: '90',
    max_access_valid_for_days: '90',
    countries: ['AT'],
    logo: logo('GIBAATWW'),
  },
];

const eur = (amount: string) => ({ amount, currency: 'EUR' });

export const FAKE_ACCOUNTS: Record<string, FakeAccountTemplate[]> = {
  DEMOBANK_DEMODEXX: [
    {
      iban: 'DE89370400440532013000',
      ownerName: 'Muster GmbH',
      details: {
        resourceId: 'demo-1',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        ownerName: 'Muster GmbH',
        name: 'Geschäftskonto',
        product: 'Business Giro',
        cashAccountType: 'CACC',
      },
      balances: [
        { balanceAmount: eur('1300.00'), balanceType: 'expected', referenceDate: '2025-03-14' },
        { balanceAmount: eur('1234.5'), balanceType: 'closingBooked', referenceDate: '2025-03-13' },
      ],
      booked: [
        {
          transactionId: 'TX-2025-0001',
          bookingDate: '2025-03-03',
          valueDate: '2025-03-03',
          transactionAmount: eur('1190.00'),
          debtorName: 'Kunde AG',
          debtorAccount: { iban: 'DE02120300000000202051' },
          remittanceInformationUnstructured: 'Rechnung RE-2025-014',
          endToEndId: 'E2E-RE-2025-014',
          bankTransactionCode: 'PMNT-RCDT-ESCT',
        },
        {
          transactionId: 'TX-2025-0002',
          bookingDate: '2025-03-05',
          valueDate: '2025-03-06',
          transactionAmount: eur('-123.45'),
          creditorName: 'Bürobedarf Schmidt KG',
          creditorAccount: { iban: 'DE02500105170137075030' },
          debtorName: 'Muster GmbH',
          debtorAccount: { iban: 'DE89370400440532013000' },
          remittanceInformationUnstructuredArray: ['RE 4711', 'Kundennr. 0815'],
          endToEndId: 'NOTPROVIDED',
        },
        {
          // Some banks send only GoCardless's own id and no names.
          internalTransactionId: 'b6f1a0c2d3e4f5a6b7c8d9e0f1a2b3c4',
          bookingDate: '2025-03-10',
          transactionAmount: eur('-0.1'),
          remittanceInformationUnstructured: 'Kontoführung',
        },
        {
          transactionId: 'TX-2025-0004',
          bookingDate: '2025-02-20',
          valueDate: '2025-02-20',
          transactionAmount: eur('250'),
          debtorName: 'Altkunde OHG',
          debtorAccount: { iban: 'DE02100500000054540402' },
          remittanceInformationUnstructured: 'Rechnung RE-2025-003 Teilzahlung',
        },
      ],
      pending: [
        {
          transactionAmount: eur('-49.99'),
          valueDate: '2025-03-14',
          creditorName: 'Telefon GmbH',
          remittanceInformationUnstructured: 'Vormerkung',
        },
      ],
    },
    {
      iban: 'DE02300209000106531065',
      ownerName: 'Muster GmbH',
      details: { resourceId: 'demo-2', iban: 'DE02300209000106531065', currency: 'EUR', ownerName: 'Muster GmbH' },
      balances: [{ balanceAmount: eur('-0.1'), balanceType: 'interimBooked', referenceDate: '2025-03-14' }],
      booked: [],
      pending: [],
    },
  ],
  SPARKASSE_BERLIN_BELADEBEXXX: [
    {
      // The bank's details leave the IBAN out; GoCardless's account metadata has it.
      iban: 'DE75512108001245126199',
      ownerName: 'Muster GmbH',
      details: { currency: 'EUR', ownerName: 'Muster GmbH', product: 'Sparkassen-Giro' },
      balances: [],
      booked: [],
      pending: [],
    },
  ],
  ERSTE_BANK_GIBAATWW: [
    {
      iban: 'AT611904300234573201',
      ownerName: 'Muster Handels GmbH',
      details: { iban: 'AT611904300234573201', currency: 'EUR', name: 'Firmenkonto' },
      balances: [{ balanceAmount: eur('10.00'), balanceType: 'interimAvailable', referenceDate: '2025-03-14' }],
      booked: [],
      pending: [],
    },
  ],
};

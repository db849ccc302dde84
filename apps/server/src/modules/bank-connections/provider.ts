/**
 * What Kontor needs of a bank-data provider (PSD2 account information), whichever it is: the
 * built-in sandbox bank (the default, works offline) or GoCardless Bank Account Data (formerly
 * Nordigen), chosen by `BANK_PROVIDER`. Every call may fail with BankProviderError; callers retry
 * the transient ones with back-off and never lose what was already stored.
 */

/** A bank one can connect in a country (ISO 3166 alpha-2). */
export interface BankInstitution {
  id: string;
  name: string;
  bic: string | null;
  logoUrl: string | null;
  countries: readonly string[];
  /** Days of history the bank gives (PSD2: at least 90). */
  transactionTotalDays: number;
  /** Days a consent lasts at most (SPEC §9: 180). */
  maxAccessValidForDays: number;
}

/** A consent the person is sent to give at their bank. */
export interface StartedConsent {
  /** The provider's id of the consent (GoCardless: requisition id). */
  consentId: string;
  /** Where the person's browser goes to give it. */
  redirectUrl: string;
}

export type ConsentStatus = 'pending' | 'granted' | 'denied' | 'expired';

export interface ConsentState {
  status: ConsentStatus;
  /** The provider's ids of the accounts the consent covers (empty until granted). */
  accountIds: readonly string[];
  /** When access through this consent ends; null while not granted. */
  validUntil: Date | null;
}

export interface ProviderAccount {
  id: string;
  iban: string;
  /** The account's name at the bank ("Geschäftskonto"), or its owner's. */
  name: string;
  ownerName: string | null;
  currency: string;
  /** Booked balance in minor units, null when the bank does not say. */
  balance: number | null;
  balanceDate: string | null;
}

/** A booked transaction as the bank reports it; amounts in minor units, negative for outgoing. */
export interface ProviderTransaction {
  id: string;
  bookingDate: string;
  valueDate: string | null;
  amount: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string | null;
  endToEndId: string | null;
}

export interface BankDataProvider {
  readonly kind: 'sandbox' | 'gocardless';
  institutions(country: string): Promise<BankInstitution[]>;
  /**
   * Starts a consent for `institutionId`; the bank sends the person back to `redirectUrl` with
   * `reference` (Kontor's signed state) in the query.
   */
  startConsent(input: {
    institutionId: string;
    redirectUrl: string;
    reference: string;
    validForDays: number;
  }): Promise<StartedConsent>;
  consent(consentId: string): Promise<ConsentState>;
  account(accountId: string): Promise<ProviderAccount>;
  transactions(accountId: string, since: string): Promise<ProviderTransaction[]>;
  /** Ends the consent at the provider (disconnect); an unknown consent is not an error. */
  deleteConsent(consentId: string): Promise<void>;
}

/**
 * A provider failure. `transient`: down, slow or rate-limited, worth retrying with back-off;
 * otherwise the request itself was refused (unknown institution, consent gone).
 */
export class BankProviderError extends Error {
  constructor(
    message: string,
    readonly code: 'unavailable' | 'rate_limited' | 'not_found' | 'refused',
    readonly transient: boolean,
    /** A rate limit's wait as the provider names it (Retry-After), in seconds; null when it does not. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'BankProviderError';
  }
}

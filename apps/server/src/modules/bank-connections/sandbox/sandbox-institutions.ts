import { composeIban } from '@kontor/domain';
import type { BankInstitution } from '../provider';

/**
 * The sandbox bank's institutions: invented banks with names people recognise the kind of, and
 * the account numbering of their country. Every institution gives the same two accounts to every
 * customer (the sandbox has no customers of its own), so a renewed consent at the same bank covers
 * the same IBANs, as a real one does.
 */
interface SandboxInstitution extends BankInstitution {
  /** The national bank code the IBANs carry (German BLZ, Austrian Bankleitzahl, Dutch bank code …). */
  bankCode: string;
  /**
   * Extra customer and card payments a day on the business account: a trading company's volume
   * (about 10,000 bookings in the 90 days of history), for the sync's benchmark and for trying
   * the bank-transactions screen with a full account.
   */
  bookingsPerDay: number;
}

const PSD2_DAYS = { transactionTotalDays: 90, maxAccessValidForDays: 180 } as const;

function institution(
  id: string,
  name: string,
  country: string,
  bic: string,
  bankCode: string,
  bookingsPerDay = 0,
): SandboxInstitution {
  return { id, name, bic, logoUrl: null, countries: [country], bankCode, bookingsPerDay, ...PSD2_DAYS };
}

const INSTITUTIONS: readonly SandboxInstitution[] = [
  institution('SANDBOX_SPARKASSE_DE', 'Sandbox Sparkasse', 'DE', 'SBXSDE31XXX', '10050999'),
  institution('SANDBOX_VOLKSBANK_DE', 'Sandbox Volksbank', 'DE', 'SBXVDE51XXX', '50190999'),
  institution('SANDBOX_DIREKTBANK_DE', 'Sandbox Direktbank', 'DE', 'SBXDDEB1XXX', '12030999'),
  institution('SANDBOX_HANDELSBANK_DE', 'Sandbox Handelsbank (10.000 Buchungen)', 'DE', 'SBXHDEFFXXX', '50070999', 110),
  institution('SANDBOX_ERSTE_AT', 'Sandbox Erste Bank', 'AT', 'SBXEATWWXXX', '20199'),
  institution('SANDBOX_RAIFFEISEN_AT', 'Sandbox Raiffeisenbank', 'AT', 'SBXRAT2SXXX', '35999'),
  institution('SANDBOX_BANKAUSTRIA_AT', 'Sandbox Bank Austria', 'AT', 'SBXBATWWXXX', '12999'),
  institution('SANDBOX_ING_NL', 'Sandbox ING', 'NL', 'SBXNNL2AXXX', 'SBXN'),
  institution('SANDBOX_KBC_BE', 'Sandbox KBC', 'BE', 'SBXKBEBBXXX', '739'),
  institution('SANDBOX_SPUERKEESS_LU', 'Sandbox Spuerkeess', 'LU', 'SBXLLULLXXX', '001'),
  institution('SANDBOX_UNICREDIT_IT', 'Sandbox UniCredit', 'IT', 'SBXUITMMXXX', '02008'),
  institution('SANDBOX_AIB_IE', 'Sandbox AIB', 'IE', 'SBXAIE2DXXX', 'SBXA'),
];

export function sandboxInstitutions(country: string): BankInstitution[] {
  return INSTITUTIONS.filter((item) => item.countries.includes(country)).map(
    ({ bankCode: _bankCode, bookingsPerDay: _bookingsPerDay, ...rest }) => rest,
  );
}

export function findSandboxInstitution(id: string): SandboxInstitution | null {
  return INSTITUTIONS.find((item) => item.id === id) ?? null;
}

/** The accounts each customer has at a sandbox bank. */
export const SANDBOX_ACCOUNT_KINDS = [
  { name: { de: 'Geschäftskonto', en: 'Business current account' }, number: 4711 },
  { name: { de: 'Tagesgeldkonto', en: 'Business savings account' }, number: 9020 },
] as const;

/**
 * The IBAN of account `index` at the institution: its bank code and a fixed account number in
 * the country's BBAN layout, check digits computed (Belgium also needs its national check).
 */
export function sandboxIban(institutionId: string, index: number): string {
  const found = findSandboxInstitution(institutionId);
  const kind = SANDBOX_ACCOUNT_KINDS[index];
  if (!found || !kind) throw new Error(`no sandbox account ${institutionId}/${index}`);
  const country = found.countries[0]!;
  const account = String(kind.number);
  const bban = bbanOf(country, found.bankCode, account);
  const iban = composeIban(country, bban);
  if (!iban) throw new Error(`sandbox BBAN ${bban} is not valid for ${country}`);
  return iban;
}

function bbanOf(country: string, bankCode: string, account: string): string {
  switch (country) {
    case 'DE':
      return bankCode + account.padStart(10, '0');
    case 'AT':
      return bankCode + account.padStart(11, '0');
    case 'NL':
      return bankCode + account.padStart(10, '0');
    case 'BE': {
      const base = bankCode + account.padStart(7, '0');
      const check = Number(BigInt(base) % 97n) || 97;
      return base + String(check).padStart(2, '0');
    }
    case 'LU':
      return bankCode + account.padStart(13, '0');
    case 'IT':
      return `X${bankCode}11101${account.padStart(12, '0')}`;
    case 'IE':
      return `${bankCode}931152${account.padStart(8, '0')}`;
    default:
      throw new Error(`no sandbox BBAN layout for ${country}`);
  }
}

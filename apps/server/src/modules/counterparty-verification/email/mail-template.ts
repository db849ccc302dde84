import type { Locale } from '@kontor/domain';

export interface InvitationMailParams {
  organizationName: string;
  counterpartyName: string;
  link: string;
  expiresAt: Date;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const DATE_FORMAT: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

/**
 * The invitation in German and English. It never carries the IBAN, not even in part: the counterparty must
 * type the IBAN they expect to be paid to, so the mail must not hand them ours to copy.
 */
const TEMPLATES: Record<Locale, (params: InvitationMailParams) => { subject: string; text: string }> = {
  de: (p) => ({
    subject: `${oneLine(p.organizationName)}: Bitte bestätigen Sie Ihre Bankverbindung`,
    text: [
      `Guten Tag,`,
      ``,
      `${oneLine(p.organizationName)} möchte Zahlungen an ${oneLine(p.counterpartyName)} nur auf ein von Ihnen bestätigtes Konto leisten.`,
      `Bitte öffnen Sie den folgenden Link und geben Sie die IBAN ein, auf die Sie bezahlt werden möchten:`,
      ``,
      p.link,
      ``,
      `Der Link ist bis zum ${p.expiresAt.toLocaleDateString('de-DE', DATE_FORMAT)} gültig und kann nur einmal verwendet werden.`,
      `Wenn Sie diese Anfrage nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
    ].join('\n'),
  }),
  en: (p) => ({
    subject: `${oneLine(p.organizationName)}: please confirm your bank account`,
    text: [
      `Hello,`,
      ``,
      `${oneLine(p.organizationName)} wants to pay ${oneLine(p.counterpartyName)} only to a bank account you confirmed.`,
      `Please open the following link and enter the IBAN you expect to be paid to:`,
      ``,
      p.link,
      ``,
      `The link works until ${p.expiresAt.toLocaleDateString('en-GB', DATE_FORMAT)} and can be used once.`,
      `If you did not expect this request, you can ignore this e-mail.`,
    ].join('\n'),
  }),
};

/**
 * Where German is an official language (Germany, Austria, Switzerland, Liechtenstein, Luxembourg),
 * and with no country (the product's home market, SPEC §1), the counterparty reads German;
 * elsewhere English is the language a supplier's accounts department is most likely to read.
 */
const GERMAN_SPEAKING_COUNTRIES: ReadonlySet<string> = new Set(['DE', 'AT', 'CH', 'LI', 'LU']);

/** The language of the invitation for a counterparty in this country (ISO 3166-1 alpha-2, or null). */
export function invitationLocale(country: string | null): Locale {
  return country === null || GERMAN_SPEAKING_COUNTRIES.has(country.toUpperCase()) ? 'de' : 'en';
}

export function invitationMail(locale: Locale, params: InvitationMailParams): { subject: string; text: string } {
  const mail = TEMPLATES[locale](params);
  return { subject: mail.subject.slice(0, 998), text: mail.text };
}

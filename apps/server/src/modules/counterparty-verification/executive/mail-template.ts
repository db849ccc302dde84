import { formatIban, type Locale } from '@kontor/domain';

export interface ExecutiveRequestMailParams {
  verifierName: string;
  requesterName: string;
  counterpartyName: string;
  iban: string;
  requiredApprovals: number;
  verifierCount: number;
  link: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The request to a named verifier, in German and English. It carries the IBAN on purpose (unlike
 * the counterparty's e-mail verification): the verifier is a colleague who must compare it with
 * what they know. Deciding takes a signed-in POST in the app, never a GET on a mailed link.
 */
const TEMPLATES: Record<Locale, (params: ExecutiveRequestMailParams) => { subject: string; text: string }> = {
  de: (p) => ({
    subject: `Bitte prüfen: Bankkonto von ${oneLine(p.counterpartyName)}`,
    text: [
      `Hallo ${oneLine(p.verifierName)},`,
      ``,
      `${oneLine(p.requesterName)} bittet Sie, das Bankkonto ${formatIban(p.iban)} von ${oneLine(p.counterpartyName)} freizugeben oder abzulehnen.`,
      `Es sind ${p.requiredApprovals} von ${p.verifierCount} Freigaben nötig; eine Ablehnung beendet die Prüfung.`,
      ``,
      `Öffnen Sie den Geschäftspartner in Kontor, um zu entscheiden:`,
      p.link,
      ``,
      `Kontor`,
    ].join('\n'),
  }),
  en: (p) => ({
    subject: `Please verify: bank account of ${oneLine(p.counterpartyName)}`,
    text: [
      `Hello ${oneLine(p.verifierName)},`,
      ``,
      `${oneLine(p.requesterName)} asks you to approve or reject the bank account ${formatIban(p.iban)} of ${oneLine(p.counterpartyName)}.`,
      `${p.requiredApprovals} of ${p.verifierCount} approvals are needed; one rejection ends the verification.`,
      ``,
      `Open the counterparty in Kontor to decide:`,
      p.link,
      ``,
      `Kontor`,
    ].join('\n'),
  }),
};

export function executiveRequestMail(locale: Locale, params: ExecutiveRequestMailParams): { subject: string; text: string } {
  const mail = TEMPLATES[locale](params);
  return { subject: mail.subject.slice(0, 998), text: mail.text };
}

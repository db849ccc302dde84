/**
 * SEPA credit transfer initiation (pain.001.001.09 by default, .03 on request). Pure and
 * deterministic: the output depends only on the input (createdAt is given, never "now"), so a
 * re-download of an exported run yields byte-identical XML.
 */
import { checkPaymentBatch, type CheckedBatch, type CheckedParty, type CheckedPayment } from './check-payment-batch';
import { groupPayments, type PaymentGroup } from './group-payments';
import type { Pain001Version, PaymentBatch, WritePain001Options } from './payment-batch';
import { formatCents } from './sepa-amount';
import { XmlWriter } from '../xml-writer';

const MAX_ID_LENGTH = 35;

/** @throws SepaExportError listing every refused payment (non-EUR, remittance ≥ 34 chars, …). */
export function writePain001(batch: PaymentBatch, options: WritePain001Options = {}): string {
  const version: Pain001Version = options.version ?? 'pain.001.001.09';
  const checked = checkPaymentBatch(batch);
  const groups = groupPayments(checked.payments);
  const xml = new XmlWriter();
  xml.open('Document', {
    xmlns: `urn:iso:std:iso:20022:tech:xsd:${version}`,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  xml.open('CstmrCdtTrfInitn');
  writeGroupHeader(xml, checked);
  groups.forEach((group, position) => writePaymentInformation(xml, version, checked.messageId, group, position));
  xml.close('CstmrCdtTrfInitn');
  xml.close('Document');
  return xml.toString();
}

function writeGroupHeader(xml: XmlWriter, batch: CheckedBatch): void {
  const total = batch.payments.reduce((sum, payment) => sum + payment.amountCents, 0n);
  xml.open('GrpHdr');
  xml.leaf('MsgId', batch.messageId);
  xml.leaf('CreDtTm', batch.createdAt);
  xml.leaf('NbOfTxs', String(batch.payments.length));
  xml.leaf('CtrlSum', formatCents(total));
  xml.open('InitgPty').leaf('Nm', batch.initiatingPartyName).close('InitgPty');
  xml.close('GrpHdr');
}

/** Unique within the message and at most 35 characters: the message id, cut if needed, plus "-n". */
export function paymentInformationId(messageId: string, position: number): string {
  const suffix = `-${position + 1}`;
  return `${messageId.slice(0, MAX_ID_LENGTH - suffix.length)}${suffix}`;
}

function writePaymentInformation(
  xml: XmlWriter,
  version: Pain001Version,
  messageId: string,
  group: PaymentGroup,
  position: number,
): void {
  xml.open('PmtInf');
  xml.leaf('PmtInfId', paymentInformationId(messageId, position));
  xml.leaf('PmtMtd', 'TRF');
  xml.leaf('NbOfTxs', String(group.payments.length));
  xml.leaf('CtrlSum', formatCents(group.controlSumCents));
  xml.open('PmtTpInf').open('SvcLvl').leaf('Cd', 'SEPA').close('SvcLvl').close('PmtTpInf');
  if (version === 'pain.001.001.09') {
    xml.open('ReqdExctnDt').leaf('Dt', group.requestedExecutionDate).close('ReqdExctnDt');
  } else {
    xml.leaf('ReqdExctnDt', group.requestedExecutionDate);
  }
  writeParty(xml, 'Dbtr', group.debtor);
  writeAccount(xml, 'DbtrAcct', group.debtor);
  // The debtor agent is mandatory; without a BIC the DK spec (GBIC) wants Othr/Id NOTPROVIDED.
  xml.open('DbtrAgt').open('FinInstnId');
  if (group.debtor.bic) xml.leaf(bicElement(version), group.debtor.bic);
  else xml.open('Othr').leaf('Id', 'NOTPROVIDED').close('Othr');
  xml.close('FinInstnId').close('DbtrAgt');
  xml.leaf('ChrgBr', 'SLEV');
  for (const payment of group.payments) writeTransaction(xml, version, payment);
  xml.close('PmtInf');
}

function writeTransaction(xml: XmlWriter, version: Pain001Version, payment: CheckedPayment): void {
  xml.open('CdtTrfTxInf');
  xml.open('PmtId').leaf('EndToEndId', payment.endToEndId).close('PmtId');
  xml.open('Amt').leaf('InstdAmt', formatCents(payment.amountCents), { Ccy: 'EUR' }).close('Amt');
  // The creditor agent is optional and, in the GBIC schemas, allowed only with a BIC.
  if (payment.creditor.bic) {
    xml.open('CdtrAgt').open('FinInstnId').leaf(bicElement(version), payment.creditor.bic).close('FinInstnId').close('CdtrAgt');
  }
  writeParty(xml, 'Cdtr', payment.creditor);
  writeAccount(xml, 'CdtrAcct', payment.creditor);
  if (payment.remittanceInformation !== '') {
    xml.open('RmtInf').leaf('Ustrd', payment.remittanceInformation).close('RmtInf');
  }
  xml.close('CdtTrfTxInf');
}

function bicElement(version: Pain001Version): 'BICFI' | 'BIC' {
  return version === 'pain.001.001.09' ? 'BICFI' : 'BIC';
}

function writeParty(xml: XmlWriter, element: 'Dbtr' | 'Cdtr', party: CheckedParty): void {
  xml.open(element).leaf('Nm', party.name).close(element);
}

function writeAccount(xml: XmlWriter, element: 'DbtrAcct' | 'CdtrAcct', party: CheckedParty): void {
  xml.open(element).open('Id').leaf('IBAN', party.iban).close('Id').close(element);
}

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BankFileImport } from '@kontor/domain';
import { browser } from './factories';
import type { TestApp } from './harness';

/** Test bank files built from a few fields, and the upload as the browser sends it (kind before file). */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface CamtEntrySpec {
  amount: string;
  creditDebit?: 'DBIT' | 'CRDT';
  status?: string;
  bookingDate?: string;
  currency?: string;
  iban?: string | null;
  name?: string;
  endToEndId?: string;
  reference?: string;
  remittance?: string;
}

function camtEntry(spec: CamtEntrySpec): string {
  const creditDebit = spec.creditDebit ?? 'DBIT';
  const side = creditDebit === 'DBIT' ? 'Cdtr' : 'Dbtr';
  const party =
    `<RltdPties>${spec.name ? `<${side}><Nm>${escapeXml(spec.name)}</Nm></${side}>` : ''}` +
    `${spec.iban ? `<${side}Acct><Id><IBAN>${spec.iban}</IBAN></Id></${side}Acct>` : ''}</RltdPties>`;
  return (
    `<Ntry><Amt Ccy="${spec.currency ?? 'EUR'}">${spec.amount}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd>` +
    `<Sts>${spec.status ?? 'BOOK'}</Sts><BookgDt><Dt>${spec.bookingDate ?? '2025-03-03'}</Dt></BookgDt>` +
    `<ValDt><Dt>${spec.bookingDate ?? '2025-03-03'}</Dt></ValDt>${spec.reference ? `<AcctSvcrRef>${spec.reference}</AcctSvcrRef>` : ''}` +
    `<NtryDtls><TxDtls><Refs><EndToEndId>${spec.endToEndId ?? 'NOTPROVIDED'}</EndToEndId></Refs>${party}` +
    `${spec.remittance ? `<RmtInf><Ustrd>${escapeXml(spec.remittance)}</Ustrd></RmtInf>` : ''}</TxDtls></NtryDtls></Ntry>\n`
  );
}

export function camtXml(entries: readonly CamtEntrySpec[], options: { account?: string; namespace?: boolean } = {}): string {
  const namespace = options.namespace === false ? '' : ' xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document${namespace}><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2025-03-04T08:00:00</CreDtTm></GrpHdr>\n` +
    `<Stmt><Id>S-1</Id><CreDtTm>2025-03-04T08:00:00</CreDtTm>` +
    `<Acct><Id><IBAN>${options.account ?? 'DE89370400440532013000'}</IBAN></Id><Ccy>EUR</Ccy></Acct>\n` +
    `${entries.map(camtEntry).join('')}</Stmt></BkToCstmrStmt></Document>\n`
  );
}

export interface PainPaymentSpec {
  amount: string;
  currency?: string;
  iban: string;
  name?: string;
  bic?: string;
  endToEndId?: string;
  remittance?: string;
}

export interface PainBlockSpec {
  debtorIban: string;
  debtorName?: string;
  executionDate: string;
  payments: readonly PainPaymentSpec[];
}

export function painXml(messageId: string, blocks: readonly PainBlockSpec[], options: { namespace?: boolean } = {}): string {
  const namespace = options.namespace === false ? '' : ' xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"';
  const count = blocks.reduce((sum, block) => sum + block.payments.length, 0);
  const payment = (spec: PainPaymentSpec) =>
    `<CdtTrfTxInf><PmtId><EndToEndId>${spec.endToEndId ?? 'NOTPROVIDED'}</EndToEndId></PmtId>` +
    `<Amt><InstdAmt Ccy="${spec.currency ?? 'EUR'}">${spec.amount}</InstdAmt></Amt>` +
    `${spec.bic ? `<CdtrAgt><FinInstnId><BIC>${spec.bic}</BIC></FinInstnId></CdtrAgt>` : ''}` +
    `${spec.name ? `<Cdtr><Nm>${escapeXml(spec.name)}</Nm></Cdtr>` : ''}<CdtrAcct><Id><IBAN>${spec.iban}</IBAN></Id></CdtrAcct>` +
    `${spec.remittance ? `<RmtInf><Ustrd>${escapeXml(spec.remittance)}</Ustrd></RmtInf>` : ''}</CdtTrfTxInf>\n`;
  const block = (spec: PainBlockSpec, index: number) =>
    `<PmtInf><PmtInfId>PMT-${index + 1}</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${spec.payments.length}</NbOfTxs>` +
    `<ReqdExctnDt>${spec.executionDate}</ReqdExctnDt><Dbtr><Nm>${escapeXml(spec.debtorName ?? 'Muster GmbH')}</Nm></Dbtr>` +
    `<DbtrAcct><Id><IBAN>${spec.debtorIban}</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></DbtrAgt>\n` +
    `${spec.payments.map(payment).join('')}</PmtInf>\n`;
  return (
    `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<Document${namespace}><CstmrCdtTrfInitn>` +
    `<GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2025-01-01T10:00:00</CreDtTm><NbOfTxs>${count}</NbOfTxs>` +
    `<InitgPty><Nm>Muster GmbH</Nm></InitgPty></GrpHdr>\n${blocks.map(block).join('')}</CstmrCdtTrfInitn></Document>\n`
  );
}

/** Check digits for a BBAN under a country code (ISO 13616 mod 97), so tests can make as many IBANs as they like. */
export function ibanOf(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** A multipart body: the text fields in the given order, then the file part (unless null), then `fieldsAfter`. */
export function bankFileUpload(
  fields: readonly [string, string][],
  file: { content: Buffer | string; fileName?: string; contentType?: string } | null,
  /** Text fields after the file (the kind must come first; this shows what happens when it does not). */
  fieldsAfter: readonly [string, string][] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kontor${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'bank.xml'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/xml'}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of fieldsAfter) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadBankFile(
  testApp: TestApp,
  cookie: string,
  kind: string | null,
  content: Buffer | string,
  fileName?: string,
) {
  const body = bankFileUpload(kind === null ? [] : [['kind', kind]], { content, fileName });
  return testApp.app.inject({
    method: 'POST',
    url: '/api/bank-file-imports',
    headers: browser(cookie, body.headers),
    payload: body.payload,
  });
}

/** Uploads, runs the job in place of a worker, and answers the finished import as GET shows it. */
export async function importBankFile(
  testApp: TestApp,
  org: { id: string; admin: { cookie: string } },
  kind: 'transactions' | 'trusted_history',
  content: Buffer | string,
): Promise<BankFileImport> {
  const response = await uploadBankFile(testApp, org.admin.cookie, kind, content);
  expect(response.statusCode, response.body).toBe(201);
  const queued = response.json<BankFileImport>();
  expect(queued).toMatchObject({ status: 'queued', progress: 0, kind });
  await testApp.app.bankFileImport.runner.run({ orgId: org.id, importId: queued.id });
  const status = await testApp.app.inject({
    method: 'GET',
    url: `/api/bank-file-imports/${queued.id}`,
    headers: browser(org.admin.cookie),
  });
  expect(status.statusCode, status.body).toBe(200);
  return status.json<BankFileImport>();
}

import { expect } from 'vitest';
import type { BankFileImport, BankTransactionList, BankTransactionTotals } from '@kontor/domain';
import { bankFileUpload } from './bank-file-import-fixtures';
import { browser } from './factories';
import type { TestApp } from './harness';

/** camt.053 statements with balances, batch bookings and a period, as banks send them (version .08 by default). */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface StatementLine {
  /** "1234.56" */
  amount: string;
  creditDebit: 'CRDT' | 'DBIT';
  bookingDate: string;
  name?: string;
  iban?: string;
  endToEndId?: string;
  remittance?: string;
  status?: string;
}

export interface StatementEntry extends StatementLine {
  /** A batch booking: the entry's amount is `amount`, its parts these. */
  batch?: readonly Omit<StatementLine, 'bookingDate' | 'creditDebit'>[];
}

export interface StatementSpec {
  account: string;
  id: string;
  sequence?: number;
  from: string;
  to: string;
  /** Signed decimal strings, e.g. "-10.00". */
  opening: string;
  closing: string;
  entries: readonly StatementEntry[];
}

function balance(type: string, value: string, date: string): string {
  const negative = value.startsWith('-');
  return (
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${negative ? value.slice(1) : value}</Amt>` +
    `<CdtDbtInd>${negative ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`
  );
}

function details(
  line: Omit<StatementLine, 'bookingDate' | 'creditDebit'>,
  creditDebit: 'CRDT' | 'DBIT',
  withAmount: boolean,
): string {
  const side = creditDebit === 'DBIT' ? 'Cdtr' : 'Dbtr';
  return (
    `<TxDtls><Refs><EndToEndId>${line.endToEndId ?? 'NOTPROVIDED'}</EndToEndId></Refs>` +
    `${withAmount ? `<Amt Ccy="EUR">${line.amount}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd>` : ''}` +
    `<RltdPties>${line.name ? `<${side}><Pty><Nm>${escapeXml(line.name)}</Nm></Pty></${side}>` : ''}` +
    `${line.iban ? `<${side}Acct><Id><IBAN>${line.iban}</IBAN></Id></${side}Acct>` : ''}</RltdPties>` +
    `${line.remittance ? `<RmtInf><Ustrd>${escapeXml(line.remittance)}</Ustrd></RmtInf>` : ''}</TxDtls>`
  );
}

function entry(spec: StatementEntry): string {
  const parts = spec.batch
    ? spec.batch.map((part) => details(part, spec.creditDebit, true)).join('')
    : details(spec, spec.creditDebit, false);
  return (
    `<Ntry><Amt Ccy="EUR">${spec.amount}</Amt><CdtDbtInd>${spec.creditDebit}</CdtDbtInd>` +
    `<Sts><Cd>${spec.status ?? 'BOOK'}</Cd></Sts><BookgDt><Dt>${spec.bookingDate}</Dt></BookgDt>` +
    `<ValDt><Dt>${spec.bookingDate}</Dt></ValDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${spec.creditDebit === 'CRDT' ? 'RCDT' : 'ICDT'}</Cd>` +
    `<SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls>${parts}</NtryDtls></Ntry>\n`
  );
}

export function statement(spec: StatementSpec): string {
  return (
    `<Stmt><Id>${spec.id}</Id><ElctrncSeqNb>${spec.sequence ?? 1}</ElctrncSeqNb><CreDtTm>${spec.to}T20:00:00</CreDtTm>` +
    `<FrToDt><FrDtTm>${spec.from}T00:00:00</FrDtTm><ToDtTm>${spec.to}T23:59:59</ToDtTm></FrToDt>` +
    `<Acct><Id><IBAN>${spec.account}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    `${balance('PRCD', spec.opening, spec.from)}${balance('CLBD', spec.closing, spec.to)}\n` +
    `${spec.entries.map(entry).join('')}</Stmt>\n`
  );
}

export function statementFile(statements: readonly StatementSpec[], version = '08'): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">` +
    `<BkToCstmrStmt><GrpHdr><MsgId>MSG-${statements[0]?.id ?? 'EMPTY'}</MsgId><CreDtTm>2026-01-01T08:00:00</CreDtTm></GrpHdr>\n` +
    `${statements.map(statement).join('')}</BkToCstmrStmt></Document>\n`
  );
}

export function uploadStatement(testApp: TestApp, cookie: string, content: Buffer | string, fileName = 'auszug.xml') {
  const body = bankFileUpload([], { content, fileName });
  return testApp.app.inject({
    method: 'POST',
    url: '/api/bank-transactions/statement-uploads',
    headers: browser(cookie, body.headers),
    payload: body.payload,
  });
}

/** Uploads, runs the job in place of a worker, and answers the finished import as GET shows it. */
export async function importStatement(
  testApp: TestApp,
  org: { id: string; admin: { cookie: string } },
  content: Buffer | string,
): Promise<BankFileImport> {
  const response = await uploadStatement(testApp, org.admin.cookie, content);
  expect(response.statusCode, response.body).toBe(201);
  const queued = response.json<BankFileImport>();
  expect(queued).toMatchObject({ status: 'queued', kind: 'bank_statement', format: 'camt.053' });
  await testApp.app.bankFileImport.runner.run({ orgId: org.id, importId: queued.id });
  const status = await testApp.app.inject({
    method: 'GET',
    url: `/api/bank-transactions/statement-uploads/${queued.id}`,
    headers: browser(org.admin.cookie),
  });
  expect(status.statusCode, status.body).toBe(200);
  return status.json<BankFileImport>();
}

/** GET /api/bank-transactions (or /totals) with a query, as one person. */
export async function bankTransactionsGet<T = BankTransactionList>(testApp: TestApp, cookie: string, path: string): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/bank-transactions${path}`, headers: browser(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

export type { BankTransactionTotals };

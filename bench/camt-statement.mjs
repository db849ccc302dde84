// A generated camt.053 statement of outgoing (DBIT) bookings — distinct IBANs, amounts and dates,
// every 5th to an IBAN of a demo counterparty — streamed to a file (bank-file-import.mjs,
// crash-recovery.mjs).
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { germanIban } from './bench-support.mjs';

const COMPANY_IBAN = 'DE89370400440532013000';

/** The n-th booking: every 5th goes to a demo counterparty's IBAN, the others to IBANs of their own. */
export function booking(index, knownIbans) {
  const known = knownIbans.length > 0 && index % 5 === 0;
  const day = new Date(Date.UTC(2025, 0, 1) + (index % 365) * 86_400_000).toISOString().slice(0, 10);
  return {
    iban: known ? knownIbans[index % knownIbans.length] : germanIban(index),
    name: `Empfänger ${index} GmbH`,
    cents: 100 + ((index * 7919) % 5_000_000),
    day,
    endToEndId: `E2E-${index}`,
    reference: `BANKREF-${index}`,
    remittance: `RE-2025-${String(index).padStart(6, '0')}`,
  };
}

const decimal = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function entryXml(entry) {
  return `      <Ntry>
        <Amt Ccy="EUR">${decimal(entry.cents)}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${entry.day}</Dt></BookgDt>
        <ValDt><Dt>${entry.day}</Dt></ValDt>
        <AcctSvcrRef>${entry.reference}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${entry.endToEndId}</EndToEndId></Refs>
          <RltdPties><Cdtr><Nm>${entry.name}</Nm></Cdtr><CdtrAcct><Id><IBAN>${entry.iban}</IBAN></Id></CdtrAcct></RltdPties>
          <RmtInf><Ustrd>${entry.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
}

/** The statement, streamed to a file 1,000 entries at a time (never whole in memory). */
export async function writeStatement(file, entries, knownIbans) {
  async function* chunks() {
    yield `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-${Date.now()}</MsgId><CreDtTm>2026-01-02T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-STMT-1</Id>
      <CreDtTm>2026-01-02T06:00:00</CreDtTm>
      <Acct><Id><IBAN>${COMPANY_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
`;
    for (let start = 0; start < entries; start += 1000) {
      let text = '';
      for (let index = start; index < Math.min(entries, start + 1000); index += 1) text += entryXml(booking(index, knownIbans));
      yield text;
    }
    yield '    </Stmt>\n  </BkToCstmrStmt>\n</Document>\n';
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
}

/** Demo GmbH's id and the IBANs of its counterparties (the statement's known IBANs). */
export async function demoOrganizationIbans(database) {
  const { rows: orgRows } = await database.query(`select id from organizations where slug = 'demo'`);
  const orgId = orgRows[0].id;
  const { rows } = await database.query(
    'select distinct iban from counterparty_bank_accounts where organization_id = $1 order by iban',
    [orgId],
  );
  return { orgId, knownIbans: rows.map((row) => row.iban) };
}

#!/usr/bin/env node
// Bank transactions benchmark (issue 61 "Measure"), on a fresh Kontor with demo data:
// 1. Sync: the sandbox bank's SANDBOX_HANDELSBANK_DE is connected over the API as a browser does
//    it (start → allow at the bank's consent page → back at Kontor) and only its business account
//    is chosen, which queues the first sync (about 10,000 bookings over 90 days). Measured from the
//    choice until the account's syncStatus is done (the accounts endpoint polled every 200 ms):
//    transactions stored (lastSyncAdded and count(*)), seconds, rows per second. Then a second,
//    on-demand sync of the same account: seconds, transactions it added (idempotence: 0 or the
//    handful booked meanwhile) and the row count again.
// 2. camt.053: a generated camt.053.001.08 statement with 100,000 entries (a third CRDT, the rest
//    DBIT; distinct IBANs, amounts and dates; opening PRCD and closing CLBD balances the entries
//    add up to) for a company bank account created first, uploaded the way the browser does it
//    and polled until the job is done: time upload → done, entries per second, created/skipped,
//    the stored statement's difference (0: the balances add up) and its rows in
//    bank_transactions. Then the same file again: seconds and created (de-duplication: 0).
// Memory is the server process's (RSS sampled every 50 ms, and its lifetime peak VmHWM, read at
// the end of each part: the camt.053 figure includes the sync's; the embedded PostgreSQL runs in
// processes of its own and is not counted). Figures only: the process fails only when a sync or
// an import did not complete.
import { createWriteStream, openAsBlob, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { germanIban, pollUntil, printRows, round, sampleRss, startSignedInKontor, writeResults } from './bench-support.mjs';

const INSTITUTION = 'SANDBOX_HANDELSBANK_DE';
const ENTRIES = Number(process.env.BENCH_CAMT_ENTRIES ?? 100_000);
/** A poll that has not seen the end after this long fails the benchmark instead of waiting forever. */
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900);
const SYNC_POLL_MS = 200;
const IMPORT_POLL_MS = 250;
/** The statement's account: a German IBAN none of the entries' counterparties has. */
const STATEMENT_IBAN = germanIban(987_654_321);
const OPENING_CENTS = 100_000_000; // 1,000,000.00 EUR
const PERIOD = { from: '2025-01-01', to: '2025-12-31', openingDate: '2024-12-31' };
const PERIOD_DAYS = 365;

/** The n-th entry: every third one a customer's payment (CRDT), the others payments out (DBIT). */
function entry(index) {
  const credit = index % 3 === 0;
  const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((index * PERIOD_DAYS) / ENTRIES) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    creditDebit: credit ? 'CRDT' : 'DBIT',
    cents: credit ? 1_000 + ((index * 104_729) % 9_000_000) : 100 + ((index * 7919) % 5_000_000),
    day,
    iban: germanIban(index),
    name: credit ? `Kunde ${index} GmbH` : `Empfänger ${index} GmbH`,
    endToEndId: `E2E-${index}`,
    reference: `BANKREF-${index}`,
    remittance: credit ? `AR-2025-${String(index).padStart(6, '0')} Zahlung` : `RE-2025-${String(index).padStart(6, '0')}`,
  };
}

const decimal = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function balanceXml(type, cents, date) {
  return `      <Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(Math.abs(cents))}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`;
}

/** Version 08: `Sts/Cd`, the party's name under `Pty/Nm`, the transaction's amount beside the entry's. */
function entryXml(item) {
  const party = item.creditDebit === 'CRDT' ? 'Dbtr' : 'Cdtr';
  return `      <Ntry>
        <Amt Ccy="EUR">${decimal(item.cents)}</Amt>
        <CdtDbtInd>${item.creditDebit}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${item.day}</Dt></BookgDt>
        <ValDt><Dt>${item.day}</Dt></ValDt>
        <AcctSvcrRef>${item.reference}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${item.creditDebit === 'CRDT' ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${item.endToEndId}</EndToEndId></Refs>
          <RltdPties><${party}><Pty><Nm>${item.name}</Nm></Pty></${party}><${party}Acct><Id><IBAN>${item.iban}</IBAN></Id></${party}Acct></RltdPties>
          <RmtInf><Ustrd>${item.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
}

/** The closing balance the entries lead to (a pass of its own: the balances come before the entries). */
function closingCents() {
  let cents = OPENING_CENTS;
  for (let index = 0; index < ENTRIES; index += 1) {
    const item = entry(index);
    cents += item.creditDebit === 'CRDT' ? item.cents : -item.cents;
  }
  return cents;
}

/** The statement, streamed to a file 1,000 entries at a time (never whole in memory). */
async function writeStatement(file) {
  async function* chunks() {
    yield `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-TX-${Date.now()}</MsgId><CreDtTm>2026-01-02T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-TX-STMT-2025</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>2026-01-02T06:00:00</CreDtTm>
      <FrToDt><FrDtTm>${PERIOD.from}T00:00:00</FrDtTm><ToDtTm>${PERIOD.to}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${STATEMENT_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balanceXml('PRCD', OPENING_CENTS, PERIOD.openingDate)}${balanceXml('CLBD', closingCents(), PERIOD.to)}`;
    for (let start = 0; start < ENTRIES; start += 1000) {
      let text = '';
      for (let index = start; index < Math.min(ENTRIES, start + 1000); index += 1) text += entryXml(entry(index));
      yield text;
    }
    yield '    </Stmt>\n  </BkToCstmrStmt>\n</Document>\n';
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
}

/** A check for `onPoll`: throws once `what` has taken longer than TIMEOUT_SECONDS. */
function deadline(what) {
  const until = Date.now() + TIMEOUT_SECONDS * 1000;
  return () => {
    if (Date.now() > until) throw new Error(`${what} did not finish within ${TIMEOUT_SECONDS} s`);
  };
}

const kontor = await startSignedInKontor('kontor-bench-bank-tx-');
const statementFile = path.join(kontor.dataDir, `statement-${ENTRIES}.xml`);
const database = new pg.Client({ connectionString: `postgres://postgres:kontor-local@127.0.0.1:${kontor.pgPort}/postgres` });
try {
  await database.connect();
  const { baseUrl, headers } = kontor;
  /** A call of the API as Anna Admin that must answer `expected`; answers the response. */
  const call = async (method, url, expected, body) => {
    const response = await fetch(new URL(url, baseUrl), {
      method,
      redirect: 'manual',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const accountsUrl = `${baseUrl}/api/bank-transactions/accounts`;
  const countRows = async (column, value) =>
    (await database.query(`select count(*)::int as rows from bank_transactions where ${column} = $1`, [value])).rows[0].rows;

  // 1. The sync. Connect: start, allow at the sandbox bank, back at Kontor with the session.
  const started = await (await call('POST', '/api/bank-connections', 201, { institutionId: INSTITUTION, country: 'DE' })).json();
  const consent = await fetch(new URL(new URL(started.redirectUrl).pathname, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'allow' }).toString(),
  });
  if (consent.status !== 303) throw new Error(`the consent page answered ${consent.status}: ${await consent.text()}`);
  const back = await call('GET', consent.headers.get('location'), 303);
  if (back.headers.get('location')?.includes('error=')) throw new Error(`the callback sent to ${back.headers.get('location')}`);
  const consented = await (await call('GET', `/api/bank-connections/${started.id}`, 200)).json();
  const business = consented.accounts[0]; // account index 0: the business account (Geschäftskonto)

  let memory = sampleRss(kontor.serverPids);
  let clock = performance.now();
  const chosen = await (
    await call('POST', `/api/bank-connections/${started.id}/accounts`, 200, {
      providerAccountIds: [business.providerAccountId],
      version: consented.version,
    })
  ).json();
  const accountId = chosen.accounts[0].companyBankAccountId;
  const accountOf = (body) => body.items.find((item) => item.id === accountId);
  const syncEnded = (body) => ['done', 'failed'].includes(accountOf(body)?.syncStatus);
  let overdue = deadline('the first sync');
  const firstSync = accountOf(
    await pollUntil(accountsUrl, headers, { isDone: syncEnded, intervalMs: SYNC_POLL_MS, onPoll: () => overdue() }),
  );
  const syncSeconds = (performance.now() - clock) / 1000;
  const syncMemory = memory.stop();
  const syncRows = await countRows('company_bank_account_id', accountId);

  // The same account again, on demand: it reads the window since the last sync (a day's overlap).
  clock = performance.now();
  await call('POST', `/api/bank-transactions/accounts/${accountId}/sync`, 202);
  overdue = deadline('the on-demand sync');
  const secondSync = accountOf(
    await pollUntil(accountsUrl, headers, {
      // Pending from the 202 on; a new lastSyncAt as well, so that the first sync's "done" never counts.
      isDone: (body) => syncEnded(body) && accountOf(body).lastSyncAt !== firstSync.lastSyncAt,
      intervalMs: SYNC_POLL_MS,
      onPoll: () => overdue(),
    }),
  );
  const resyncSeconds = (performance.now() - clock) / 1000;
  const rowsAfterResync = await countRows('company_bank_account_id', accountId);

  // 2. camt.053: a company bank account for the statement's IBAN, then the file.
  const statementAccount = await (
    await call('POST', '/api/company-bank-accounts', 201, {
      name: 'Benchmark Auszugskonto',
      iban: STATEMENT_IBAN,
      bic: null,
      isDefaultDebitor: false,
    })
  ).json();
  const generationStarted = performance.now();
  await writeStatement(statementFile);
  const generationSeconds = (performance.now() - generationStarted) / 1000;
  const fileBytes = statSync(statementFile).size;

  /** Uploads the statement as the browser does and polls it until done: the import and its seconds. */
  const importStatement = async () => {
    const begun = performance.now();
    const form = new FormData();
    // openAsBlob reads the file as fetch sends it: the benchmark does not hold the file either.
    form.append('file', await openAsBlob(statementFile, { type: 'application/xml' }), path.basename(statementFile));
    const response = await fetch(`${baseUrl}/api/bank-transactions/statement-uploads`, { method: 'POST', headers, body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const upload = await response.json();
    const uploadSeconds = (performance.now() - begun) / 1000;
    const due = deadline('the statement import');
    const status = await pollUntil(`${baseUrl}/api/bank-transactions/statement-uploads/${upload.id}`, headers, {
      isDone: (body) => body.status === 'completed' || body.status === 'failed',
      intervalMs: IMPORT_POLL_MS,
      onPoll: () => due(),
    });
    return { id: upload.id, status, uploadSeconds, seconds: (performance.now() - begun) / 1000 };
  };

  memory = sampleRss(kontor.serverPids);
  const first = await importStatement();
  const importMemory = memory.stop();
  const { rows: statementRows } = await database.query(
    `select difference::bigint::text as difference, entry_count, complete from bank_statements where import_id = $1`,
    [first.id],
  );
  const importRows = await countRows('import_id', first.id);
  const again = await importStatement();
  const accountRows = await countRows('company_bank_account_id', statementAccount.id);

  // 3. The screen over what is now stored (~110,000 rows): each request 15 times one after the other, median.
  const timeRequest = async (query) => {
    const times = [];
    for (let run = 0; run < 15; run += 1) {
      const begun = performance.now();
      const response = await fetch(`${baseUrl}/api/bank-transactions${query}`, { headers });
      if (response.status !== 200) throw new Error(`${query} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      times.push(performance.now() - begun);
    }
    return round(times.sort((a, b) => a - b)[7], 1);
  };
  const listQueries = [
    ['first page (50)', ''],
    ['first page, incoming only', '?direction=incoming'],
    ['first page, one account, a month', `?accountId=${statementAccount.id}&from=2025-06-01&to=2025-06-30`],
    ['search, one remittance', `?search=${encodeURIComponent('RE-2025-054321')}`],
    ['search, a counterparty name', `?search=${encodeURIComponent('Hansen Maschinenbau')}`],
    ['totals, everything', '/totals'],
    ['totals, incoming of a month', '/totals?direction=incoming&from=2025-06-01&to=2025-06-30'],
  ];
  const listTimings = [];
  for (const [label, query] of listQueries) listTimings.push([label, await timeRequest(query)]);

  const statement = statementRows[0];
  const results = {
    list: Object.fromEntries(listTimings),
    sync: {
      institution: INSTITUTION,
      account: business.name,
      status: firstSync.syncStatus,
      syncError: firstSync.syncError,
      lastSyncAdded: firstSync.lastSyncAdded,
      rows: syncRows,
      seconds: round(syncSeconds, 2),
      rowsPerSecond: Math.round(syncRows / syncSeconds),
      serverRssBeforeMb: round(syncMemory.before.rss),
      serverRssPeakMb: round(syncMemory.peakRss),
      serverVmHwmMb: round(syncMemory.after.hwm),
    },
    resync: {
      status: secondSync.syncStatus,
      syncError: secondSync.syncError,
      added: secondSync.lastSyncAdded,
      seconds: round(resyncSeconds, 2),
      rows: rowsAfterResync,
    },
    camt: {
      entries: ENTRIES,
      fileMb: round(fileBytes / 1024 / 1024, 1),
      generationSeconds: round(generationSeconds, 2),
      status: first.status.status,
      failureCode: first.status.failureCode,
      created: first.status.createdCount,
      skipped: first.status.skippedCount,
      uploadSeconds: round(first.uploadSeconds, 2),
      totalSeconds: round(first.seconds, 2),
      entriesPerSecond: Math.round(ENTRIES / first.seconds),
      serverRssBeforeMb: round(importMemory.before.rss),
      serverRssPeakMb: round(importMemory.peakRss),
      serverVmHwmMb: round(importMemory.after.hwm),
      statementDifference: statement ? (statement.difference === null ? null : Number(statement.difference)) : null,
      statementEntryCount: statement?.entry_count ?? null,
      statementComplete: statement?.complete ?? null,
      rows: importRows,
    },
    camtAgain: {
      status: again.status.status,
      failureCode: again.status.failureCode,
      created: again.status.createdCount,
      skipped: again.status.skippedCount,
      totalSeconds: round(again.seconds, 2),
      accountRows,
    },
    cpus: os.cpus().length,
  };

  const { sync, resync, camt, camtAgain } = results;
  const outcome = (item) =>
    `${item.status}${item.syncError ? ` ${item.syncError}` : ''}${item.failureCode ? ` ${item.failureCode}` : ''}`;
  printRows(
    `Sync of ${INSTITUTION} · ${sync.account} (${results.cpus} CPUs)`,
    [
      ['first sync', outcome(sync)],
      ['transactions stored (lastSyncAdded · rows)', `${sync.lastSyncAdded} · ${sync.rows}`],
      ['choice → done', `${sync.seconds} s`],
      ['rows per second', String(sync.rowsPerSecond)],
      ['server RSS before → peak during sync', `${sync.serverRssBeforeMb} MB → ${sync.serverRssPeakMb} MB`],
      ['server VmHWM (lifetime peak)', `${sync.serverVmHwmMb} MB`],
      ['on-demand sync again', `${resync.seconds} s, ${resync.added} added (${outcome(resync)})`],
      ['rows after it', String(resync.rows)],
    ],
    42,
  );
  printRows(
    `camt.053.001.08 statement into bank transactions (${results.cpus} CPUs)`,
    [
      [
        'statement',
        `${ENTRIES.toLocaleString('en')} entries (CRDT and DBIT), ${camt.fileMb} MB (generated in ${camt.generationSeconds} s)`,
      ],
      ['created · skipped', `${camt.created} · ${camt.skipped} (${outcome(camt)})`],
      ['upload (streamed to storage)', `${camt.uploadSeconds} s`],
      ['total, upload → done', `${camt.totalSeconds} s`],
      ['entries per second', String(camt.entriesPerSecond)],
      ['server RSS before → peak during import', `${camt.serverRssBeforeMb} MB → ${camt.serverRssPeakMb} MB`],
      ['server VmHWM (lifetime peak)', `${camt.serverVmHwmMb} MB`],
      [
        'statement difference (entries, complete)',
        `${camt.statementDifference} (${camt.statementEntryCount}, ${camt.statementComplete})`,
      ],
      ['bank_transactions rows of the import', String(camt.rows)],
      [
        'same file again: created · skipped',
        `${camtAgain.created} · ${camtAgain.skipped} in ${camtAgain.totalSeconds} s (${outcome(camtAgain)})`,
      ],
      ['rows of the account after it', String(camtAgain.accountRows)],
    ],
    42,
  );
  printRows(
    `GET /api/bank-transactions over ${(syncRows + importRows).toLocaleString('en')} rows (median of 15, ms)`,
    listTimings.map(([label, ms]) => [label, `${ms} ms`]),
    42,
  );
  writeResults('bank-transactions', results);
  if (sync.status !== 'done' || resync.status !== 'done' || camt.status !== 'completed' || camtAgain.status !== 'completed') {
    process.exitCode = 1;
  }
} finally {
  await database.end().catch(() => {});
  await kontor.close();
}

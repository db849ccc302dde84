import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readCamt053 } from './read-camt053';
import type { Progress } from './read-items';

/** Forces a full GC so heap numbers measure what is still held, not garbage not yet collected. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>BIG</MsgId><CreDtTm>2026-01-31T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BIG-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
`;
const TAIL = '</Stmt></BkToCstmrStmt></Document>\n';

function entry(index: number): string {
  const cents = (index % 100_000) + 1;
  return `<Ntry><Amt Ccy="EUR">${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}</Amt>
<CdtDbtInd>${index % 2 ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-01-15</Dt></BookgDt><ValDt><Dt>2026-01-15</Dt></ValDt><AcctSvcrRef>REF-${index}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${index}</EndToEndId></Refs>
<RltdPties><Dbtr><Pty><Nm>Kunde ${index}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct>
<Cdtr><Pty><Nm>Lieferant ${index}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>AT611904300234573201</IBAN></Id></CdtrAcct></RltdPties>
<RmtInf><Ustrd>Rechnung ${index} vom Januar</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
`;
}

const TARGET_BYTES = 20 * 1024 * 1024;
const encoder = new TextEncoder();

/** Generates the file on the fly in 64 KiB chunks, so the test itself never holds it. */
async function* bigStatement(stats: { entries: number; bytes: number }): AsyncGenerator<Uint8Array> {
  let buffer = HEAD;
  while (stats.bytes + buffer.length < TARGET_BYTES) {
    buffer += entry(stats.entries++);
    if (buffer.length >= 64 * 1024) {
      stats.bytes += buffer.length;
      yield encoder.encode(buffer);
      buffer = '';
    }
  }
  buffer += TAIL;
  stats.bytes += buffer.length;
  yield encoder.encode(buffer);
}

describe('a 20 MB camt.053', () => {
  it('streams with flat memory and reports progress', { timeout: 20_000 }, async () => {
    const stats = { entries: 0, bytes: 0 };
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    let peakGrowth = 0;
    let transactions = 0;
    let statementEntries = -1;
    let statementStarts = 0;
    let lastProgress: Progress | null = null;

    for await (const item of readCamt053(bigStatement(stats), { onProgress: (progress) => (lastProgress = progress) })) {
      if (item.kind === 'transaction') {
        transactions += 1;
        if (transactions % 20_000 === 0) {
          collectGarbage();
          peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - heapBefore);
        }
      } else if (item.kind === 'statementStart') {
        // The header comes once, before the statement's first transaction.
        expect(transactions).toBe(0);
        statementStarts += 1;
      } else if (item.kind === 'statement') statementEntries = item.statement.entryCount;
      else if (item.kind === 'document') expect(item.version).toBe('001.08');
      else expect.fail(`unexpected ${item.kind} item`);
    }

    expect(stats.bytes).toBeGreaterThanOrEqual(TARGET_BYTES - 2048);
    expect(transactions).toBe(stats.entries);
    expect(statementStarts).toBe(1);
    expect(statementEntries).toBe(stats.entries);
    expect(lastProgress).toEqual({ bytesRead: stats.bytes, totalBytes: null });
    // Holding the document (or its records) would cost several times its 20 MB; streaming
    // measures about 1.5 MB here.
    expect(peakGrowth).toBeLessThan(TARGET_BYTES / 5);
  });
});

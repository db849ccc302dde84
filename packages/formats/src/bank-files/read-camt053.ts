import { bankAmount, CURRENCY_CODE, parseUnsignedAmount, type BankAmount } from './amount';
import { BankFileError } from './bank-file-error';
import { stringSource, type ByteSource } from './byte-source';
import type {
  Camt053Item,
  CamtBalance,
  CamtEntry,
  CamtStatement,
  CamtStatementHeader,
  CamtTransaction,
  CreditDebit,
} from './camt053-types';
import { ElementScope } from './element-scope';
import { validIban } from './iban';
import { isoDateOf } from './iso-date';
import { detectVersion } from './message-version';
import type { ItemPosition, ReadOptions, SkipReason, WarningCode } from './read-items';
import { ScopedHandler } from './scoped-handler';
import { streamXml } from './xml-stream';

/**
 * Every published camt.053 version, 001.02 to 001.13. They share the elements read here; where
 * a later version moved one, both places are read in every version (lenient towards banks that
 * mix them):
 * - entry status: plain `Sts` up to 06, `Sts/Cd` (or `Sts/Prtry`) from 07;
 * - related parties: `Dbtr/Nm` up to 06, the choice `Dbtr/Pty/Nm` (or an agent,
 *   `Dbtr/Agt/FinInstnId/Nm`) from 07;
 * - agent BIC: `FinInstnId/BIC` in 02 and 03, `FinInstnId/BICFI` from 04;
 * - a transaction's own amount: only `AmtDtls/TxAmt/Amt` in 02 and 03, also `TxDtls/Amt` (with
 *   its own `CdtDbtInd`) from 04.
 * Unchanged from 02 to 13: `Ntry/Amt`, `Bal/Dt/Dt|DtTm`, `BookgDt`/`ValDt` `Dt|DtTm`,
 * `FrToDt/FrDtTm|ToDtTm`, `ElctrncSeqNb`, `LglSeqNb`, `BkTxCd`, `Refs/EndToEndId`, `RmtInf`,
 * `RltdPties/*Acct/Id/IBAN`, `RltdAgts/*Agt`. What 08 to 13 only added (`Refs/UETR`,
 * `Acct/Prxy`, a transaction's payment type, allocations and corporate action) is not read;
 * `Stmt/CreDtTm` is optional from 08 and `Acct/Id` from 13 (an account named by proxy only
 * has neither IBAN nor other id here).
 */
const SUPPORTED = new Set([
  '001.02',
  '001.03',
  '001.04',
  '001.05',
  '001.06',
  '001.07',
  '001.08',
  '001.09',
  '001.10',
  '001.11',
  '001.12',
  '001.13',
]);

/**
 * Reads a camt.053 bank statement file entry by entry. Yields `document` first, then per
 * statement: `statementStart` (identity, account, period and balances) before anything of its
 * entries, its `transaction`s (one per `TxDtls`, or one for an entry without details),
 * `skipped` and `warning` items, and the `statement` with its counts when it ends. Throws a
 * BankFileError only when the file is not a camt.053 at all.
 */
export function readCamt053(source: ByteSource, options: ReadOptions = {}): AsyncGenerator<Camt053Item> {
  return streamXml<Camt053Item>(source, options, (emit) => new Camt053Handler(emit));
}

export function readCamt053String(xml: string, options: ReadOptions = {}): AsyncGenerator<Camt053Item> {
  return readCamt053(stringSource(xml), options);
}

class EntrySkip {
  constructor(
    readonly reason: SkipReason,
    readonly message: string,
  ) {}
}

/** The statement's own fields besides its balances; read once, when the statement starts. */
type StatementIdentity = Omit<CamtStatementHeader, 'balances'>;

interface StatementState {
  readonly index: number;
  readonly scope: ElementScope;
  readonly balances: CamtBalance[];
  /** Set when `statementStart` is yielded; transactions and the final `statement` reuse it. */
  identity: StatementIdentity | null;
  entryCount: number;
  skippedEntryCount: number;
}

interface EntryState {
  readonly index: number;
  readonly scope: ElementScope;
  verdict: CamtEntry | EntrySkip | null;
  /** The last TxDtls, held back until we know whether another follows (batch or not). */
  pending: { scope: ElementScope; index: number } | null;
  transactionCount: number;
}

function creditDebitOf(text: string | null): CreditDebit | null {
  return text === 'CRDT' || text === 'DBIT' ? text : null;
}

function joinLines(lines: string[]): string | null {
  return lines.length > 0 ? lines.join(' ') : null;
}

const DOMAIN_CODE_PATHS = ['BkTxCd/Domn/Cd', 'BkTxCd/Domn/Fmly/Cd', 'BkTxCd/Domn/Fmly/SubFmlyCd'];

/** The ISO code as domain-family-subfamily when complete, else the bank's proprietary code. */
function bankTransactionCodeOf(scope: ElementScope): string | null {
  const domain = DOMAIN_CODE_PATHS.map((path) => scope.first(path));
  const present = domain.filter((code) => code !== null);
  if (present.length === domain.length) return present.join('-');
  // A partial ISO code (schema-invalid) is still more than nothing when there is no proprietary one.
  return scope.first('BkTxCd/Prtry/Cd') ?? (present.length > 0 ? present.join('-') : null);
}

class Camt053Handler extends ScopedHandler {
  private statementCount = 0;
  private statement: StatementState | null = null;
  private entry: EntryState | null = null;

  constructor(private readonly emit: (item: Camt053Item) => void) {
    super();
  }

  root(local: string, namespace: string): void {
    if (local !== 'Document') throw new BankFileError('unexpected_message', `root element is <${local}>, not <Document>`);
    const version = detectVersion(namespace, 'camt.053', SUPPORTED);
    this.emit({ kind: 'document', message: 'camt.053', version, namespace });
  }

  protected enter(path: readonly string[], line: number): void {
    const depth = path.length;
    const name = path[depth - 1] ?? '';
    const parent = path[depth - 2];
    if (depth === 2 && name !== 'BkToCstmrStmt') {
      throw new BankFileError('unexpected_message', `<${name}> is not a bank-to-customer statement`);
    }
    if (name === 'Stmt' && parent === 'BkToCstmrStmt') {
      const scope = this.push(name, depth, line);
      this.statement = {
        index: this.statementCount++,
        scope,
        balances: [],
        identity: null,
        entryCount: 0,
        skippedEntryCount: 0,
      };
    } else if (this.statement && name === 'Bal' && parent === 'Stmt') {
      this.push(name, depth, line);
    } else if (this.statement && name === 'Ntry' && parent === 'Stmt') {
      // Everything before the first entry has been read: the statement's header is complete.
      this.startStatement(this.statement);
      const scope = this.push(name, depth, line);
      this.entry = { index: this.statement.entryCount++, scope, verdict: null, pending: null, transactionCount: 0 };
    } else if (this.entry && name === 'TxDtls' && parent === 'NtryDtls') {
      this.push(name, depth, line);
    }
  }

  repaired(count: number, line: number): void {
    this.warn('markup_repaired', `${count} stray "<", "&" or control characters escaped or dropped before line ${line}`, {
      line,
    });
  }

  xmlError(message: string, line: number): void {
    // Only damage inside an entry costs that entry; elsewhere the error is just reported.
    if (this.entry) this.damageInnermost(message);
    this.warn('xml_error', `XML error at line ${line}: ${message}`, { line, ...this.indexes() });
  }

  private indexes(): Omit<ItemPosition, 'line'> {
    return {
      ...(this.statement ? { statementIndex: this.statement.index } : {}),
      ...(this.entry ? { entryIndex: this.entry.index } : {}),
    };
  }

  private warn(code: WarningCode, message: string, position: ItemPosition): void {
    this.emit({ kind: 'warning', code, message, position });
  }

  protected leave(scope: ElementScope): void {
    const statement = this.statement;
    if (scope.name === 'Stmt' && statement) {
      this.startStatement(statement);
      this.emitStatement(statement);
      this.statement = null;
    } else if (scope.name === 'Bal' && statement) {
      this.readBalance(scope, statement);
    } else if (scope.name === 'Ntry' && this.entry && statement) {
      this.closeEntry(this.entry, statement);
      this.entry = null;
    } else if (scope.name === 'TxDtls' && this.entry && statement) {
      this.closeTransactionDetails(scope, this.entry, statement);
    }
  }

  /** Yields `statementStart` once per statement: at its first entry, or at its end when it has none. */
  private startStatement(state: StatementState): StatementIdentity {
    if (state.identity) return state.identity;
    const identity = this.readIdentity(state);
    state.identity = identity;
    // A copy: balances after an entry (schema-invalid) must not change what was already yielded.
    this.emit({ kind: 'statementStart', statement: { ...identity, balances: [...state.balances] } });
    return identity;
  }

  private readIdentity(state: StatementState): StatementIdentity {
    const scope = state.scope;
    const position = { line: scope.line, statementIndex: state.index };
    const periodDate = (path: string): string | null => {
      const raw = scope.first(path);
      const date = raw === null ? null : isoDateOf(raw);
      if (raw !== null && date === null) this.warn('malformed_date', `statement period ${path} "${raw}"`, position);
      return date;
    };
    return {
      index: state.index,
      id: scope.first('Id'),
      electronicSequenceNumber: scope.first('ElctrncSeqNb'),
      legalSequenceNumber: scope.first('LglSeqNb'),
      createdAt: scope.first('CreDtTm'),
      period: { from: periodDate('FrToDt/FrDtTm'), to: periodDate('FrToDt/ToDtTm') },
      account: this.account(state),
    };
  }

  private emitStatement(state: StatementState): void {
    const statement: CamtStatement = {
      ...this.startStatement(state),
      balances: state.balances,
      entryCount: state.entryCount,
      skippedEntryCount: state.skippedEntryCount,
    };
    this.emit({ kind: 'statement', statement });
  }

  private account(state: StatementState): CamtStatement['account'] {
    const scope = state.scope;
    const rawIban = scope.first('Acct/Id/IBAN');
    const iban = rawIban === null ? null : validIban(rawIban);
    return {
      iban,
      // An account IBAN failing its checksum is still the account's identifier: keep it here.
      otherId: scope.first('Acct/Id/Othr/Id') ?? (iban === null ? rawIban : null),
      currency: scope.first('Acct/Ccy'),
    };
  }

  private readBalance(scope: ElementScope, state: StatementState): void {
    const type = scope.first('Tp/CdOrPrtry/Cd', 'Tp/CdOrPrtry/Prtry');
    const value = parseUnsignedAmount(scope.first('Amt') ?? '');
    const currency = scope.attribute('Amt', 'Ccy') ?? this.account(state).currency;
    const creditDebit = creditDebitOf(scope.first('CdtDbtInd'));
    const position = { line: scope.line, statementIndex: state.index };
    if (type === null || value === null || currency === null || creditDebit === null) {
      this.warn('malformed_balance', 'balance without type, amount, currency or credit/debit indicator', position);
      return;
    }
    const rawDate = scope.first('Dt/Dt', 'Dt/DtTm');
    const date = rawDate === null ? null : isoDateOf(rawDate);
    if (rawDate !== null && date === null) this.warn('malformed_date', `balance date "${rawDate}"`, position);
    state.balances.push({ type, amount: bankAmount(value, currency), creditDebit, date });
  }

  /** The entry's own fields decide once, at its first TxDtls or at its end, whether it is usable. */
  private verdictOf(entry: EntryState, statement: StatementState): CamtEntry | EntrySkip {
    if (entry.verdict) return entry.verdict;
    const scope = entry.scope;
    const verdict = this.judgeEntry(scope, statement, entry.index);
    entry.verdict = verdict;
    if (verdict instanceof EntrySkip) {
      statement.skippedEntryCount += 1;
      this.emit({
        kind: 'skipped',
        reason: verdict.reason,
        message: verdict.message,
        position: { line: scope.line, statementIndex: statement.index, entryIndex: entry.index },
      });
    }
    return verdict;
  }

  private judgeEntry(scope: ElementScope, statement: StatementState, index: number): CamtEntry | EntrySkip {
    if (scope.damaged) return new EntrySkip('malformed_xml', `entry is not well-formed XML: ${scope.damaged}`);
    const amount = this.amountOf(scope, 'Amt', this.startStatement(statement).account.currency);
    if (amount instanceof EntrySkip) return amount;
    const creditDebit = creditDebitOf(scope.first('CdtDbtInd'));
    if (!creditDebit) return new EntrySkip('missing_credit_debit', 'entry without CRDT/DBIT indicator');
    const bookingDate = this.dateOf(scope, 'BookgDt');
    if (bookingDate instanceof EntrySkip) return bookingDate;
    const valueDate = this.dateOf(scope, 'ValDt');
    if (valueDate instanceof EntrySkip) return valueDate;
    return {
      index,
      amount,
      creditDebit,
      status: scope.first('Sts/Cd', 'Sts', 'Sts/Prtry'),
      bookingDate,
      valueDate,
      bankReference: scope.first('AcctSvcrRef'),
      batch: false,
      additionalInfo: scope.first('AddtlNtryInf'),
      bankTransactionCode: bankTransactionCodeOf(scope),
    };
  }

  private amountOf(scope: ElementScope, path: string, fallbackCurrency: string | null): BankAmount | EntrySkip {
    const text = scope.first(path);
    if (text === null) return new EntrySkip('missing_amount', `no amount (${path})`);
    const value = parseUnsignedAmount(text);
    if (!value) return new EntrySkip('malformed_amount', `amount "${text}" is not a decimal number`);
    // Without Ccy the account currency is meant (the schema requires Ccy, some banks omit it).
    const currency = scope.attribute(path, 'Ccy') ?? fallbackCurrency;
    if (currency === null) return new EntrySkip('missing_currency', 'amount without currency');
    if (!CURRENCY_CODE.test(currency)) return new EntrySkip('invalid_currency', `currency "${currency}"`);
    return bankAmount(value, currency);
  }

  private dateOf(scope: ElementScope, base: string): string | null | EntrySkip {
    const raw = scope.first(`${base}/Dt`, `${base}/DtTm`, base);
    if (raw === null) return null;
    return isoDateOf(raw) ?? new EntrySkip('malformed_date', `${base} "${raw}" is not a date`);
  }

  private closeTransactionDetails(scope: ElementScope, entry: EntryState, statement: StatementState): void {
    const verdict = this.verdictOf(entry, statement);
    if (verdict instanceof EntrySkip) return;
    if (entry.pending) this.emitTransaction(verdict, entry, entry.pending, statement, true);
    entry.pending = { scope, index: entry.transactionCount++ };
  }

  private closeEntry(entry: EntryState, statement: StatementState): void {
    const verdict = this.verdictOf(entry, statement);
    if (verdict instanceof EntrySkip) return;
    const batch = entry.transactionCount > 1;
    const details = entry.pending ?? { scope: new ElementScope('TxDtls', 0, entry.scope.line), index: 0 };
    this.emitTransaction(verdict, entry, details, statement, batch);
  }

  private emitTransaction(
    entryFields: CamtEntry,
    entryState: EntryState,
    details: { scope: ElementScope; index: number },
    statement: StatementState,
    batch: boolean,
  ): void {
    // AddtlNtryInf follows NtryDtls in the schema: unknown when the verdict was made at the first
    // TxDtls, known by now unless this is a batch part yielded before its entry ended.
    const additionalInfo = entryFields.additionalInfo ?? entryState.scope.first('AddtlNtryInf');
    const entry: CamtEntry = { ...entryFields, batch, additionalInfo };
    const scope = details.scope;
    const position: ItemPosition = {
      line: scope.line,
      statementIndex: statement.index,
      entryIndex: entry.index,
      transactionIndex: details.index,
    };
    const skip = (reason: SkipReason, message: string): void => this.emit({ kind: 'skipped', reason, message, position });
    if (scope.damaged) return skip('malformed_xml', `transaction details are not well-formed XML: ${scope.damaged}`);

    let amount: BankAmount = entry.amount;
    const ownPath = scope.first('AmtDtls/TxAmt/Amt') !== null ? 'AmtDtls/TxAmt/Amt' : 'Amt';
    if (scope.first(ownPath) !== null) {
      const own = this.amountOf(scope, ownPath, entry.amount.currency);
      if (own instanceof EntrySkip) return skip(own.reason, own.message);
      amount = own;
    } else if (batch) {
      return skip('missing_amount', 'transaction of a batch entry without its own amount');
    }
    const creditDebit = creditDebitOf(scope.first('CdtDbtInd')) ?? entry.creditDebit;
    const side = creditDebit === 'DBIT' ? 'Cdtr' : 'Dbtr';
    const party = `RltdPties/${side}`;
    const agent = `RltdAgts/${side}Agt/FinInstnId`;
    const rawIban = scope.first(`RltdPties/${side}Acct/Id/IBAN`);
    const iban = rawIban === null ? null : validIban(rawIban);
    if (rawIban !== null && iban === null) {
      // The booking happened; only the counterparty IBAN is unusable, so it is dropped, not the entry.
      this.warn('invalid_iban', `counterparty IBAN "${rawIban}" fails its checksum; left out`, position);
    }
    const endToEndId = scope.first('Refs/EndToEndId');
    const identity = this.startStatement(statement);
    const transaction: CamtTransaction = {
      statementIndex: statement.index,
      statementId: identity.id,
      accountIban: identity.account.iban,
      entry,
      transactionIndex: details.index,
      amount,
      creditDebit,
      bankReference: scope.first('Refs/AcctSvcrRef') ?? entry.bankReference,
      endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
      remittance: {
        unstructured: joinLines(scope.all('RmtInf/Ustrd')),
        creditorReference: scope.first('RmtInf/Strd/CdtrRefInf/Ref'),
      },
      counterparty: {
        // Nm directly up to 06; from 07 the party is a choice of Pty or, for a bank, Agt.
        name: scope.first(`${party}/Nm`, `${party}/Pty/Nm`, `${party}/Agt/FinInstnId/Nm`),
        iban,
        bic: scope.first(`${agent}/BICFI`, `${agent}/BIC`),
      },
      position,
    };
    this.emit({ kind: 'transaction', transaction });
  }
}

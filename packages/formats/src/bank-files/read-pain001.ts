import { bankAmount, CURRENCY_CODE, parseUnsignedAmount } from './amount';
import { BankFileError } from './bank-file-error';
import { stringSource, type ByteSource } from './byte-source';
import { addDecimals, compareDecimals, formatDecimal, parseDecimal, ZERO, type ScaledDecimal } from './decimal';
import type { ElementScope } from './element-scope';
import { validIban } from './iban';
import { isoDateOf } from './iso-date';
import { detectVersion } from './message-version';
import type { Pain001Item, PainGroupHeader, PainPaymentInfoHeader, PainTransaction } from './pain001-types';
import type { ItemPosition, ReadOptions, SkipReason, WarningCode } from './read-items';
import { ScopedHandler } from './scoped-handler';
import { streamXml } from './xml-stream';

/**
 * Every published pain.001 version from 001.03 to 001.12, and the German DK variants
 * 002.03/003.03 (restrictions of 001.03). They share the elements read here; where a later
 * version moved one, both places are read in every version:
 * - agent BIC: `FinInstnId/BIC` in 001.03 and the DK variants, `FinInstnId/BICFI` from 001.04;
 * - execution date: plain `ReqdExctnDt` up to 001.07, `ReqdExctnDt/Dt` or `/DtTm` from 001.08.
 * Unchanged from 001.03 to 001.12: `PmtInfId`, `Dbtr/Nm`, `DbtrAcct/Id/IBAN`, `PmtId`,
 * `Amt/InstdAmt`, `Cdtr/Nm`, `CdtrAcct/Id/IBAN|Othr/Id`, `RmtInf`, the counts and control
 * sums. What 001.09 to 001.12 only added (`PmtId/UETR`, `CdtrAcct/Prxy`, mandate data of a
 * transfer) is not read. `CdtrAcct` is optional in every ISO version (a cheque has none), so
 * a payment without one is skipped as `missing_creditor_account`.
 */
const SUPPORTED = new Set([
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
  '002.03',
  '003.03',
]);

/**
 * Reads a pain.001 credit transfer file payment by payment. Yields `document`, the
 * `groupHeader`, per payment information block its `transaction`s, `skipped` and `warning`
 * items and the `paymentInfo` with its sums when it ends; control sum and count mismatches
 * are warnings. Throws a BankFileError only when the file is not a pain.001 at all.
 */
export function readPain001(source: ByteSource, options: ReadOptions = {}): AsyncGenerator<Pain001Item> {
  return streamXml<Pain001Item>(source, options, (emit) => new Pain001Handler(emit));
}

export function readPain001String(xml: string, options: ReadOptions = {}): AsyncGenerator<Pain001Item> {
  return readPain001(stringSource(xml), options);
}

interface PaymentInfoState {
  readonly index: number;
  readonly scope: ElementScope;
  header: PainPaymentInfoHeader | null;
  transactionCount: number;
  skippedCount: number;
  sum: ScaledDecimal;
}

class Pain001Handler extends ScopedHandler {
  private groupHeader: PainGroupHeader | null = null;
  private groupHeaderLine = 1;
  private paymentInfoCount = 0;
  private paymentInfo: PaymentInfoState | null = null;
  private transactionTotal = 0;
  private sumTotal: ScaledDecimal = ZERO;

  constructor(private readonly emit: (item: Pain001Item) => void) {
    super();
  }

  root(local: string, namespace: string): void {
    if (local !== 'Document') throw new BankFileError('unexpected_message', `root element is <${local}>, not <Document>`);
    const version = detectVersion(namespace, 'pain.001', SUPPORTED);
    this.emit({ kind: 'document', message: 'pain.001', version, namespace });
  }

  protected enter(path: readonly string[], line: number): void {
    const depth = path.length;
    const name = path[depth - 1] ?? '';
    const parent = path[depth - 2];
    if (depth === 2 && name !== 'CstmrCdtTrfInitn') {
      throw new BankFileError('unexpected_message', `<${name}> is not a customer credit transfer initiation`);
    }
    if (name === 'GrpHdr' && parent === 'CstmrCdtTrfInitn') {
      this.push(name, depth, line);
    } else if (name === 'PmtInf' && parent === 'CstmrCdtTrfInitn') {
      const scope = this.push(name, depth, line);
      this.paymentInfo = { index: this.paymentInfoCount++, scope, header: null, transactionCount: 0, skippedCount: 0, sum: ZERO };
    } else if (this.paymentInfo && name === 'CdtTrfTxInf' && parent === 'PmtInf') {
      this.headerOf(this.paymentInfo);
      this.push(name, depth, line);
    }
  }

  repaired(count: number, line: number): void {
    this.warn('markup_repaired', `${count} stray "<", "&" or control characters escaped or dropped before line ${line}`, {
      line,
    });
  }

  xmlError(message: string, line: number): void {
    if (this.paymentInfo) this.damageInnermost(message);
    const indexes = this.paymentInfo ? { paymentInfoIndex: this.paymentInfo.index } : {};
    this.warn('xml_error', `XML error at line ${line}: ${message}`, { line, ...indexes });
  }

  override end(): void {
    const header = this.groupHeader;
    if (!header) return;
    const position = { line: this.groupHeaderLine };
    this.checkCount(header.numberOfTransactions, this.transactionTotal, 'group header', position);
    this.checkSum(header.controlSum, this.sumTotal, 'group header', position);
  }

  protected leave(scope: ElementScope): void {
    if (scope.name === 'GrpHdr') this.readGroupHeader(scope);
    else if (scope.name === 'CdtTrfTxInf' && this.paymentInfo) this.readTransaction(scope, this.paymentInfo);
    else if (scope.name === 'PmtInf' && this.paymentInfo) {
      this.closePaymentInfo(this.paymentInfo);
      this.paymentInfo = null;
    }
  }

  private warn(code: WarningCode, message: string, position: ItemPosition): void {
    this.emit({ kind: 'warning', code, message, position });
  }

  private count(scope: ElementScope, path: string, position: ItemPosition): number | null {
    const text = scope.first(path);
    if (text === null) return null;
    if (/^\d+$/.test(text)) return Number(text);
    this.warn('malformed_number', `${path} "${text}" is not a number`, position);
    return null;
  }

  private readGroupHeader(scope: ElementScope): void {
    const position = { line: scope.line };
    this.groupHeaderLine = scope.line;
    this.groupHeader = {
      messageId: scope.first('MsgId'),
      creationDateTime: scope.first('CreDtTm'),
      numberOfTransactions: this.count(scope, 'NbOfTxs', position),
      controlSum: scope.first('CtrlSum'),
    };
    this.emit({ kind: 'groupHeader', groupHeader: this.groupHeader });
  }

  /** Built once at the first payment: every header element precedes the payments. */
  private headerOf(state: PaymentInfoState): PainPaymentInfoHeader {
    if (state.header) return state.header;
    const scope = state.scope;
    const position = { line: scope.line, paymentInfoIndex: state.index };
    const rawIban = scope.first('DbtrAcct/Id/IBAN');
    const iban = rawIban === null ? null : validIban(rawIban);
    if (rawIban !== null && iban === null) {
      this.warn('invalid_iban', `debtor IBAN "${rawIban}" fails its checksum`, position);
    }
    const rawDate = scope.first('ReqdExctnDt/Dt', 'ReqdExctnDt/DtTm', 'ReqdExctnDt');
    const requestedExecutionDate = rawDate === null ? null : isoDateOf(rawDate);
    if (rawDate !== null && requestedExecutionDate === null) {
      this.warn('malformed_date', `requested execution date "${rawDate}" is not a date`, position);
    }
    state.header = {
      index: state.index,
      id: scope.first('PmtInfId'),
      debtor: {
        name: scope.first('Dbtr/Nm'),
        iban,
        bic: scope.first('DbtrAgt/FinInstnId/BICFI', 'DbtrAgt/FinInstnId/BIC'),
      },
      requestedExecutionDate,
    };
    return state.header;
  }

  private readTransaction(scope: ElementScope, state: PaymentInfoState): void {
    const index = state.transactionCount++;
    this.transactionTotal += 1;
    const position: ItemPosition = { line: scope.line, paymentInfoIndex: state.index, transactionIndex: index };
    const skip = (reason: SkipReason, message: string): void => {
      state.skippedCount += 1;
      this.emit({ kind: 'skipped', reason, message, position });
    };

    const amountText = scope.first('Amt/InstdAmt');
    const value = amountText === null ? null : parseUnsignedAmount(amountText);
    if (value) {
      // Counted before any skip: the control sums cover every payment the file declares.
      state.sum = addDecimals(state.sum, value);
      this.sumTotal = addDecimals(this.sumTotal, value);
    }
    if (scope.damaged) return skip('malformed_xml', `payment is not well-formed XML: ${scope.damaged}`);
    if (amountText === null) return skip('missing_amount', 'no instructed amount (Amt/InstdAmt)');
    if (!value) return skip('malformed_amount', `amount "${amountText}" is not a decimal number`);
    const currency = scope.attribute('Amt/InstdAmt', 'Ccy');
    if (currency === null) return skip('missing_currency', 'amount without currency');
    if (!CURRENCY_CODE.test(currency)) return skip('invalid_currency', `currency "${currency}"`);

    const rawIban = scope.first('CdtrAcct/Id/IBAN');
    const iban = rawIban === null ? null : validIban(rawIban);
    // Paying to a wrong IBAN is the one thing that must not happen: such payments are skipped.
    if (rawIban !== null && iban === null) return skip('invalid_iban', `creditor IBAN "${rawIban}" fails its checksum`);
    const otherAccountId = scope.first('CdtrAcct/Id/Othr/Id');
    if (iban === null && otherAccountId === null) return skip('missing_creditor_account', 'no creditor account');

    const endToEndId = scope.first('PmtId/EndToEndId');
    const transaction: PainTransaction = {
      paymentInfo: this.headerOf(state),
      index,
      endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
      instructionId: scope.first('PmtId/InstrId'),
      amount: bankAmount(value, currency),
      creditor: {
        name: scope.first('Cdtr/Nm', 'Cdtr/Pty/Nm'),
        iban,
        bic: scope.first('CdtrAgt/FinInstnId/BICFI', 'CdtrAgt/FinInstnId/BIC'),
        otherAccountId,
      },
      remittance: {
        unstructured: scope.all('RmtInf/Ustrd').join(' ') || null,
        creditorReference: scope.first('RmtInf/Strd/CdtrRefInf/Ref'),
      },
      position,
    };
    this.emit({ kind: 'transaction', transaction });
  }

  private closePaymentInfo(state: PaymentInfoState): void {
    const header = this.headerOf(state);
    const scope = state.scope;
    const position = { line: scope.line, paymentInfoIndex: state.index };
    const declaredNumberOfTransactions = this.count(scope, 'NbOfTxs', position);
    const declaredControlSum = scope.first('CtrlSum');
    this.checkCount(declaredNumberOfTransactions, state.transactionCount, `payment information ${header.id ?? ''}`, position);
    this.checkSum(declaredControlSum, state.sum, `payment information ${header.id ?? ''}`, position);
    this.emit({
      kind: 'paymentInfo',
      paymentInfo: {
        ...header,
        declaredNumberOfTransactions,
        declaredControlSum,
        transactionCount: state.transactionCount,
        skippedCount: state.skippedCount,
        computedSum: formatDecimal(state.sum),
      },
    });
  }

  private checkCount(declared: number | null, counted: number, where: string, position: ItemPosition): void {
    if (declared !== null && declared !== counted) {
      this.warn('transaction_count_mismatch', `${where} declares ${declared} payments, the file holds ${counted}`, position);
    }
  }

  private checkSum(declared: string | null, computed: ScaledDecimal, where: string, position: ItemPosition): void {
    if (declared === null) return;
    const parsed = parseDecimal(declared);
    if (!parsed || compareDecimals(parsed, computed) !== 0) {
      this.warn(
        'control_sum_mismatch',
        `${where} declares control sum ${declared}, the payments add up to ${formatDecimal(computed)}`,
        position,
      );
    }
  }
}

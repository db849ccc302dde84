import type { FastifyRequest } from 'fastify';
import type {
  BankFileImport,
  BankStatementList,
  BankTransactionAccount,
  BankTransactionDetail,
  BankTransactionFilter,
  BankTransactionList,
  BankTransactionListQuery,
  BankTransactionTotals,
} from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import type { BankFileImportService } from '../bank-file-import/import-service';
import { findAccountConnection, listStatementAccounts, listTransactionAccounts } from './accounts-repo';
import { bankTransactionTotals, findBankTransaction, listBankStatements, listBankTransactions } from './list-repo';

/** Starts a sync of one connected account (the bank connections' job); marks it pending first. */
export type StartAccountSync = (org: OrgContext, connectionId: string, accountId: string) => Promise<void>;

const STATEMENT_KINDS = ['bank_statement'] as const;

/** The first account IBAN of a camt.053 head: the first statement's `<Acct><Id><IBAN>`. */
export function firstStatementIban(head: string): string | null {
  const match = /<(?:[\w.-]+:)?Acct>\s*<(?:[\w.-]+:)?Id>\s*<(?:[\w.-]+:)?IBAN>\s*([^<]+?)\s*<\//.exec(head);
  return match?.[1]?.replace(/\s+/g, '').toUpperCase() ?? null;
}

/** Bank transactions, statements and their accounts (issue 61): reads, on-demand sync, statement uploads. */
export class BankTransactionService {
  constructor(
    private readonly database: Database,
    private readonly imports: BankFileImportService,
    private readonly startSync: StartAccountSync,
  ) {}

  list(org: OrgContext, query: BankTransactionListQuery): Promise<BankTransactionList> {
    return this.database.withOrg(tenant(org), (tx) => listBankTransactions(tx, org.orgId, query), { readOnly: true });
  }

  totals(org: OrgContext, filter: BankTransactionFilter): Promise<BankTransactionTotals> {
    return this.database.withOrg(tenant(org), (tx) => bankTransactionTotals(tx, org.orgId, filter), { readOnly: true });
  }

  async get(org: OrgContext, id: string): Promise<BankTransactionDetail> {
    const found = await this.database.withOrg(tenant(org), (tx) => findBankTransaction(tx, org.orgId, id), { readOnly: true });
    if (!found) throw new AppError('bank_transaction_not_found');
    return found;
  }

  statements(
    org: OrgContext,
    query: { accountId?: string | undefined; cursor?: string | undefined; limit: number },
  ): Promise<BankStatementList> {
    return this.database.withOrg(tenant(org), (tx) => listBankStatements(tx, org.orgId, query), { readOnly: true });
  }

  accounts(org: OrgContext): Promise<BankTransactionAccount[]> {
    return this.database.withOrg(tenant(org), (tx) => listTransactionAccounts(tx, org.orgId), { readOnly: true });
  }

  /** An on-demand sync of one account: 404 for an account not of this organisation, 409 when it is not connected. */
  async sync(org: OrgContext, accountId: string): Promise<BankTransactionAccount> {
    const { found, connectionId } = await this.database.withOrg(
      tenant(org),
      (tx) => findAccountConnection(tx, org.orgId, accountId),
      {
        readOnly: true,
      },
    );
    if (!found) throw new AppError('master_data_not_found');
    if (!connectionId) throw new AppError('bank_account_not_connected');
    await this.startSync(org, connectionId, accountId);
    const [account] = await this.database.withOrg(tenant(org), (tx) => listTransactionAccounts(tx, org.orgId, accountId), {
      readOnly: true,
    });
    return account!;
  }

  /** A camt.053 upload: refused before it is stored when its first statement is for an account the organisation does not have. */
  uploadStatement(org: OrgContext, request: FastifyRequest): Promise<BankFileImport> {
    return this.imports.upload(org, request, {
      kind: 'bank_statement',
      checkStatementHead: async (head) => {
        const iban = firstStatementIban(head);
        if (!iban) return;
        const accounts = await this.database.withOrg(tenant(org), (tx) => listStatementAccounts(tx, org.orgId), {
          readOnly: true,
        });
        if (!accounts.some((account) => account.iban.replace(/\s+/g, '').toUpperCase() === iban)) {
          throw new AppError('bank_statement_unknown_account', { iban });
        }
      },
    });
  }

  statementUpload(org: OrgContext, id: string): Promise<BankFileImport> {
    return this.imports.get(org, id, STATEMENT_KINDS);
  }
}

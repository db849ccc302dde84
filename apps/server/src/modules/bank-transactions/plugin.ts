import type { FastifyInstance } from 'fastify';
import { tenant } from '../approvals/context';
import { enqueueSync } from '../bank-connections/sync';
import { writeSyncStatus } from '../bank-connections/sync-repo';
import { BankTransactionService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bank transactions and statements (issue 61). */
    bankTransactions: { service: BankTransactionService };
  }
}

/** After the bank connections and the bank-file import: it syncs through the one and uploads through the other. */
export function registerBankTransactions(app: FastifyInstance): void {
  const { deps } = app.bankConnections;
  const service = new BankTransactionService(app.database, app.bankFileImport.service, async (org, connectionId, accountId) => {
    // Pending at once, so the screen shows the sync under way before the job picks it up.
    await app.database.withOrg(tenant(org), (tx) => writeSyncStatus(tx, org.orgId, [accountId], 'pending'));
    // One on-demand sync per account at a time: a second click while it waits queues nothing more.
    await enqueueSync(deps, org.orgId, connectionId, `${connectionId}:${accountId}:now`, [accountId]);
  });
  app.decorate('bankTransactions', { service });
}

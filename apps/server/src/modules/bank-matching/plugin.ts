import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTO_MATCH_JOB } from './auto-match-job';
import { BankMatchingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Matching bank lines with invoices and payments (issue 62). */
    bankMatching: { service: BankMatchingService };
  }
}

export async function registerBankMatching(app: FastifyInstance): Promise<void> {
  const service = new BankMatchingService(app.database);
  const log = app.log.child({ module: 'bank-matching' });
  await app.jobs.register({
    name: AUTO_MATCH_JOB,
    schema: z.object({ orgId: z.uuid() }),
    handler: async ({ orgId }) => {
      const result = await service.autoMatch(orgId);
      log.info({ orgId, ...result }, 'automatic bank matching');
    },
    options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  });
  app.decorate('bankMatching', { service });
}

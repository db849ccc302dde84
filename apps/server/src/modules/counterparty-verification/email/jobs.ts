import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { expireOverdueRunsEverywhere } from './service';

export const EXPIRE_EMAIL_VERIFICATIONS_JOB = 'counterparties.expire-email-verifications';

/**
 * Every quarter of an hour, runs whose link ran out (or whose invitation could not be delivered)
 * become not_received, with their history entry, everywhere: the list and its verification
 * filter then agree with the detail page without anyone opening it.
 */
export async function registerEmailVerificationExpiry(app: FastifyInstance): Promise<void> {
  await app.jobs.register({
    name: EXPIRE_EMAIL_VERIFICATIONS_JOB,
    schema: z.object({}),
    handler: async () => {
      await expireOverdueRunsEverywhere(app.database);
    },
    options: { retryLimit: 0, expireInSeconds: 10 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(EXPIRE_EMAIL_VERIFICATIONS_JOB, '*/15 * * * *', {});
}

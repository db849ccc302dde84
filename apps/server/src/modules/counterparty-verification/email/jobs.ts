import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { expireOverdueRunsEverywhere, INVITATION_MAIL_TEMPLATE, recordInvitationDelivery } from './service';

export const EXPIRE_EMAIL_VERIFICATIONS_JOB = 'counterparties.expire-email-verifications';

/**
 * Keeps runs in step without anyone opening them, so the list and its verification filter agree
 * with the detail page: the outbox's delivery reports move a run as they come (received, or
 * not_received), and every quarter of an hour the runs whose link ran out (or whose invitation
 * could not be delivered) become not_received, each step with its history entry.
 */
export async function registerEmailVerificationJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.register({
    name: EXPIRE_EMAIL_VERIFICATIONS_JOB,
    schema: z.object({}),
    handler: async () => {
      await expireOverdueRunsEverywhere(app.database);
    },
    options: { retryLimit: 0, expireInSeconds: 10 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(EXPIRE_EMAIL_VERIFICATIONS_JOB, '*/15 * * * *', {});
  // Delivered invitations become received at once; one the outbox gave up on, not_received (the
  // sweep above is the safety net for the latter).
  app.mailer.onDelivery(INVITATION_MAIL_TEMPLATE, recordInvitationDelivery);
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHECK_VAT_JOB, SWEEP_VAT_CHECKS_JOB, VatCheckService, vatCheckJobSchema } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The VAT number check: the counterparty services call it; tests run its job in place of a worker. */
    vatCheck: VatCheckService;
  }
}

/** Registers the `counterparties.check-vat` job; call before the counterparty routes, which use app.vatCheck. */
export async function registerVatCheck(app: FastifyInstance): Promise<void> {
  const service = new VatCheckService(app.database, app.config.vatCheck, app.jobs, app.log.child({ module: 'vat-check' }));
  await app.jobs.register({
    name: CHECK_VAT_JOB,
    schema: vatCheckJobSchema,
    handler: async (payload) => {
      await service.run(payload);
    },
    // The handler turns every VIES failure into a state with its own retry; pg-boss retries cover lost connections.
    options: { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
  });
  await app.jobs.register({
    name: SWEEP_VAT_CHECKS_JOB,
    schema: z.object({}),
    handler: async () => {
      await service.sweep();
    },
    options: { retryLimit: 0, expireInSeconds: 5 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(SWEEP_VAT_CHECKS_JOB, '23 * * * *', {});
  app.decorate('vatCheck', service);
}

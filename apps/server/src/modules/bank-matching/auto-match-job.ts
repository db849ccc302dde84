import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../plugins/foundation-types';

export const AUTO_MATCH_JOB = 'bank-matching.auto';

/**
 * Queues the automatic matching of an organisation's open lines (after a sync or a statement
 * import added some). One at a time per organisation: a second request while one waits is the same
 * work. Never fails the caller: the lines stay open and the next run takes them.
 */
export async function enqueueAutoMatch(deps: { jobs: JobQueue; log: FastifyBaseLogger }, orgId: string): Promise<void> {
  try {
    await deps.jobs.send(AUTO_MATCH_JOB, { orgId }, { singletonKey: `auto-match:${orgId}` });
  } catch (error) {
    deps.log.error({ err: error, orgId }, 'could not queue the automatic bank matching');
  }
}

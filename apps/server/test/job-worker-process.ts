/**
 * A process that runs jobs and is killed mid-job by job-liveness.test.ts: it works the queue
 * `test.crash` on DATABASE_URL, says `running <job id>` when a job starts and never finishes it.
 * LIVENESS_HOST plays a process on another machine (only its beat then tells it is alive).
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { connectDatabase } from '../src/db/database';
import { jobsPlugin } from '../src/plugins/jobs';

const database = connectDatabase(process.env.DATABASE_URL!, { poolSize: 2 });
const app = Fastify({ logger: false });
app.decorate('database', database);
await app.register(jobsPlugin, {
  runWorkers: true,
  pollingIntervalSeconds: 0.5,
  liveness: { host: process.env.LIVENESS_HOST, beatIntervalMs: 300, staleAfterMs: 1_500 },
});
await app.jobs.register({
  name: 'test.crash',
  schema: z.object({ value: z.string() }),
  handler: async (_payload, meta) => {
    process.stdout.write(`running ${meta.jobId}\n`);
    await new Promise(() => {});
  },
});
await app.ready();
process.stdout.write('ready\n');

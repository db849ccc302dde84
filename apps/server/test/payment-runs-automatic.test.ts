import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRunCreationStrategy } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { paymentRuns } from '../src/db/schema';
import { createAutomaticRun, listAutomaticRunOrganizations } from '../src/modules/payment-runs/automatic-runs';
import { AUTOMATIC_RUNS_DISPATCH_JOB } from '../src/modules/payment-runs/jobs';
import { createOrganizationWithAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { activityOf, insertOpenTransaction, runClient, setStrategy, transactionRows } from './payment-runs-fixtures';

// 2030-01-07 is a Monday (ISO weekday 1), 2030-01-09 a Wednesday.
const MONDAY = '2030-01-07';
const TUESDAY = '2030-01-08';

/** SPEC §9: automatic payment runs per the organisation's strategy, at most one per day. */
describe('automatic payment runs', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  /** An organisation with the strategy and open transactions due on the given dates. */
  async function organisationWith(strategy: PaymentRunCreationStrategy, dates: string[]) {
    const org = await createOrganizationWithAdmin(testApp);
    await setStrategy(testApp, org.id, strategy);
    const ids: Record<string, string> = {};
    for (const date of dates) ids[date] = await insertOpenTransaction(testApp, org.id, { requestedExecutionDate: date });
    return { org, ids };
  }

  async function runsOf(organizationId: string) {
    return testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.organizationId, organizationId));
  }

  it('creates nothing while the strategy is disabled', async () => {
    const { org } = await organisationWith({ mode: 'disabled' }, ['2030-01-01']);
    expect(await createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY)).toEqual({
      runDay: false,
      planned: 0,
      runId: null,
      runSize: 0,
    });
    expect(await runsOf(org.id)).toHaveLength(0);
    expect(await listAutomaticRunOrganizations(testApp.database)).not.toContain(org.id);
  });

  it('days before due: takes what is due within N days (overdue included), once per day', async () => {
    const { org, ids } = await organisationWith({ mode: 'days_before_due', daysBeforeDue: 3 }, [
      '2030-01-05',
      '2030-01-10',
      '2030-01-11',
    ]);
    // A transaction in another run and an archived one are never planned.
    const taken = await insertOpenTransaction(testApp, org.id, { requestedExecutionDate: '2030-01-06' });
    await runClient(testApp, org.admin).create([taken]);
    await insertOpenTransaction(testApp, org.id, { requestedExecutionDate: '2030-01-06', status: 'archived' });
    expect(await listAutomaticRunOrganizations(testApp.database)).toContain(org.id);

    const first = await createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY);
    expect(first).toMatchObject({ runDay: true, planned: 2, runSize: 2 });
    const [run] = await testApp.database.db
      .select()
      .from(paymentRuns)
      .where(and(eq(paymentRuns.organizationId, org.id), eq(paymentRuns.id, first.runId!)));
    expect(run).toMatchObject({ origin: 'automatic', automaticRunDate: MONDAY, status: 'draft', createdBy: null });
    const rows = await transactionRows(testApp, org.id, Object.values(ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids['2030-01-05']!)).toMatchObject({ status: 'planned', paymentRunId: run!.id });
    expect(byId.get(ids['2030-01-10']!)).toMatchObject({ status: 'planned', paymentRunId: run!.id });
    expect(byId.get(ids['2030-01-11']!)).toMatchObject({ status: 'open', paymentRunId: null });
    const log = await activityOf(testApp, org.id, run!.id);
    expect(log[0]).toMatchObject({ action: 'create', actorType: 'system' });

    // The job running again (or twice at once) for the same day creates nothing more.
    await insertOpenTransaction(testApp, org.id, { requestedExecutionDate: '2030-01-08' });
    const [again, once] = await Promise.all([
      createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY),
      createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY),
    ]);
    expect([again.runId, once.runId]).toEqual([null, null]);
    expect((await runsOf(org.id)).filter((entry) => entry.origin === 'automatic')).toHaveLength(1);
  });

  it('scheduled weekdays: only on run days, and only what is due today', async () => {
    const { org, ids } = await organisationWith(
      { mode: 'scheduled_weekdays', weekdays: [1, 3], includeAllDueUntilNextRun: false },
      [MONDAY, TUESDAY],
    );
    expect(await createAutomaticRun(testApp.database, asOrgId(org.id), TUESDAY)).toMatchObject({ runDay: false, runId: null });
    const monday = await createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY);
    expect(monday).toMatchObject({ runDay: true, planned: 1, runSize: 1 });
    const rows = await transactionRows(testApp, org.id, [ids[MONDAY]!, ids[TUESDAY]!]);
    expect(rows.find((row) => row.id === ids[MONDAY])!.paymentRunId).toBe(monday.runId);
    expect(rows.find((row) => row.id === ids[TUESDAY])!.status).toBe('open');
  });

  it('scheduled weekdays including everything due until the next run day', async () => {
    const { org, ids } = await organisationWith(
      { mode: 'scheduled_weekdays', weekdays: [1, 3], includeAllDueUntilNextRun: true },
      [MONDAY, TUESDAY, '2030-01-09', '2030-01-10'],
    );
    const result = await createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY);
    expect(result).toMatchObject({ runDay: true, planned: 3, runSize: 3 });
    const rows = await transactionRows(testApp, org.id, Object.values(ids));
    const inRun = rows.filter((row) => row.paymentRunId === result.runId).map((row) => row.requestedExecutionDate);
    expect(inRun.sort()).toEqual([MONDAY, TUESDAY, '2030-01-09']);
  });

  it('creates no run when nothing is due', async () => {
    const { org } = await organisationWith({ mode: 'days_before_due', daysBeforeDue: 0 }, ['2030-02-01']);
    expect(await createAutomaticRun(testApp.database, asOrgId(org.id), MONDAY)).toMatchObject({
      runDay: true,
      planned: 0,
      runId: null,
    });
    expect(await runsOf(org.id)).toHaveLength(0);
  });
});

describe('the automatic payment-run jobs', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ runWorkers: true });
  });
  afterAll(async () => testApp.close());

  it('the dispatcher sends one job per organisation with a strategy, which creates its run', async () => {
    const org = await createOrganizationWithAdmin(testApp);
    await setStrategy(testApp, org.id, { mode: 'days_before_due', daysBeforeDue: 5 });
    const due = await insertOpenTransaction(testApp, org.id, { requestedExecutionDate: MONDAY });
    const disabled = await createOrganizationWithAdmin(testApp);
    await insertOpenTransaction(testApp, disabled.id, { requestedExecutionDate: MONDAY });

    await testApp.app.jobs.send(AUTOMATIC_RUNS_DISPATCH_JOB, { orgId: null, date: MONDAY });
    let runId: string | null = null;
    for (let attempt = 0; attempt < 100 && !runId; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      runId = (await transactionRows(testApp, org.id, [due]))[0]!.paymentRunId;
    }
    const [run] = await testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.organizationId, org.id));
    expect(run).toMatchObject({ id: runId, origin: 'automatic', automaticRunDate: MONDAY });
    const abroad = await testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.organizationId, disabled.id));
    expect(abroad).toHaveLength(0);
  }, 30_000);
});

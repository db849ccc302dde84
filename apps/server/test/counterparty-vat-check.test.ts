import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VAT_CHECK_MAX_ATTEMPTS, VAT_CHECK_RETRY_BASE_MS, type Counterparty, type VatCheckState } from '@kontor/domain';
import { counterparties } from '../src/db/schema';
import { CHECK_VAT_JOB, VAT_CHECK_STRANDED_AFTER_MS, type VatCheckJob } from '../src/modules/vat-check/service';
import { interpretViesResponse } from '../src/modules/vat-check/vies-client';
import { type caller, counterpartyBody, createCounterparty, createCounterpartyTestOrganization } from './counterparty-fixtures';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

type ViesMode = 'valid' | 'invalid' | 'ms_unavailable' | 'server_error';

/** A stand-in for the VIES REST API: answers by `mode` and records what it was asked. */
function startFakeVies(): Promise<{ server: Server; url: string; state: { mode: ViesMode; asked: unknown[] } }> {
  const state = { mode: 'valid' as ViesMode, asked: [] as unknown[] };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/check-vat-number') {
        response.writeHead(404).end();
        return;
      }
      const asked = JSON.parse(body) as { countryCode: string; vatNumber: string };
      state.asked.push(asked);
      const json = (status: number, value: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (state.mode === 'valid') json(200, { ...asked, requestDate: new Date().toISOString(), valid: true, name: 'X' });
      else if (state.mode === 'invalid') json(200, { ...asked, requestDate: new Date().toISOString(), valid: false });
      else if (state.mode === 'ms_unavailable') json(200, { ...asked, valid: false, userError: 'MS_UNAVAILABLE' });
      else json(500, { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state }),
    ),
  );
}

/** Nothing listens there: connection refused, as when VIES is offline. */
const CLOSED_PORT_URL = 'http://127.0.0.1:9';

describe('VAT number check with VIES', () => {
  let testApp: TestApp;
  let vies: Awaited<ReturnType<typeof startFakeVies>>;
  let org: TestOrganization;
  let clerk: TestUser;
  let viewer: TestUser;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    vies = await startFakeVies();
    testApp = await createTestApp({ env: { VAT_CHECK: '1', VIES_URL: vies.url } });
    ({ org, clerk, viewer, call } = await createCounterpartyTestOrganization(testApp, 'Umsatzsteuer GmbH'));
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise((resolve) => vies.server.close(resolve));
  });
  beforeEach(() => {
    vies.state.mode = 'valid';
    vies.state.asked = [];
    testApp.config.vatCheck.viesUrl = vies.url;
  });

  const create = (vatNumber: string | null, name = `Firma ${Math.random().toString(36).slice(2, 8)}`) =>
    createCounterparty(testApp, clerk.cookie, { name, vatNumber });
  const stateOf = async (id: string): Promise<VatCheckState | null> => {
    const [row] = await testApp.database.db
      .select({ vatCheck: counterparties.vatCheck })
      .from(counterparties)
      .where(eq(counterparties.id, id));
    return row?.vatCheck ?? null;
  };
  /** The check jobs queued in pg-boss for a counterparty (no worker runs in tests; the test runs them). */
  const queuedJobs = async (counterpartyId: string) => {
    const result = await testApp.database.pool.query<{ data: VatCheckJob; start_after: Date }>(
      `select data, start_after from pgboss.job where name = $1 and data->>'counterpartyId' = $2 order by created_on`,
      [CHECK_VAT_JOB, counterpartyId],
    );
    return result.rows;
  };
  const firstJob = (created: Counterparty): VatCheckJob => ({
    orgId: org.id,
    counterpartyId: created.id,
    vatNumber: created.vatNumber!,
    retryAt: null,
  });

  it('a new VAT number is pending with a queued job; VIES valid → validated with the date, logged', async () => {
    const created = await create('DE 136 695 976');
    expect(created.vatCheck).toMatchObject({ status: 'pending' });
    const jobs = await queuedJobs(created.id);
    expect(jobs.map((job) => job.data)).toEqual([firstJob(created)]);

    const now = new Date();
    const result = await testApp.app.vatCheck.run(jobs[0]!.data, now);
    expect(result).toEqual({ status: 'validated', validatedAt: now.toISOString() });
    expect(vies.state.asked).toEqual([{ countryCode: 'DE', vatNumber: '136695976' }]);
    const detail = (await call('GET', `/api/counterparties/${created.id}`, viewer.cookie)).json<Counterparty>();
    expect(detail.vatCheck).toEqual({ status: 'validated', validatedAt: now.toISOString() });
    const activity = (await call('GET', `/api/counterparties/${created.id}/activity`, viewer.cookie)).json<{
      items: { action: string; actorType: string; changes: Record<string, unknown> | null }[];
    }>().items;
    expect(activity[0]).toMatchObject({ action: 'update', changes: { vatCheck: { from: 'pending', to: 'validated' } } });
  });

  it('VIES invalid → invalid with reason vies', async () => {
    vies.state.mode = 'invalid';
    const created = await create('ATU13585627');
    const result = await testApp.app.vatCheck.run(firstJob(created));
    expect(result).toMatchObject({ status: 'invalid', reason: 'vies' });
    expect(await stateOf(created.id)).toMatchObject({ status: 'invalid', reason: 'vies' });
  });

  it('sends Greek numbers with the EL prefix VIES uses', async () => {
    const created = await create('EL094259216');
    await testApp.app.vatCheck.run(firstJob(created));
    expect(vies.state.asked).toEqual([{ countryCode: 'EL', vatNumber: '094259216' }]);
  });

  it('VIES offline → failed, attempt 1, retried in about 5 minutes; back online → the retry job validates', async () => {
    const created = await create('DE811569869');
    testApp.config.vatCheck.viesUrl = CLOSED_PORT_URL;
    const now = new Date();
    const failed = await testApp.app.vatCheck.run(firstJob(created), now);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastAttemptAt: now.toISOString() });
    const nextRetryAt = (failed as { nextRetryAt: string }).nextRetryAt;
    expect(Date.parse(nextRetryAt) - now.getTime()).toBe(VAT_CHECK_RETRY_BASE_MS);
    const jobs = await queuedJobs(created.id);
    expect(jobs).toHaveLength(2);
    const retry = jobs[1]!;
    expect(retry.data).toEqual({ ...firstJob(created), retryAt: nextRetryAt });
    expect(Math.abs(retry.start_after.getTime() - Date.parse(nextRetryAt))).toBeLessThan(5_000);

    // The retry job started early (before nextRetryAt) only waits; it does not ask VIES.
    testApp.config.vatCheck.viesUrl = vies.url;
    expect(await testApp.app.vatCheck.run(retry.data, now)).toBe('rescheduled');
    expect(vies.state.asked).toEqual([]);
    const later = new Date(Date.parse(nextRetryAt) + 1_000);
    const validated = await testApp.app.vatCheck.run(retry.data, later);
    expect(validated).toEqual({ status: 'validated', validatedAt: later.toISOString() });
    // The first job again (pg-boss may deliver twice) finds a state it was not sent for.
    expect(await testApp.app.vatCheck.run(firstJob(created), later)).toBe('stale');
  });

  it('the hourly sweep queues anew a check whose job was lost, pending or failed, and only when overdue', async () => {
    const lostJobs = (counterpartyId: string) =>
      testApp.database.pool.query(`delete from pgboss.job where name = $1 and data->>'counterpartyId' = $2`, [
        CHECK_VAT_JOB,
        counterpartyId,
      ]);
    const pending = await create('DE813495425');
    await lostJobs(pending.id);
    const requestedAt = Date.parse((pending.vatCheck as { requestedAt: string }).requestedAt);
    await testApp.app.vatCheck.sweep(new Date(requestedAt + VAT_CHECK_STRANDED_AFTER_MS - 60_000));
    expect(await queuedJobs(pending.id)).toEqual([]);
    await testApp.app.vatCheck.sweep(new Date(requestedAt + VAT_CHECK_STRANDED_AFTER_MS + 60_000));
    const requeued = await queuedJobs(pending.id);
    expect(requeued.map((job) => job.data)).toEqual([firstJob(pending)]);
    expect(await testApp.app.vatCheck.run(requeued[0]!.data)).toMatchObject({ status: 'validated' });

    const failing = await create('DE260543043');
    testApp.config.vatCheck.viesUrl = CLOSED_PORT_URL;
    const failed = (await testApp.app.vatCheck.run(firstJob(failing))) as { nextRetryAt: string };
    await lostJobs(failing.id);
    await testApp.app.vatCheck.sweep(new Date(Date.parse(failed.nextRetryAt) + VAT_CHECK_STRANDED_AFTER_MS + 60_000));
    expect((await queuedJobs(failing.id)).map((job) => job.data)).toEqual([
      { ...firstJob(failing), retryAt: failed.nextRetryAt },
    ]);
    // A validated check is never swept.
    await testApp.app.vatCheck.sweep(new Date(Date.now() + 10 * VAT_CHECK_STRANDED_AFTER_MS));
    expect(await queuedJobs(pending.id)).toHaveLength(1);
  });

  it('MS_UNAVAILABLE and a 5xx count as unavailable → failed', async () => {
    vies.state.mode = 'ms_unavailable';
    const first = await create('DE129273398');
    expect(await testApp.app.vatCheck.run(firstJob(first))).toMatchObject({ status: 'failed', attempts: 1 });
    vies.state.mode = 'server_error';
    const second = await create('DE111111117');
    expect(await testApp.app.vatCheck.run(firstJob(second))).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('the last attempt stays failed without a further retry', async () => {
    const created = await create('DE111190308');
    const retryAt = new Date(Date.now() - 1_000).toISOString();
    const ninth: VatCheckState = {
      status: 'failed',
      attempts: VAT_CHECK_MAX_ATTEMPTS - 1,
      lastAttemptAt: new Date(Date.now() - 60_000).toISOString(),
      nextRetryAt: retryAt,
    };
    await testApp.database.db.update(counterparties).set({ vatCheck: ninth }).where(eq(counterparties.id, created.id));
    testApp.config.vatCheck.viesUrl = CLOSED_PORT_URL;
    const jobsBefore = (await queuedJobs(created.id)).length;
    const result = await testApp.app.vatCheck.run({ ...firstJob(created), retryAt });
    expect(result).toMatchObject({ status: 'failed', attempts: VAT_CHECK_MAX_ATTEMPTS, nextRetryAt: null });
    expect(await queuedJobs(created.id)).toHaveLength(jobsBefore);
  });

  it('changing the VAT number while a job is queued makes that job do nothing', async () => {
    const created = await create('DE111269491', 'Wechsel GmbH');
    const oldJob = firstJob(created);
    const updated = await call('PUT', `/api/counterparties/${created.id}`, clerk.cookie, {
      ...counterpartyBody({
        name: 'Wechsel GmbH',
        vatNumber: 'DE111348682',
        accountsPayableNumber: created.accountsPayableNumber,
      }),
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const pending = updated.json<Counterparty>().vatCheck;
    expect(pending).toMatchObject({ status: 'pending' });
    expect(await testApp.app.vatCheck.run(oldJob)).toBe('stale');
    expect(vies.state.asked).toEqual([]);
    expect(await stateOf(created.id)).toEqual(pending);
    expect((await queuedJobs(created.id)).map((job) => job.data.vatNumber)).toEqual(['DE111269491', 'DE111348682']);
  });

  it('an edit that keeps the VAT number keeps its check', async () => {
    const created = await create('DE111427874', 'Bleibt GmbH');
    await testApp.app.vatCheck.run(firstJob(created));
    const updated = await call('PUT', `/api/counterparties/${created.id}`, clerk.cookie, {
      ...counterpartyBody({
        name: 'Bleibt GmbH',
        city: 'Köln',
        vatNumber: 'DE111427874',
        accountsPayableNumber: created.accountsPayableNumber,
      }),
      version: created.version,
    });
    expect(updated.json<Counterparty>().vatCheck).toMatchObject({ status: 'validated' });
    expect(await queuedJobs(created.id)).toHaveLength(1);
  });

  it('no VAT number → no check; the inline create from the invoice form checks too', async () => {
    const without = await create(null);
    expect(without.vatCheck).toBeNull();
    expect(await queuedJobs(without.id)).toEqual([]);
    const inline = await call('POST', '/api/counterparties/inline', viewer.cookie, {
      name: 'Inline GmbH',
      vatNumber: 'DE111507067',
      iban: null,
      bic: null,
    });
    expect(inline.statusCode, inline.body).toBe(201);
    const id = inline.json<{ id: string }>().id;
    expect(await stateOf(id)).toMatchObject({ status: 'pending' });
    expect(await queuedJobs(id)).toHaveLength(1);
  });

  it('check again: a request event and a new job; a stored bad format is invalid at once without VIES', async () => {
    const created = await create('DE111586250', 'Nochmal GmbH');
    await testApp.app.vatCheck.run(firstJob(created));
    const again = await call('POST', `/api/counterparties/${created.id}/vat-check`, clerk.cookie, {});
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().vatCheck).toMatchObject({ status: 'pending' });
    expect(await queuedJobs(created.id)).toHaveLength(2);

    // Data from before the format rule (or an import) can hold a number the form would refuse.
    await testApp.database.db.update(counterparties).set({ vatNumber: 'DE123' }).where(eq(counterparties.id, created.id));
    const bad = await call('POST', `/api/counterparties/${created.id}/vat-check`, clerk.cookie, {});
    expect(bad.statusCode, bad.body).toBe(202);
    expect(bad.json().vatCheck).toMatchObject({ status: 'invalid', reason: 'format' });
    expect(await queuedJobs(created.id)).toHaveLength(2);
    expect(vies.state.asked).toHaveLength(1);
  });

  it('documents the detail with its vatCheck and the check-again route in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toContain('/api/counterparties/{id}/vat-check');
    expect(JSON.stringify(document.paths['/api/counterparties/{id}'])).toContain('vatCheck');
  });

  it('check again needs the permission, a VAT number, and answers 404 for a foreign counterparty', async () => {
    const created = await create('DE111665441', 'Rechte GmbH');
    const forbidden = await call('POST', `/api/counterparties/${created.id}/vat-check`, viewer.cookie, {});
    expect(forbidden.statusCode).toBe(403);
    const foreign = await createOrganizationWithAdmin(testApp, 'Fremd SE');
    const abroad = await call('POST', `/api/counterparties/${created.id}/vat-check`, foreign.admin.cookie, {});
    expect(abroad.statusCode).toBe(404);
    expect(abroad.json().code).toBe('counterparty_not_found');
    const without = await create(null);
    const noNumber = await call('POST', `/api/counterparties/${without.id}/vat-check`, clerk.cookie, {});
    expect(noNumber.statusCode).toBe(400);
  });
});

describe('reading VIES answers', () => {
  it('valid and invalid answers, INVALID_INPUT as invalid', () => {
    expect(interpretViesResponse(200, { valid: true })).toBe('valid');
    expect(interpretViesResponse(200, { valid: false })).toBe('invalid');
    expect(interpretViesResponse(400, { errorWrappers: [{ error: 'INVALID_INPUT' }] })).toBe('invalid');
  });

  it('busy or offline member states, 5xx and unreadable bodies as unavailable, never invalid', () => {
    for (const code of [
      'MS_UNAVAILABLE',
      'SERVICE_UNAVAILABLE',
      'TIMEOUT',
      'MS_MAX_CONCURRENT_REQ',
      'GLOBAL_MAX_CONCURRENT_REQ',
    ]) {
      expect(interpretViesResponse(200, { valid: false, userError: code }), code).toBe('unavailable');
      expect(interpretViesResponse(500, { errorWrappers: [{ error: code }] }), code).toBe('unavailable');
    }
    expect(interpretViesResponse(502, { valid: true })).toBe('unavailable');
    expect(interpretViesResponse(200, null)).toBe('unavailable');
    expect(interpretViesResponse(403, { errorWrappers: [{ error: 'IP_BLOCKED' }] })).toBe('unavailable');
  });
});

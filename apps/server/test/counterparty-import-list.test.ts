import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTERPARTY_IMPORT_RECENT_LIMIT, type CounterpartyImportList, type CounterpartyImportUpload } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { counterpartyImports, memberships, users } from '../src/db/schema';
import { useCounterpartyTestContext } from './counterparty-fixtures';
import { browser, createOrganizationWithAdmin, createUser, signIn, type TestUser } from './factories';
import { multipartBody } from './uploads';

const VALID_IBAN = 'DE89370400440532013000';

describe('GET /api/counterparties/imports (recent imports)', () => {
  const context = useCounterpartyTestContext('Import-Liste GmbH');

  beforeAll(async () => {
    const { testApp, clerk, org } = context;
    await testApp.database.db.update(users).set({ name: 'Clara Clerk' }).where(eq(users.id, clerk.userId));
    // Someone without a name is shown by their e-mail, as everywhere else.
    await testApp.database.db.update(users).set({ name: '' }).where(eq(users.id, org.admin.userId));
  });

  const list = (cookie: string) =>
    context.testApp.app.inject({ method: 'GET', url: '/api/counterparties/imports', headers: browser(cookie) });
  const listed = async (cookie: string) => {
    const response = await list(cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CounterpartyImportList>().items;
  };

  const upload = async (csv: string, fileName: string, user: TestUser) => {
    const { body, contentType } = multipartBody('file', fileName, 'text/csv', Buffer.from(csv, 'utf8'));
    const response = await context.testApp.app.inject({
      method: 'POST',
      url: '/api/counterparties/imports',
      headers: browser(user.cookie, { 'content-type': contentType }),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CounterpartyImportUpload>();
  };
  const start = async (preview: CounterpartyImportUpload, user: TestUser) => {
    const response = await context.call('POST', `/api/counterparties/imports/${preview.id}/start`, user.cookie, {
      mapping: preview.suggestedMapping,
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  /** Upload, start and run the job in place of a worker, as the given user of the given organisation. */
  const runImport = async (csv: string, fileName: string, user: TestUser, orgId: string) => {
    const preview = await upload(csv, fileName, user);
    await start(preview, user);
    await context.testApp.app.counterpartyImport.runner.run({ orgId, importId: preview.id });
    return preview.id;
  };

  it('lists the started imports newest first with status, counts, failure, starter and times; never-started uploads are left out', async () => {
    const { clerk, org, viewer } = context;
    const first = await runImport(
      `Name;IBAN\nErste Liste GmbH;${VALID_IBAN}\nKaputt GmbH;DE00 1234\n`,
      'erste.csv',
      clerk,
      org.id,
    );
    const second = await runImport('Name\nZweite Liste GmbH\n', 'zweite.csv', org.admin, org.id);
    const failed = await upload('Name\nAbgebrochen GmbH\n', 'abgebrochen.csv', clerk);
    await start(failed, clerk);
    await context.testApp.app.counterpartyImport.runner.markFailed(asOrgId(org.id), failed.id, 'import_malformed_csv');
    await upload('Name\nNie gestartet GmbH\n', 'nie-gestartet.csv', clerk);
    const running = await upload('Name\nLaeuft GmbH\nLaeuft auch GmbH\n', 'laufend.csv', clerk);
    await start(running, clerk);

    // Reading is for every member, like the status of one import.
    const items = await listed(viewer.cookie);
    expect(items.map((item) => item.fileName)).toEqual(['laufend.csv', 'abgebrochen.csv', 'zweite.csv', 'erste.csv']);
    const [runningItem, failedItem, secondItem, firstItem] = items;
    expect(runningItem).toMatchObject({
      id: running.id,
      format: 'csv',
      status: 'running',
      totalRows: 2,
      processedRows: 0,
      createdCount: 0,
      skippedCount: 0,
      failureCode: null,
      finishedAt: null,
      createdByName: 'Clara Clerk',
    });
    expect(failedItem).toMatchObject({ id: failed.id, status: 'failed', failureCode: 'import_malformed_csv' });
    expect(secondItem).toMatchObject({
      id: second,
      status: 'done',
      totalRows: 1,
      processedRows: 1,
      createdCount: 1,
      skippedCount: 0,
      createdByName: org.admin.email,
    });
    expect(firstItem).toMatchObject({
      id: first,
      status: 'done',
      totalRows: 2,
      processedRows: 2,
      createdCount: 1,
      skippedCount: 1,
      failureCode: null,
      createdByName: 'Clara Clerk',
    });
    for (const item of [failedItem!, secondItem!, firstItem!]) {
      expect(Date.parse(item.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
    const created = items.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The list is the way back to an import, not its result: the per-row results stay with the import's own route.
    expect(firstItem).not.toHaveProperty('results');
  });

  it("never shows another organisation's imports", async () => {
    const { testApp, foreign, clerk } = context;
    const foreignImport = await runImport('Name\nFremde Liste AG\n', 'fremd.csv', foreign.admin, foreign.id);
    const home = await listed(clerk.cookie);
    expect(home.length).toBeGreaterThan(0);
    expect(home.map((item) => item.id)).not.toContain(foreignImport);
    expect(home.map((item) => item.fileName)).not.toContain('fremd.csv');
    const abroad = await listed(foreign.admin.cookie);
    expect(abroad.map((item) => item.id)).toEqual([foreignImport]);

    // Also the admin of both sees only the current organisation's.
    const admin = await createUser(testApp);
    const [homeMember, foreignMember] = [context.org.id, foreign.id].map((organizationId) => ({
      organizationId,
      userId: admin.userId,
      role: 'admin' as const,
      permissions: [],
    }));
    await testApp.database.db.insert(memberships).values([homeMember!, foreignMember!]);
    const inForeign = await listed(await signIn(testApp, admin.userId, foreign.id));
    expect(inForeign.map((item) => item.id)).toEqual([foreignImport]);
  });

  it(`lists the latest ${COUNTERPARTY_IMPORT_RECENT_LIMIT} only`, async () => {
    const { testApp } = context;
    const busy = await createOrganizationWithAdmin(testApp, 'Viele Importe GmbH');
    const hour = 60 * 60 * 1000;
    const base = Date.parse('2026-01-01T08:00:00Z');
    await testApp.database.db.insert(counterpartyImports).values(
      Array.from({ length: COUNTERPARTY_IMPORT_RECENT_LIMIT + 5 }, (_, index) => ({
        organizationId: busy.id,
        fileName: `import-${String(index).padStart(2, '0')}.csv`,
        fileKey: `org/${busy.id}/counterparty-imports/${index}.csv`,
        format: 'csv' as const,
        status: 'done' as const,
        totalRows: 1,
        processedRows: 1,
        createdCount: 1,
        createdBy: busy.admin.userId,
        createdAt: new Date(base + index * hour),
        finishedAt: new Date(base + index * hour + 1000),
      })),
    );
    const items = await listed(busy.admin.cookie);
    expect(items).toHaveLength(COUNTERPARTY_IMPORT_RECENT_LIMIT);
    expect(items[0]!.fileName).toBe('import-24.csv');
    expect(items.at(-1)!.fileName).toBe('import-05.csv');
  });

  it('needs a session and an organisation, like the status of one import', async () => {
    const { testApp } = context;
    // In the route table the isolation matrix walks: a member route without an id (its 401 check applies).
    expect(testApp.app.routeTable).toContainEqual({
      method: 'GET',
      url: '/api/counterparties/imports',
      access: { kind: 'member' },
      resource: undefined,
      validates: [],
    });
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/counterparties/imports',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(401);
    const loner = await createUser(testApp);
    const withoutOrganization = await list(await signIn(testApp, loner.userId, null));
    expect(withoutOrganization.statusCode).toBe(403);
    expect(withoutOrganization.json().code).toBe('no_organization');
  });
});

import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signedInPage, withDatabase } from './support';

/**
 * Issue 60: an admin connects the built-in sandbox bank from Settings › Bank accounts (country →
 * bank → consent at the bank → accounts → first sync → connected), and a connection whose access
 * ends soon is warned of on the page and in the banner.
 */

/** The demo's connections out of the way of other specs (the warning banner is on every screen). */
const disconnectDemoBanks = () =>
  withDatabase(async (client) => {
    const demo = `(select id from organizations where slug = 'demo')`;
    await client.query(
      `update company_bank_accounts set bank_connection_id = null, provider_account_id = null, access_valid_until = null
        where organization_id = ${demo}`,
    );
    await client.query(`update bank_connections set status = 'disconnected' where organization_id = ${demo}`);
  });
test.beforeAll(disconnectDemoBanks);
test.afterAll(disconnectDemoBanks);

test('connect the sandbox bank from the settings, then its access nearing its end is warned of', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);

  await admin.goto('/demo/settings/bank-accounts');
  await admin.getByRole('link', { name: 'Connect a bank' }).click();
  await expect(admin).toHaveURL(/\/demo\/settings\/bank-accounts\/connect$/);
  await expect(admin.getByLabel('Country')).toContainText('Germany');
  const banks = admin.getByRole('list', { name: 'Banks' });
  await admin.getByLabel('Bank', { exact: true }).fill('Sparkasse');
  await banks.getByRole('button', { name: /Sandbox Sparkasse/ }).click();

  // The sandbox bank's own consent page: the browser left Kontor.
  await expect(admin).toHaveURL(/\/sandbox-bank\/consent\//);
  await admin.getByRole('button', { name: 'Allow access' }).click();

  // Back through the callback: the accounts the consent covers, all ticked.
  await expect(admin).toHaveURL(/\/demo\/settings\/bank-accounts\/connect\/[0-9a-f-]{36}$/);
  const offered = admin.getByTestId('offered-account');
  await expect(offered.first()).toBeVisible();
  const count = await offered.count();
  await admin.getByRole('button', { name: count === 1 ? 'Connect 1 account' : `Connect ${count} accounts` }).click();

  const progress = admin.getByTestId('sync-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(
    count === 1 ? 'Connected: 1 account is synced.' : `Connected: ${count} accounts are synced.`,
    {
      timeout: 60_000,
    },
  );
  await expect(admin.getByTestId('synced-account').first()).toHaveAttribute('data-sync-status', 'done');
  await admin.getByRole('link', { name: 'Back to bank accounts' }).click();

  const connection = admin.getByTestId('bank-connection').filter({ hasText: 'Sandbox Sparkasse' });
  await expect(connection.getByTestId('bank-connection-status')).toHaveText('Connected');
  await expect(connection).toContainText('Access valid until');
  await expect(admin.getByTestId('bank-access-banner')).toHaveCount(0);

  // Ten days before the access ends: the connection and the banner say so.
  await withDatabase((client) =>
    client.query(
      `update bank_connections set access_valid_until = now() + interval '10 days'
        where status = 'active' and organization_id = (select id from organizations where slug = 'demo')`,
    ),
  );
  await admin.reload();
  await expect(connection.getByTestId('bank-access-warning')).toContainText('in less than two weeks');
  await expect(admin.getByTestId('bank-access-banner')).toContainText('The access to Sandbox Sparkasse ends on');
  await admin.goto('/demo/invoices/new');
  await expect(admin.getByTestId('bank-access-banner')).toBeVisible();
});

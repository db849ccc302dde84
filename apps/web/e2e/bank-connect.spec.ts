import { expect, test } from '@playwright/test';
import { connectSandboxBank, disconnectDemoBanks } from './bank-support';
import { DEMO_ADMIN, signedInPage, withDatabase } from './support';

/**
 * Issue 60: an admin connects the built-in sandbox bank from Settings › Bank accounts (country →
 * bank → consent at the bank → accounts → first sync → connected), and a connection whose access
 * ends soon is warned of on the page and in the banner.
 */

test.beforeAll(disconnectDemoBanks);
test.afterAll(disconnectDemoBanks);

test('connect the sandbox bank from the settings, then its access nearing its end is warned of', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);

  await connectSandboxBank(admin);
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

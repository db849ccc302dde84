import { expect, type Page } from '@playwright/test';
import { withDatabase } from './support';

/** The demo's bank connections out of the way of other specs (the warning banner is on every screen). */
export const disconnectDemoBanks = () =>
  withDatabase(async (client) => {
    const demo = `(select id from organizations where slug = 'demo')`;
    await client.query(
      `update company_bank_accounts set bank_connection_id = null, provider_account_id = null, access_valid_until = null
        where organization_id = ${demo}`,
    );
    await client.query(`update bank_connections set status = 'disconnected' where organization_id = ${demo}`);
  });

/**
 * Connects the built-in sandbox bank as an admin does it: Settings › Bank accounts → country →
 * bank → consent at the bank → every offered account → first sync, until every account is synced.
 * Answers how many accounts were connected; the page stays on the connect flow's last step.
 */
export async function connectSandboxBank(admin: Page): Promise<number> {
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
    { timeout: 60_000 },
  );
  return count;
}

import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CLERK, signIn } from './support';

test('the clerk is sent from settings to the organisation root, the admin is not', async ({ browser }) => {
  const clerk = await browser.newPage();
  await signIn(clerk, DEMO_CLERK);
  await clerk.goto('/demo/settings/general');
  await expect(clerk).toHaveURL(/\/demo\/invoices\/new$/);
  await clerk.goto('/demo/settings/billing');
  await expect(clerk).toHaveURL(/\/demo\/invoices\/new$/);
  await expect(clerk.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await clerk.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/demo/settings');
  await expect(admin).toHaveURL(/\/demo\/settings\/general$/);
  await expect(admin.getByLabel('Company name')).toHaveValue('Demo GmbH');
  await adminContext.close();
});

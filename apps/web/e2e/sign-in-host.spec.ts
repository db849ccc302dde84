import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PASSWORD, withDatabase } from './support';

// Issue 55 item 8: typing 127.0.0.1 instead of localhost still signs in (it failed the first time:
// the sign-in's cookie belonged to the other host name).
test('sign-in started at 127.0.0.1 lands under PUBLIC_URL and ends signed in', async ({ page, baseURL }) => {
  await withDatabase((client) =>
    client.query(
      `update users set locale = null, current_organization_id = (select id from organizations where slug = 'demo')
        where email = $1`,
      [DEMO_ADMIN],
    ),
  );
  const publicUrl = new URL(baseURL!);
  await page.goto(`http://127.0.0.1:${publicUrl.port}/`);
  await expect(page).toHaveURL(`${publicUrl.origin}/`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('E-mail').fill(DEMO_ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${publicUrl.origin}/demo/invoices/new`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

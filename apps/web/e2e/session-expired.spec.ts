import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, withDatabase } from './support';

test('an expired session ends on /session-expired', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  // The server's sessions run out (idle timeout reached): every session of the admin ends now.
  await withDatabase((client) =>
    client.query(
      `update sessions set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = $1)`,
      [DEMO_ADMIN],
    ),
  );
  await page.goto('/demo/settings/general');
  await expect(page).toHaveURL(/\/session-expired$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('kontor.user'))).toBeNull();
});

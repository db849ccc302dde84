import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

test('an admin sets approval reminders to five days, is told a wrong number, and switches them off', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/general');
  const section = page.locator('form').filter({ has: page.getByText('Approval reminders', { exact: true }) });
  const enabled = section.getByRole('switch', { name: 'Remind approvers' });
  const days = section.getByLabel('Remind after (days)');
  const save = section.getByRole('button', { name: 'Save' });
  await expect(enabled).toBeChecked();
  await expect(days).toHaveValue('3');

  await days.fill('0');
  await save.click();
  await expect(section.getByText('Enter a whole number of days from 1 to 30.')).toBeVisible();
  await days.fill('5');
  await save.click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(days).toHaveValue('5');

  await enabled.click();
  await expect(days).toBeDisabled();
  await save.click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await page.reload();
  await expect(enabled).not.toBeChecked();
  await expect(days).toBeDisabled();

  // Back on, as the demo organisation starts.
  await enabled.click();
  await days.fill('3');
  await save.click();
  await expect(save).toBeDisabled();
});

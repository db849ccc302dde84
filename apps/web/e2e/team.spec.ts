import { expect, test } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

/**
 * Issue 67: the admin invites a colleague with one permission; the invitation mail reaches the
 * local mailbox; the colleague opens the link in another browser, signs up and lands in the
 * organisation with exactly that permission; the admin takes it away and the colleague's screen
 * loses it after a reload.
 */
test('invite a colleague, who signs up through the link and holds exactly the granted permission', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = `kollegin-${runId()}@firma.example`;
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/team');
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(DEMO_ADMIN);

  // The invitation: a role must be chosen; one permission.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Select a role.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'Accounts receivable' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const invitationRow = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
  await expect(invitationRow).toContainText('Pending');

  // The mail in the local mailbox carries the link.
  let link = '';
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: /invites you to Demo GmbH on Kontor$/ }).click();
    const text = (await page.locator('pre').textContent({ timeout: 2_000 })) ?? '';
    link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });

  // The colleague, in a browser of their own: the link, sign-up, and into the organisation.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(new URL(link).pathname);
  await expect(colleague.getByText(/invited you to join Demo GmbH/)).toBeVisible();
  await colleague.getByRole('button', { name: 'Sign up' }).click();
  await colleague.getByLabel('Name').fill('Kim Kollegin');
  await colleague.getByLabel('E-mail').fill(email);
  await colleague.getByLabel('Password').fill('a very long password');
  await colleague.getByRole('button', { name: 'Create account' }).click();
  await expect(colleague).toHaveURL(/\/demo\/invoices/);
  await expect(colleague.getByText('Welcome to Demo GmbH.')).toBeVisible();
  const navigation = colleague.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Accounts receivable' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Payment runs' })).toHaveCount(0);
  await colleague.goto('/demo/accounts-receivable');
  await expect(colleague.getByRole('heading', { level: 1, name: 'Accounts receivable' })).toBeVisible();

  // The admin sees the new member and takes the permission away.
  await page.goto('/demo/team');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members).toContainText(email);
  await members.getByRole('button', { name: 'Actions for Kim Kollegin' }).click();
  await page.getByRole('menuitem', { name: 'Change role and permissions' }).click();
  const edit = page.getByRole('dialog', { name: 'Change role and permissions' });
  await edit.getByRole('checkbox', { name: 'Accounts receivable' }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await colleague.reload();
  await expect(colleague.getByRole('navigation').first().getByRole('link', { name: 'Accounts receivable' })).toHaveCount(0);
  await colleague.goto('/demo/accounts-receivable');
  await expect(colleague.getByRole('heading', { level: 1, name: 'Accounts receivable' })).toHaveCount(0);

  // Tidy up: the shared demo organisation keeps its seats.
  await members.getByRole('button', { name: 'Actions for Kim Kollegin' }).click();
  await page.getByRole('menuitem', { name: 'Remove from organisation' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(members).not.toContainText(email);
  await colleagueContext.close();
});

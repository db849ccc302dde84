import { expect, test } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { invoiceWaitingForClerk, withoutFourEyesPrinciple } from './approval-support';
import { chooseOption, openInvoice } from './invoice-detail-support';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, withDatabase } from './support';

// Anna Admin, the substitute, approves an invoice she uploaded and requested herself.
withoutFourEyesPrinciple();

/** "2026-12-04" as typed in the English interface. */
const typed = (iso: string) => iso.split('-').reverse().join('/');
/** "4 Dec 2026", as the English interface shows a date. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const clearDemoAbsences = () =>
  withDatabase((client) =>
    client.query(`delete from approval_absences where organization_id = (select id from organizations where slug = 'demo')`),
  );

// Other tests share the demo users: no absence outlives this one, whatever happens in it.
test.afterEach(clearDemoAbsences);

test('an approver enters an absence: what waits goes to the substitute, who is mailed and approves; the admin removes it', async ({
  browser,
}) => {
  await clearDemoAbsences();
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const invoiceId = await invoiceWaitingForClerk(admin, 'abwesenheit.pdf');

  // Carl goes on holiday for a week and names Anna as his substitute.
  const today = todayIso();
  const until = addDaysIso(today, 7);
  const clerk = await signedInPage(browser, DEMO_CLERK);
  await clerk.getByTestId('user-menu').click();
  await clerk.getByRole('menuitem', { name: 'Absence & substitute…' }).click();
  const dialog = clerk.getByRole('dialog', { name: 'Your absence' });
  await expect(dialog.getByLabel('Away from')).toHaveValue(typed(today));
  // An end in the past is refused with the rule's message, before anything is sent.
  await dialog.getByLabel('Until (including)').fill(typed(addDaysIso(today, -1)));
  await dialog.getByRole('button', { name: 'Save absence' }).click();
  await expect(dialog).toContainText('The absence ends before it starts.');
  await expect(dialog).toContainText('Choose a substitute.');
  await dialog.getByLabel('Until (including)').fill(typed(until));
  await chooseOption(clerk, 'Substitute', 'Anna Admin');
  await dialog.getByLabel('Note').fill('Urlaub');
  await dialog.getByRole('button', { name: 'Save absence' }).click();
  await expect(clerk.getByText('Absence saved. 1 approval waiting for Carl Clerk now waits for Anna Admin.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // His "My approvals" says so, and the invoice is no longer there.
  await clerk.goto('/demo/invoices/my-approvals');
  await expect(clerk.getByTestId('own-absence-notice')).toContainText(
    `You are away until ${shown(until)}: approvals that would wait for you go to Anna Admin.`,
  );
  // "Change" opens the same dialog with what he entered (its code loads only now).
  await clerk.getByTestId('own-absence-notice').getByRole('button', { name: 'Change' }).click();
  await expect(dialog.getByLabel('Until (including)')).toHaveValue(typed(until));
  await expect(dialog.getByLabel('Note')).toHaveValue('Urlaub');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Anna is told by e-mail, finds the invoice in her approvals with the reason in its history, and approves.
  const mails = await admin.request.get('/api/mailbox?to=admin@demo.kontor.test');
  const { items } = (await mails.json()) as { items: { subject: string; text: string }[] };
  const named = items.find((mail) => mail.subject.startsWith('Carl Clerk has named you as their substitute'));
  expect(named?.text).toContain('1 approval that was waiting for Carl Clerk now waits for you.');
  await openInvoice(admin, invoiceId, 'my-approvals');
  await expect(admin.getByTestId('approval-item').filter({ hasText: 'Anna Admin' })).toContainText('standing in for Carl Clerk');
  // Handing it on, Carl is named as away.
  await admin.getByRole('button', { name: 'Hand on' }).click();
  await admin.getByLabel('Hand on to', { exact: true }).click();
  await expect(admin.getByRole('option', { name: `Carl Clerk (away until ${shown(until)})` })).toBeVisible();
  await admin.keyboard.press('Escape');
  await admin.getByRole('dialog', { name: 'Hand on an approval' }).getByRole('button', { name: 'Cancel' }).click();
  await admin.getByRole('tab', { name: 'History' }).click();
  await expect(admin.getByTestId('activity-list')).toContainText(`Away until ${shown(until)}: handed to the substitute.`);
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Invoice approved.')).toBeVisible();

  // The admin sees the absence under Settings › Approval flows and removes it.
  await admin.goto('/demo/settings/approval-flows');
  const row = admin.getByTestId('absence-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Carl Clerk');
  await expect(row).toContainText('Anna Admin');
  await expect(row).toContainText('away now');
  await row.getByRole('button', { name: 'Remove the absence of Carl Clerk' }).click();
  await admin
    .getByRole('dialog', { name: 'Remove the absence of Carl Clerk?' })
    .getByRole('button', { name: 'Remove absence' })
    .click();
  await expect(admin.getByText('Absence of Carl Clerk removed. New approvals wait for them again.')).toBeVisible();
  await expect(admin.getByText('Nobody is away or has an absence planned.')).toBeVisible();
});

/** Payment reminders of receivables (issue 66): templates, reminders and their e-mail statuses. */
export * from './reminder-template';
export * from './payment-reminder';
export * from './mail-events';

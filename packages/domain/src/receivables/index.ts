/** Outgoing invoices (accounts receivable): statuses, amounts, due dates, input and view schemas. */
export * from './receivable-status';
export * from './receivable-amounts';
export * from './receivable-due';
export * from './receivable-schema';
export * from './receivable-view';
export * from './receivable-import';
export * from './invoice-documents';
export * from './customer-invoicing';
export * from './reminders';

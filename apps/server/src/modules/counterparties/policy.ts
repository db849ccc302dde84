import type { Permission } from '@kontor/domain';

/**
 * Who may do what with counterparty records (ARCHITECTURE §3.3; admin passes every check).
 * Reading, and creating one inline from the invoice form, is for every member.
 */

/** Create, edit, delete: whoever manages payable or receivable invoices, whose counterparties these are. */
export const MANAGE_COUNTERPARTIES: Permission[] = ['ap_invoices:manage', 'ar_invoices:manage'];

/**
 * Trust and untrust: a trusted payee is paid with less scrutiny, so this is fraud-sensitive and
 * belongs to those who release payments (payment runs), not to everyone who edits invoices.
 */
export const TRUST_COUNTERPARTIES: Permission[] = ['payment_runs:manage'];

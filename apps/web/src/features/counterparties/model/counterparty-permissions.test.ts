import { describe, expect, it } from 'vitest';
import type { Permission, Role } from '@kontor/domain/permissions';
import { canManageCounterparties, canManageTrust } from './counterparty-permissions';

const who = (role: Role, permissions: Permission[] = []) => ({ user: { role }, permissions });

describe('counterparty permissions', () => {
  it('lets admins do everything', () => {
    expect(canManageCounterparties(who('admin'))).toBe(true);
    expect(canManageTrust(who('admin'))).toBe(true);
  });

  it('lets payables or receivables managers create, and nobody else', () => {
    expect(canManageCounterparties(who('user', ['ap_invoices:manage']))).toBe(true);
    expect(canManageCounterparties(who('user', ['ar_invoices:manage']))).toBe(true);
    expect(canManageCounterparties(who('user', ['payment_runs:manage', 'bank_accounts:manage']))).toBe(false);
    expect(canManageCounterparties(who('user'))).toBe(false);
  });

  it('keeps trust to payment-run managers', () => {
    expect(canManageTrust(who('user', ['payment_runs:manage']))).toBe(true);
    expect(canManageTrust(who('user', ['ap_invoices:manage', 'ar_invoices:manage']))).toBe(false);
  });
});

import type { Permission } from '@kontor/domain';

/** Connecting, renewing and disconnecting banks: the bank accounts module's permission (SPEC §6). */
export const MANAGE_BANK_ACCOUNTS: Permission[] = ['bank_accounts:manage'];

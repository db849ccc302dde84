import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompanyBankAccount, companyBankAccountInputSchema } from '@kontor/domain/master-data';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MASTER_DATA_STALE_TIME, useMasterDataMutations, type ListAnswer } from './master-data-api';

export type CompanyBankAccountInput = z.output<typeof companyBankAccountInputSchema>;
export const COMPANY_BANK_ACCOUNTS_PATH = '/company-bank-accounts';

/** GET /company-bank-accounts: the debitor accounts invoices are paid from. */
export function listCompanyBankAccounts(): Promise<ListAnswer<CompanyBankAccount>> {
  return api.get<ListAnswer<CompanyBankAccount>>(COMPANY_BANK_ACCOUNTS_PATH);
}

export function companyBankAccountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.masterData.companyBankAccounts(),
    queryFn: listCompanyBankAccounts,
    staleTime: MASTER_DATA_STALE_TIME,
  });
}

export function useCompanyBankAccounts() {
  return useQuery(companyBankAccountsQueryOptions());
}

/** No CSV import for bank accounts; `importFile` is simply not used. */
export function useCompanyBankAccountMutations() {
  return useMasterDataMutations<CompanyBankAccount, CompanyBankAccountInput>(
    COMPANY_BANK_ACCOUNTS_PATH,
    queryKeys.masterData.companyBankAccounts(),
  );
}

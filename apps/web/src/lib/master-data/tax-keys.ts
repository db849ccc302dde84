import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { SYSTEM_TAX_KEYS, type TaxKey, type systemTaxKeyInputSchema, type taxKeyInputSchema } from '@kontor/domain/master-data';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MASTER_DATA_STALE_TIME, useMasterDataMutations, type ListAnswer } from './master-data-api';

/** A custom key takes every field; a system key (`isSystem`) only its external code. */
export type TaxKeyInput = z.output<typeof taxKeyInputSchema> | z.output<typeof systemTaxKeyInputSchema>;
export const TAX_KEYS_PATH = '/tax-keys';

/** GET /tax-keys: the 14 system keys of SPEC §3 plus the organisation's own. */
export function listTaxKeys(): Promise<ListAnswer<TaxKey>> {
  return api.get<ListAnswer<TaxKey>>(TAX_KEYS_PATH);
}

export function taxKeysQueryOptions() {
  return queryOptions({ queryKey: queryKeys.masterData.taxKeys(), queryFn: listTaxKeys, staleTime: MASTER_DATA_STALE_TIME });
}

export function useTaxKeys() {
  return useQuery(taxKeysQueryOptions());
}

export function useTaxKeyMutations() {
  return useMasterDataMutations<TaxKey, TaxKeyInput>(TAX_KEYS_PATH, queryKeys.masterData.taxKeys());
}

type SystemTaxKeyName = (typeof SYSTEM_TAX_KEYS)[number]['name'];
const SYSTEM_NAMES = new Set<string>(SYSTEM_TAX_KEYS.map((key) => key.name));
const isSystemName = (name: string): name is SystemTaxKeyName => SYSTEM_NAMES.has(name);

/**
 * What a person reads for a tax key: the system keys' names in the interface language ("Vorsteuer,
 * Regelsatz" for PUR_STD; the code stays the key's identity in exports and the settings list),
 * an organisation's own keys as named.
 */
export function useTaxKeyLabel(): (key: Pick<TaxKey, 'name' | 'isSystem'>) => string {
  const { t } = useTranslation('common');
  return (key) => (key.isSystem && isSystemName(key.name) ? t(`systemTaxKeys.${key.name}`) : key.name);
}

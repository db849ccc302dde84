import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@kontor/domain/master-data';
import { api, apiRequest } from '@/lib/api-client';

/** Every master-data list answers `{ items }` (ARCHITECTURE §4). */
export interface ListAnswer<T> {
  items: T[];
}

/** Master data changes rarely; a minute keeps the invoice form's selects from refetching on every open. */
export const MASTER_DATA_STALE_TIME = 60_000;

/** The column mapping sent with a CSV import: required field → the CSV header that holds it. */
export type ImportMapping = Record<string, string>;

export interface Versioned {
  id: string;
  version: number;
}

export interface ImportRequest {
  file: File;
  mapping?: ImportMapping;
  /** Further text fields, e.g. the cost-centre `type` for files without a type column. */
  fields?: Record<string, string>;
}

/** POST {path}/import: the CSV file plus the user's column mapping; rows whose code exists are skipped. */
export function importCsv(path: string, { file, mapping, fields }: ImportRequest): Promise<ImportResult> {
  const formData = new FormData();
  if (mapping) formData.append('mapping', JSON.stringify(mapping));
  for (const [name, value] of Object.entries(fields ?? {})) formData.append(name, value);
  formData.append('file', file);
  return apiRequest<ImportResult>(`${path}/import`, { method: 'POST', formData });
}

/**
 * The create/update/delete/import mutations of one resource. Each refreshes every list under
 * `listKey` afterwards, so the settings table and the invoice form's selects show the change.
 */
export function useMasterDataMutations<Item extends Versioned, Input>(path: string, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const create = useMutation({
    mutationFn: (input: Input) => api.post<Item>(path, input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, version, input }: { id: string; version: number; input: Input }) =>
      api.put<Item>(`${path}/${encodeURIComponent(id)}`, { ...input, version }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: Versioned) =>
      api.delete<undefined>(`${path}/${encodeURIComponent(id)}`, { query: { version } }),
    onSuccess: refresh,
  });
  const importFile = useMutation({
    mutationFn: (request: ImportRequest) => importCsv(path, request),
    onSuccess: refresh,
  });
  return { create, update, remove, importFile };
}

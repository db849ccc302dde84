import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission, Role } from '@kontor/domain/permissions';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface DemoAccount {
  email: string;
  memberships: { organization: string; role: Role; permissions: Permission[] }[];
}

export interface PublicConfig {
  demo: { enabled: boolean; password: string | null; users: DemoAccount[] };
  /** The local mailbox page of the default set-up, where outgoing e-mail can be read. */
  mailboxUrl: string | null;
  docsUrl: string;
}

/** GET /public/config: what the welcome page may show before anyone signs in. */
export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/public/config');
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: queryKeys.publicConfig(), queryFn: getPublicConfig, staleTime: 10 * 60_000 });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

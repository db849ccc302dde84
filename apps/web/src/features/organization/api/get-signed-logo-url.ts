import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedUrl } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const NO_LOGO: SignedUrl = { url: null, expiresAt: null };
const EXPIRY_MARGIN_MS = 60_000;

/** GET /organization/signed-logo-url. A failure is only logged; the logo then falls back to none (SPEC §8). */
export async function getSignedLogoUrl(): Promise<SignedUrl> {
  try {
    return await api.get<SignedUrl>('/organization/signed-logo-url');
  } catch (error) {
    console.error('[organization] loading the logo URL failed', error);
    return NO_LOGO;
  }
}

/** A signed URL is good until shortly before it expires; after that the next render asks for a new one. */
export function logoUrlStaleTime(signed: SignedUrl | undefined, now = Date.now()): number {
  if (!signed?.expiresAt) return 10 * 60_000;
  return Math.max(new Date(signed.expiresAt).getTime() - now - EXPIRY_MARGIN_MS, 0);
}

export function signedLogoUrlQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: queryKeys.organization.logoUrl(organizationId),
    queryFn: getSignedLogoUrl,
    staleTime: (query) => logoUrlStaleTime(query.state.data),
  });
}

export function useSignedLogoUrl(organizationId: string, hasLogo: boolean) {
  return useQuery({ ...signedLogoUrlQueryOptions(organizationId), enabled: hasLogo });
}

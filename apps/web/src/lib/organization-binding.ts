import type { ApiError } from './api-error';

/**
 * The organisation this tab shows, named on every call as `X-Kontor-Organization` (issue 55).
 * The session's current organisation is shared by all tabs; the server refuses a call named for
 * another one with 409 `organization_mismatch`, so nothing is ever stored in an organisation the
 * person did not see. The tab then reloads: its route still names the organisation it showed,
 * and the entry guard switches the session back to it.
 */
export const ORGANIZATION_HEADER = 'X-Kontor-Organization';
export const ORGANIZATION_MISMATCH = 'organization_mismatch';
/** Long enough to read the message the caller shows (toast or dialog), short enough not to work on. */
export const RELOAD_AFTER_MISMATCH_MS = 4000;

let boundOrganizationId: string | null = null;
let isReloadScheduled = false;

/** Called by the organisation layout with the organisation it renders; null when it leaves. */
export function bindOrganization(organizationId: string | null): void {
  boundOrganizationId = organizationId;
}

/** The header for a call of this tab, or none outside an organisation's screens. */
export function organizationHeaders(): Record<string, string> {
  return boundOrganizationId ? { [ORGANIZATION_HEADER]: boundOrganizationId } : {};
}

/** After a refused call: reload once, a moment later, into the organisation the route names. */
export function handleOrganizationMismatch(error: ApiError, reload: () => void = () => globalThis.location.reload()): void {
  if (error.code !== ORGANIZATION_MISMATCH || isReloadScheduled) return;
  isReloadScheduled = true;
  setTimeout(reload, RELOAD_AFTER_MISMATCH_MS);
}

/** Test-only: forget the binding and a scheduled reload. */
export function resetOrganizationBindingForTests(): void {
  boundOrganizationId = null;
  isReloadScheduled = false;
}

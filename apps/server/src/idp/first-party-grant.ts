import type Provider from 'oidc-provider';

export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What the built-in provider can grant at all; anything else in a request is ignored. */
const SUPPORTED_SCOPES = new Set(['openid', 'email', 'profile']);

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Kontor is the provider's only client and a first-party one: users are never asked to consent
 * to sharing their e-mail with the app they are signing in to. This grants what the request
 * asked for (and what the consent prompt reports missing) and returns the grant's id for the
 * interaction result. An existing grant of the same account is extended, never replaced.
 */
export async function grantRequestedAccess(
  provider: Provider,
  interaction: InteractionDetails,
  accountId: string,
): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant =
    existing && existing.accountId === accountId && existing.clientId === clientId
      ? existing
      : new provider.Grant({ accountId, clientId });

  const requested = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ') : [];
  const scopes = requested.filter((scope) => SUPPORTED_SCOPES.has(scope));
  if (scopes.length > 0) grant.addOIDCScope(scopes);

  const details = interaction.prompt.details;
  const missingScopes = stringList(details.missingOIDCScope);
  if (missingScopes.length > 0) grant.addOIDCScope(missingScopes);
  const missingClaims = stringList(details.missingOIDCClaims);
  if (missingClaims.length > 0) grant.addOIDCClaims(missingClaims);
  const missingResourceScopes = details.missingResourceScopes;
  if (missingResourceScopes && typeof missingResourceScopes === 'object') {
    for (const [indicator, resourceScopes] of Object.entries(missingResourceScopes)) {
      grant.addResourceScope(indicator, stringList(resourceScopes));
    }
  }
  return grant.save();
}

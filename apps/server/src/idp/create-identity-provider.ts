import { hkdfSync } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { findIdentityAccountById } from './identity-accounts';
import { createPostgresAdapterFactory } from './postgres-adapter';
import { createProviderPages } from './provider-pages';
import type { SigningJwk } from './signing-keys';

export type BuiltinOidcConfig = Extract<Config['oidc'], { kind: 'builtin' }>;

export interface IdentityProviderSetup {
  publicUrl: string;
  oidc: BuiltinOidcConfig;
  sessionSecret: string;
  isProduction: boolean;
  database: Database;
  signingKeys: readonly SigningJwk[];
}

/** The authorization parameter by which Kontor opens the sign-up page instead of sign-in. */
export const SCREEN_PARAM = 'screen';
export const SCREENS = ['sign-in', 'sign-up'] as const;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The path the provider lives under (`/idp`), from the issuer. */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

/**
 * Cookie signing keys derived from the session secret rather than the secret itself, so the
 * provider's cookies and the app's own signed cookies never share key material.
 */
function deriveCookieKeys(sessionSecret: string): string[] {
  const key = hkdfSync('sha256', sessionSecret, 'kontor-idp', 'oidc-provider cookie keys', 32);
  return [Buffer.from(key).toString('base64url')];
}

export function createIdentityProvider(setup: IdentityProviderSetup): Provider {
  const { publicUrl, oidc, database } = setup;
  const mountPath = issuerPath(oidc.issuer);
  const pages = createProviderPages(`${publicUrl}/`);

  const configuration: Configuration = {
    adapter: createPostgresAdapterFactory(database),
    jwks: { keys: [...setup.signingKeys] },
    clients: [
      {
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        client_name: 'Kontor',
        redirect_uris: [`${publicUrl}/auth-callback`],
        post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/session-expired`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    // Kontor reads the user from the id_token; the OIDC default would move scope claims to userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findIdentityAccountById(database, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
          ...(account.locale ? { locale: account.locale } : {}),
        }),
      };
    },
    extraParams: {
      [SCREEN_PARAM](_ctx: KoaContextWithOIDC, value: string | undefined) {
        if (value !== undefined && !(SCREENS as readonly string[]).includes(value)) {
          throw new errors.InvalidRequest(`${SCREEN_PARAM} must be one of ${SCREENS.join(', ')}`);
        }
      },
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
    },
    renderError: pages.renderError,
    cookies: {
      keys: deriveCookieKeys(setup.sessionSecret),
      // The session cookie only needs to reach the provider, not every /api call.
      long: { httpOnly: true, sameSite: 'lax', path: mountPath || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: HOUR,
      IdToken: HOUR,
      RefreshToken: 14 * DAY,
      ClientCredentials: 10 * MINUTE,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    // Kontor's server talks to the token endpoint, never a browser: no cross-origin calls.
    clientBasedCORS: () => false,
    discovery: { ui_locales_supported: ['de', 'en'] },
  };

  const provider = new Provider(oidc.issuer, configuration);
  // Behind a load balancer the scheme and host come from X-Forwarded-* (secure cookies, URLs).
  provider.proxy = setup.isProduction;
  return provider;
}

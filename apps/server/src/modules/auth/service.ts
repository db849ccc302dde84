import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AuthenticatedUser, Locale } from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import { sessionMeta } from '../../plugins/session';
import type { SessionRecord } from '../../plugins/session-store';
import type { OidcClient } from './oidc-client';
import { isMember, pickLandingOrganization, setCurrentOrganization, upsertUserFromClaims } from './repo';

/** The pending sign-in: kept in a signed, httpOnly cookie between /login and /authenticate. */
const AUTH_COOKIE = 'kontor_auth';
const AUTH_COOKIE_MAX_AGE_SECONDS = 15 * 60;

interface PendingSignIn {
  state: string;
  verifier: string;
  nonce: string;
}

/**
 * A stable key for a person at an identity provider. The built-in provider's issuer URL
 * follows PUBLIC_URL, which may change; its accounts are keyed as "builtin|<sub>".
 */
export function authSubjectOf(oidc: { kind: 'builtin' | 'external'; issuer: string }, sub: string): string {
  return `${oidc.kind === 'builtin' ? 'builtin' : oidc.issuer}|${sub}`;
}

export function toAuthenticatedUser(session: SessionRecord): AuthenticatedUser {
  const membership = session.membership;
  const locale = session.user.locale;
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    locale: locale === 'de' || locale === 'en' ? locale : null,
    role: membership?.role ?? 'user',
    organization: membership ? { id: membership.organizationId, slug: membership.slug, authId: membership.authId } : null,
    onboardingCompleted: membership?.onboardingCompleted ?? false,
    featureFlags: session.user.featureFlags,
  };
}

export class AuthService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly oidc: OidcClient,
  ) {}

  /** Builds the provider's authorization URL and remembers state, PKCE verifier and nonce. */
  async startSignIn(reply: FastifyReply, mode: 'sign-in' | 'sign-up', locale: Locale | undefined): Promise<string> {
    const configuration = await this.oidc.discover();
    const pending: PendingSignIn = {
      state: client.randomState(),
      verifier: client.randomPKCECodeVerifier(),
      nonce: client.randomNonce(),
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.oidc.redirectUri,
      scope: this.app.config.oidc.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    };
    if (locale) parameters.ui_locales = locale;
    if (mode === 'sign-up') {
      if (this.app.config.oidc.kind === 'builtin') parameters.screen = 'sign-up';
      else if (await this.oidc.supportsPromptCreate()) parameters.prompt = 'create';
    }
    reply.setCookie(AUTH_COOKIE, JSON.stringify(pending), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.app.config.isHttps,
      path: '/api/auth',
      maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
    });
    return client.buildAuthorizationUrl(configuration, parameters).href;
  }

  private readPending(request: FastifyRequest): PendingSignIn | null {
    const raw = request.cookies[AUTH_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const parsed = JSON.parse(unsigned.value) as Partial<PendingSignIn>;
      return parsed.state && parsed.verifier && parsed.nonce ? (parsed as PendingSignIn) : null;
    } catch {
      return null;
    }
  }

  /** Exchanges the code (PKCE, state, nonce checked) and opens a server-side session. */
  async authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { code?: string | undefined; state?: string | undefined; iss?: string | undefined },
  ): Promise<AuthenticatedUser> {
    if (!body.code) throw new AppError('auth_no_code');
    const pending = this.readPending(request);
    if (!pending || !body.state || body.state !== pending.state) throw new AppError('auth_invalid_state');
    // The pending sign-in is single-use whatever happens next.
    reply.clearCookie(AUTH_COOKIE, { path: '/api/auth' });

    const configuration = await this.oidc.discover();
    const callbackUrl = new URL(this.oidc.redirectUri);
    callbackUrl.searchParams.set('code', body.code);
    callbackUrl.searchParams.set('state', body.state);
    if (body.iss) callbackUrl.searchParams.set('iss', body.iss);

    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'code exchange failed');
      const isRejectedCode = error instanceof client.ResponseBodyError && error.error === 'invalid_grant';
      throw new AppError(isRejectedCode ? 'auth_code_rejected' : 'auth_failed', undefined, { cause: error });
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new AppError('auth_failed');
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    if (!email) throw new AppError('auth_failed');
    const name = typeof claims.name === 'string' ? claims.name : '';
    const claimedLocale = typeof claims.locale === 'string' ? claims.locale.slice(0, 2) : null;

    const { userId, organizationId } = await this.app.database.withSystem(async (tx) => {
      const user = await upsertUserFromClaims(tx, {
        authSubject: authSubjectOf(this.app.config.oidc, claims.sub),
        email,
        name,
        locale: claimedLocale === 'de' || claimedLocale === 'en' ? claimedLocale : null,
      });
      return { userId: user.id, organizationId: await pickLandingOrganization(tx, user.id, user.currentOrganizationId) };
    });
    return this.openSession(request, reply, userId, organizationId, tokens.id_token ?? null);
  }

  private async openSession(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    organizationId: string | null,
    idToken: string | null,
  ): Promise<AuthenticatedUser> {
    const created = await this.app.sessions.create(userId, organizationId, idToken, sessionMeta(request));
    return this.finishSession(reply, created);
  }

  private async finishSession(
    reply: FastifyReply,
    created: { raw: string; absoluteExpiresAt: Date },
  ): Promise<AuthenticatedUser> {
    this.app.sessionCookie.set(reply, created.raw, created.absoluteExpiresAt);
    const session = await this.app.sessions.load(created.raw);
    if (!session) throw new AppError('auth_failed');
    return toAuthenticatedUser(session);
  }

  /** Rotates the session id; with an organisation id, also moves the session there. */
  async refresh(request: FastifyRequest, reply: FastifyReply, organizationId: string | undefined): Promise<AuthenticatedUser> {
    const session = request.session;
    if (!session) throw new AppError('auth_refresh_failed');
    const target = organizationId ?? session.organizationId;
    if (organizationId) await this.assertMember(session.userId, organizationId);
    const created = await this.app.sessions.rotate(session, target, sessionMeta(request));
    return this.finishSession(reply, created);
  }

  async switchOrganization(request: FastifyRequest, reply: FastifyReply, organizationId: string): Promise<AuthenticatedUser> {
    const session = request.session;
    if (!session) throw new AppError('unauthenticated');
    await this.assertMember(session.userId, organizationId);
    // A new organisation means new rights: issue a new session id (no fixation across privilege change).
    const created = await this.app.sessions.rotate(session, organizationId, sessionMeta(request));
    return this.finishSession(reply, created);
  }

  /** Moves the signed-in user into an organisation just created for them. */
  async enterOrganization(request: FastifyRequest, reply: FastifyReply, organizationId: string): Promise<AuthenticatedUser> {
    return this.switchOrganization(request, reply, organizationId);
  }

  private async assertMember(userId: string, organizationId: string): Promise<void> {
    const allowed = await this.app.database.withSystem(async (tx) => {
      if (!(await isMember(tx, userId, organizationId))) return false;
      await setCurrentOrganization(tx, userId, organizationId);
      return true;
    });
    if (!allowed) throw new AppError('organization_not_found');
  }

  /** Ends the session; returns the provider's end-session URL when it has one. */
  async logout(request: FastifyRequest, reply: FastifyReply, returnTo: string | undefined): Promise<{ logoutUrl?: string }> {
    const session = request.session;
    this.app.sessionCookie.clear(reply);
    if (!session) return {};
    await this.app.sessions.destroy(session.idHash);
    const configuration = await this.oidc.discover().catch(() => null);
    if (!configuration?.serverMetadata().end_session_endpoint) return {};
    const parameters: Record<string, string> = {
      post_logout_redirect_uri: this.safeReturnTo(returnTo),
      client_id: this.app.config.oidc.clientId,
    };
    if (session.idToken) parameters.id_token_hint = session.idToken;
    return { logoutUrl: client.buildEndSessionUrl(configuration, parameters).href };
  }

  /**
   * Only the two addresses registered with the provider as post-logout targets;
   * anything else (another site: an open redirect would help phishing) falls back to /.
   */
  private safeReturnTo(returnTo: string | undefined): string {
    const base = this.app.config.publicUrl;
    const allowed = [`${base}/`, `${base}/session-expired`];
    if (!returnTo) return `${base}/`;
    try {
      const url = new URL(returnTo, base);
      const candidate = `${url.origin}${url.pathname}`;
      return allowed.includes(candidate) ? candidate : `${base}/`;
    } catch {
      return `${base}/`;
    }
  }
}

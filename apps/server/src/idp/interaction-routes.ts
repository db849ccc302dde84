import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Provider } from 'oidc-provider';
import { statusForError, type ErrorCode, type Locale } from '@kontor/domain';
import { isAppError } from '../lib/app-error';
import { translateError } from '../lib/i18n';
import { access } from '../plugins/access';
import { SCREEN_PARAM } from './create-identity-provider';
import { grantRequestedAccess, type InteractionDetails } from './first-party-grant';
import { createIdentityAccount } from './identity-accounts';
import {
  acceptOnlyUrlEncodedForms,
  interactionParamsSchema,
  interactionQuerySchema,
  isValidEmail,
  signInFormSchema,
  signUpFormSchema,
} from './interaction-forms';
import { recordLoginFailure, secondsUntilLoginAllowed, signInWithPassword } from './login-rate-limit';
import type { RenderedPage } from './page-layout';
import { LOCALE_COOKIE, resolvePageLocale } from './page-locale';
import { PAGE_TEXTS } from './page-texts';
import { renderInteractionPage, renderMessagePage, type Screen } from './pages';

export interface InteractionRoutesOptions {
  provider: Provider;
  /** `/idp`: the provider's path, the prefix these routes are registered under. */
  mountPath: string;
}

const PUBLIC = { access: access.public };

/** Failures that tell nothing about which account exists (sign-up probing by IP only). */
const NO_EMAIL = '';

function sendPage(reply: FastifyReply, status: number, page: RenderedPage): FastifyReply {
  return reply.status(status).headers(page.headers).send(page.html);
}

/**
 * The sign-in and sign-up pages of an interaction (the step oidc-provider hands to us when the
 * user must authenticate) and their form posts. On success the interaction result goes back to
 * oidc-provider, which continues the authorization request and redirects to Kontor.
 */
export async function interactionRoutes(scope: FastifyInstance, options: InteractionRoutesOptions): Promise<void> {
  const { provider, mountPath } = options;
  const { config, database } = scope;
  const homeUrl = `${config.publicUrl}/`;

  acceptOnlyUrlEncodedForms(scope);

  function localeFor(request: FastifyRequest, interaction: InteractionDetails | null, explicit?: unknown): Locale {
    return resolvePageLocale({
      explicit,
      uiLocales: interaction?.params.ui_locales,
      cookie: request.cookies[LOCALE_COOKIE],
      acceptLanguage: request.headers['accept-language'],
    });
  }

  /** The interaction this browser is in, or null when its cookie or record is gone or expired. */
  async function loadInteraction(request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | null> {
    const params = interactionParamsSchema.safeParse(request.params);
    if (!params.success) return null;
    const { uid } = params.data;
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      // The cookie is scoped to its own interaction's path; a mismatch means a stale tab.
      return interaction.uid === uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  function sendExpired(request: FastifyRequest, reply: FastifyReply, explicit?: unknown): FastifyReply {
    const locale = localeFor(request, null, explicit);
    const page = renderMessagePage({
      locale,
      homeUrl,
      title: PAGE_TEXTS[locale].expiredTitle,
      message: translateError('idp_interaction_expired', locale),
    });
    return sendPage(reply, statusForError('idp_interaction_expired'), page);
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) {
    // interactionResult (not interactionFinished) so that Fastify, not oidc-provider, writes the redirect.
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.redirect(returnTo, 303);
  }

  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, interaction: InteractionDetails, accountId: string) {
    const grantId = await grantRequestedAccess(provider, interaction, accountId);
    return finish(request, reply, { login: { accountId, amr: ['pwd'] }, consent: { grantId } });
  }

  function isFirstPartyClient(interaction: InteractionDetails): boolean {
    return interaction.params.client_id === config.oidc.clientId;
  }

  const pageInput = (interaction: InteractionDetails, locale: Locale, screen: Screen) => ({
    locale,
    screen,
    interactionPath: `${mountPath}/interaction/${interaction.uid}`,
    homeUrl,
  });

  scope.get('/interaction/:uid', { config: PUBLIC }, async (request, reply) => {
    const query = interactionQuerySchema.parse(request.query ?? {});
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(request, reply, query.lang);

    if (interaction.prompt.name !== 'login') {
      // Consent for the first-party client is implied (see grantRequestedAccess); nothing to show.
      const accountId = interaction.session?.accountId;
      if (interaction.prompt.name !== 'consent' || !accountId || !isFirstPartyClient(interaction)) {
        return finish(request, reply, { error: 'access_denied', error_description: 'this request cannot be granted' });
      }
      const grantId = await grantRequestedAccess(provider, interaction, accountId);
      return finish(request, reply, { consent: { grantId } });
    }

    const requestedScreen = interaction.params[SCREEN_PARAM] === 'sign-up' ? 'sign-up' : 'sign-in';
    const screen = query.screen ?? requestedScreen;
    const locale = localeFor(request, interaction, query.lang);
    const loginHint = interaction.params.login_hint;
    const email = typeof loginHint === 'string' && isValidEmail(loginHint) ? loginHint : undefined;
    return sendPage(reply, 200, renderInteractionPage({ ...pageInput(interaction, locale, screen), email }));
  });

  scope.post('/interaction/:uid/login', { config: PUBLIC }, async (request, reply) => {
    const form = signInFormSchema.parse(request.body ?? {});
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(request, reply, form.lang);
    if (interaction.prompt.name !== 'login') return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);

    const locale = localeFor(request, interaction, form.lang);
    const fail = (code: ErrorCode, params?: Record<string, number>) =>
      sendPage(
        reply,
        statusForError(code),
        renderInteractionPage({
          ...pageInput(interaction, locale, 'sign-in'),
          email: form.email,
          error: translateError(code, locale, params),
        }),
      );

    if (!form.email || !form.password) return fail('idp_invalid_credentials');
    const outcome = await signInWithPassword(database, config.login, {
      email: form.email,
      password: form.password,
      ip: request.ip,
    });
    if (outcome.kind === 'rate-limited') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return fail('rate_limited', { seconds: outcome.retryAfterSeconds });
    }
    if (outcome.kind === 'invalid') return fail('idp_invalid_credentials');
    return finishSignIn(request, reply, interaction, outcome.account.id);
  });

  scope.post('/interaction/:uid/sign-up', { config: PUBLIC }, async (request, reply) => {
    const form = signUpFormSchema.parse(request.body ?? {});
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(request, reply, form.lang);
    if (interaction.prompt.name !== 'login') return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);

    const locale = localeFor(request, interaction, form.lang);
    const fail = (status: number, error: string) =>
      sendPage(
        reply,
        status,
        renderInteractionPage({ ...pageInput(interaction, locale, 'sign-up'), email: form.email, name: form.name, error }),
      );

    if (!isValidEmail(form.email)) return fail(statusForError('validation_failed'), PAGE_TEXTS[locale].invalidEmail);
    // Sign-up answers "exists" by design, so probing many addresses is limited per IP.
    const retryAfterSeconds = await secondsUntilLoginAllowed(database.db, config.login, { ip: request.ip });
    if (retryAfterSeconds > 0) {
      reply.header('retry-after', String(retryAfterSeconds));
      return fail(statusForError('rate_limited'), translateError('rate_limited', locale, { seconds: retryAfterSeconds }));
    }

    try {
      const account = await createIdentityAccount(database, {
        email: form.email,
        password: form.password,
        name: form.name,
        locale,
      });
      return await finishSignIn(request, reply, interaction, account.id);
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.code === 'idp_account_exists') {
        await recordLoginFailure(database.db, config.login, { email: NO_EMAIL, ip: request.ip });
      }
      return fail(error.status, translateError(error.code, locale, error.params));
    }
  });

  /** Errors on these pages are pages too (the browser shows them), not JSON. */
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const frameworkCodes: Record<string, ErrorCode> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
    };
    const code: ErrorCode = isAppError(error) ? error.code : (frameworkCodes[error.code] ?? 'internal');
    if (code === 'internal') request.log.error({ err: error }, 'identity provider page failed');
    const locale = localeFor(request, null);
    const page = renderMessagePage({
      locale,
      homeUrl,
      title: PAGE_TEXTS[locale].errorTitle,
      message: translateError(code, locale),
    });
    return sendPage(reply, statusForError(code), page);
  });
}

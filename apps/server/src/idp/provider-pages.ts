import type { Locale } from '@kontor/domain';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { translateError } from '../lib/i18n';
import type { RenderedPage } from './page-layout';
import { LOCALE_COOKIE, readCookie, resolvePageLocale } from './page-locale';
import { PAGE_TEXTS } from './page-texts';
import { renderLogoutPage, renderMessagePage } from './pages';

/**
 * The pages oidc-provider renders itself (Koa context, not Fastify): logout confirmation,
 * signed-out notice and errors, in the same look and languages as the interaction pages.
 */

function localeOf(ctx: KoaContextWithOIDC): Locale {
  // ctx.oidc exists only on the provider's own routes, and params only once they were parsed.
  const params = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params;
  return resolvePageLocale({
    uiLocales: params?.ui_locales,
    cookie: readCookie(ctx.get('cookie'), LOCALE_COOKIE),
    acceptLanguage: ctx.get('accept-language'),
  });
}

function send(ctx: KoaContextWithOIDC, page: RenderedPage): void {
  for (const [name, value] of Object.entries(page.headers)) ctx.set(name, value);
  ctx.body = page.html;
}

export function createProviderPages(homeUrl: string) {
  return {
    /**
     * Kontor sends its id_token along when the user signs out (id_token_hint), which proves the
     * request came from it: then the page signs out at once. Without it (a link from elsewhere)
     * the user confirms, so that no other site can sign them out by sending them here.
     */
    async logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
      const isAutomatic = Boolean(ctx.oidc.entities.IdTokenHint);
      send(ctx, renderLogoutPage({ locale: localeOf(ctx), homeUrl, form, isAutomatic }));
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
      const locale = localeOf(ctx);
      const t = PAGE_TEXTS[locale];
      send(ctx, renderMessagePage({ locale, homeUrl, title: t.loggedOutTitle, message: t.loggedOutText }));
    },

    /**
     * Errors shown to the browser (the token endpoint answers JSON, not this). Lost or expired
     * sign-in state is the common case and gets the "start again" text; anything else the
     * generic message with the OAuth error code as small print for support.
     */
    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: Error): Promise<void> {
      const locale = localeOf(ctx);
      const t = PAGE_TEXTS[locale];
      const description = `${out.error_description ?? ''} ${error.message}`;
      const isExpired = /expired|not found|session/i.test(description);
      send(
        ctx,
        renderMessagePage({
          locale,
          homeUrl,
          title: isExpired ? t.expiredTitle : t.errorTitle,
          message: translateError(isExpired ? 'idp_interaction_expired' : 'internal', locale),
          detail: out.error,
        }),
      );
    },
  };
}

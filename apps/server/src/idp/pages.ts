import type { Locale } from '@kontor/domain';
import { MIN_PASSWORD_LENGTH } from './identity-accounts';
import { escapeHtml, renderPage, type RenderedPage } from './page-layout';
import { fillText, PAGE_TEXTS } from './page-texts';

export type Screen = 'sign-in' | 'sign-up';

export interface InteractionPageInput {
  locale: Locale;
  screen: Screen;
  /** `/idp/interaction/<uid>`: the page's own path; the forms post below it. */
  interactionPath: string;
  homeUrl: string;
  /** Kept across a failed attempt so that the user need not type it again. */
  email?: string | undefined;
  name?: string | undefined;
  /** An already translated message. */
  error?: string | undefined;
}

export function interactionPageHref(interactionPath: string, screen: Screen, locale?: Locale): string {
  const query = new URLSearchParams({ screen });
  if (locale) query.set('lang', locale);
  return `${interactionPath}?${query.toString()}`;
}

function alert(error: string | undefined): string {
  return error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : '';
}

function signInBody(input: InteractionPageInput): string {
  const t = PAGE_TEXTS[input.locale];
  return `<h1>${escapeHtml(t.signInTitle)}</h1>
<p class="lead">${escapeHtml(t.signInLead)}</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(`${input.interactionPath}/login`)}" novalidate>
<input type="hidden" name="lang" value="${input.locale}">
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"${input.email ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${input.email ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>
<p class="switch">${escapeHtml(t.noAccount)} <a href="${escapeHtml(interactionPageHref(input.interactionPath, 'sign-up', input.locale))}">${escapeHtml(t.toSignUp)}</a></p>`;
}

function signUpBody(input: InteractionPageInput): string {
  const t = PAGE_TEXTS[input.locale];
  return `<h1>${escapeHtml(t.signUpTitle)}</h1>
<p class="lead">${escapeHtml(t.signUpLead)}</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(`${input.interactionPath}/sign-up`)}" novalidate>
<input type="hidden" name="lang" value="${input.locale}">
<label for="name">${escapeHtml(t.name)} <span class="hint">(${escapeHtml(t.optional)})</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(input.name ?? '')}" autofocus>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-help">
<p class="help" id="password-help">${escapeHtml(fillText(t.passwordHint, { min: MIN_PASSWORD_LENGTH }))}</p>
<button type="submit">${escapeHtml(t.createAccount)}</button>
</form>
<p class="switch">${escapeHtml(t.haveAccount)} <a href="${escapeHtml(interactionPageHref(input.interactionPath, 'sign-in', input.locale))}">${escapeHtml(t.toSignIn)}</a></p>`;
}

/** The sign-in or sign-up form of one interaction. */
export function renderInteractionPage(input: InteractionPageInput): RenderedPage {
  const t = PAGE_TEXTS[input.locale];
  const isSignUp = input.screen === 'sign-up';
  return renderPage({
    locale: input.locale,
    title: isSignUp ? t.signUpTitle : t.signInTitle,
    body: isSignUp ? signUpBody(input) : signInBody(input),
    homeUrl: input.homeUrl,
    languageSwitch: {
      current: input.locale,
      hrefFor: (locale) => interactionPageHref(input.interactionPath, input.screen, locale),
    },
  });
}

export interface MessagePageInput {
  locale: Locale;
  title: string;
  message: string;
  homeUrl: string;
  /** Small print under the message, such as an OAuth error code for support. */
  detail?: string | undefined;
}

/** A dead end with a way back: expired sign-in, errors, signed out. */
export function renderMessagePage(input: MessagePageInput): RenderedPage {
  const t = PAGE_TEXTS[input.locale];
  const detail = input.detail ? `<p class="help"><code>${escapeHtml(input.detail)}</code></p>` : '';
  return renderPage({
    locale: input.locale,
    title: input.title,
    body: `<h1>${escapeHtml(input.title)}</h1>
<p class="lead">${escapeHtml(input.message)}</p>
${detail}
<a class="button" href="${escapeHtml(input.homeUrl)}">${escapeHtml(t.backToKontor)}</a>`,
    homeUrl: input.homeUrl,
  });
}

export interface LogoutPageInput {
  locale: Locale;
  homeUrl: string;
  /** oidc-provider's form (`id="op.logoutForm"`, with the xsrf field); its buttons live outside it. */
  form: string;
  /** Sign out at once: the request proved it came from our relying party (id_token_hint). */
  isAutomatic: boolean;
}

const AUTO_SUBMIT_SCRIPT =
  "document.addEventListener('DOMContentLoaded',function(){document.getElementById('logout-yes').click()});";

/** RP-initiated logout: asks, or signs out at once when Kontor itself sent the user here. */
export function renderLogoutPage(input: LogoutPageInput): RenderedPage {
  const t = PAGE_TEXTS[input.locale];
  const heading = input.isAutomatic ? t.loggingOut : t.logoutQuestion;
  return renderPage({
    locale: input.locale,
    title: t.logoutTitle,
    body: `<h1>${escapeHtml(heading)}</h1>
${input.form}
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.logoutYes)}</button>
${input.isAutomatic ? '' : `<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button>`}`,
    homeUrl: input.homeUrl,
    script: input.isAutomatic ? AUTO_SUBMIT_SCRIPT : undefined,
  });
}

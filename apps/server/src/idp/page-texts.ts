import type { Locale } from '@kontor/domain';

/**
 * Every word on the provider's own pages. Error messages come from the shared error catalogue
 * (translateError); these are the labels around them. Typing both languages against one
 * interface makes the compiler fail when a key is missing in either (ARCHITECTURE §3.10).
 */
export interface PageTexts {
  languageName: string;
  signInTitle: string;
  signInLead: string;
  email: string;
  password: string;
  signIn: string;
  noAccount: string;
  toSignUp: string;
  signUpTitle: string;
  signUpLead: string;
  name: string;
  optional: string;
  passwordHint: string;
  createAccount: string;
  haveAccount: string;
  toSignIn: string;
  invalidEmail: string;
  expiredTitle: string;
  backToKontor: string;
  errorTitle: string;
  logoutTitle: string;
  logoutQuestion: string;
  logoutYes: string;
  logoutNo: string;
  loggingOut: string;
  loggedOutTitle: string;
  loggedOutText: string;
  continue: string;
}

export const PAGE_TEXTS: Record<Locale, PageTexts> = {
  en: {
    languageName: 'English',
    signInTitle: 'Sign in to Kontor',
    signInLead: 'Welcome back. Sign in with your e-mail and password.',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    noAccount: 'No account yet?',
    toSignUp: 'Sign up',
    signUpTitle: 'Create your Kontor account',
    signUpLead: 'It takes less than a minute.',
    name: 'Name',
    optional: 'optional',
    passwordHint: 'At least {{min}} characters.',
    createAccount: 'Create account',
    haveAccount: 'Already have an account?',
    toSignIn: 'Sign in',
    invalidEmail: 'Please enter a valid e-mail address.',
    expiredTitle: 'Sign-in expired',
    backToKontor: 'Back to Kontor',
    errorTitle: 'Something went wrong',
    logoutTitle: 'Sign out',
    logoutQuestion: 'Do you want to sign out of Kontor?',
    logoutYes: 'Sign out',
    logoutNo: 'Stay signed in',
    loggingOut: 'Signing you out…',
    loggedOutTitle: 'Signed out',
    loggedOutText: 'You have been signed out of Kontor.',
    continue: 'Continue',
  },
  de: {
    languageName: 'Deutsch',
    signInTitle: 'Bei Kontor anmelden',
    signInLead: 'Willkommen zurück. Melden Sie sich mit E-Mail und Passwort an.',
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    noAccount: 'Noch kein Konto?',
    toSignUp: 'Registrieren',
    signUpTitle: 'Ihr Kontor-Konto erstellen',
    signUpLead: 'Das dauert weniger als eine Minute.',
    name: 'Name',
    optional: 'optional',
    passwordHint: 'Mindestens {{min}} Zeichen.',
    createAccount: 'Konto erstellen',
    haveAccount: 'Sie haben schon ein Konto?',
    toSignIn: 'Anmelden',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    expiredTitle: 'Anmeldung abgelaufen',
    backToKontor: 'Zurück zu Kontor',
    errorTitle: 'Etwas ist schiefgelaufen',
    logoutTitle: 'Abmelden',
    logoutQuestion: 'Möchten Sie sich von Kontor abmelden?',
    logoutYes: 'Abmelden',
    logoutNo: 'Angemeldet bleiben',
    loggingOut: 'Sie werden abgemeldet …',
    loggedOutTitle: 'Abgemeldet',
    loggedOutText: 'Sie wurden von Kontor abgemeldet.',
    continue: 'Weiter',
  },
};

export function fillText(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** The built-in OpenID provider at /idp (ARCHITECTURE §1 "identity"). */
export { identityProviderPlugin } from './identity-provider-plugin';
export {
  createIdentityAccount,
  ensureIdentityAccount,
  findIdentityAccountByEmail,
  findIdentityAccountById,
  verifyIdentityPassword,
  normalizeEmail,
  MIN_PASSWORD_LENGTH,
  type IdentityAccount,
  type NewIdentityAccount,
} from './identity-accounts';
export { purgeExpiredOidcPayloads } from './postgres-adapter';
export { purgeLoginFailures } from './login-rate-limit';
export { SCREEN_PARAM, SCREENS } from './create-identity-provider';

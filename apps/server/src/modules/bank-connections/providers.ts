import type { Config } from '../../config';
import { createGoCardlessProvider } from './gocardless/gocardless-provider';
import type { BankDataProvider } from './provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { sandboxApiKey } from './sandbox/sandbox-wire';

/** The provider BANK_PROVIDER names: the built-in sandbox bank by default, GoCardless with its secrets. */
export function createBankDataProvider(config: Pick<Config, 'bank' | 'session'>): BankDataProvider {
  const bank = config.bank;
  if (bank.provider === 'gocardless') {
    return createGoCardlessProvider({ baseUrl: bank.baseUrl, secretId: bank.secretId, secretKey: bank.secretKey });
  }
  return createSandboxProvider({ baseUrl: bank.sandboxUrl, apiKey: sandboxApiKey(config.session.secret) });
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createBankDataProvider } from './providers';

describe('the bank-data provider by configuration', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bank-config-'));
  const base = { KONTOR_DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://kontor.example.com/' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is the built-in sandbox bank by default, on this server', () => {
    const config = loadConfig(base);
    expect(config.bank).toEqual({ provider: 'sandbox', sandboxUrl: 'https://kontor.example.com/sandbox-bank' });
    expect(createBankDataProvider(config).kind).toBe('sandbox');
    expect(loadConfig({ ...base, SANDBOX_BANK_URL: 'http://127.0.0.1:3000/sandbox-bank/' }).bank).toMatchObject({
      sandboxUrl: 'http://127.0.0.1:3000/sandbox-bank',
    });
  });

  it('is GoCardless when named, and refuses to start without its secrets', () => {
    expect(() => loadConfig({ ...base, BANK_PROVIDER: 'gocardless' })).toThrow(ConfigError);
    const config = loadConfig({ ...base, BANK_PROVIDER: 'gocardless', GOCARDLESS_SECRET_ID: 'id', GOCARDLESS_SECRET_KEY: 'key' });
    expect(config.bank).toEqual({
      provider: 'gocardless',
      baseUrl: 'https://bankaccountdata.gocardless.com/api/v2/',
      secretId: 'id',
      secretKey: 'key',
    });
    expect(createBankDataProvider(config).kind).toBe('gocardless');
    expect(() => loadConfig({ ...base, BANK_PROVIDER: 'plaid' })).toThrow(ConfigError);
  });
});

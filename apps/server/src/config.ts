import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Environment → typed configuration. Every variable and its default is listed in the
 * README's configuration table; keep the two in step.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KONTOR_DATA_DIR: z.string().default('.kontor'),
  KONTOR_ROLES: z.string().default('api,worker'),
  /** How many api processes share the port (node:cluster); default one per core, at most 4. */
  KONTOR_API_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  KONTOR_DEMO: flag.default(true),
  KONTOR_WEB_DIST: z.string().optional(),
  KONTOR_PG_PORT: z.coerce.number().int().default(54329),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  /** Shared connections per process for short reads (db/shared-readers.ts); default: cores per api process. */
  DATABASE_SHARED_READ_CONNECTIONS: z.coerce.number().int().min(1).max(64).optional(),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(1).default(60),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(1).default(5),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('eu-central-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kontor <no-reply@kontor.localhost>'),
  /** Shared secret of POST /api/webhooks/mail-events (HMAC-SHA256); unset = no webhook. */
  MAIL_WEBHOOK_SECRET: z.string().min(16).optional(),
  SIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  /** How long a team invitation's link works (issue 67). */
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  INVOICE_READING: flag.default(true),
  MAIL_DOMAIN: z.string().trim().toLowerCase().min(1).default('import.kontor.localhost'),
  SMTP_IMPORT_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  SMTP_IMPORT_HOST: z.string().default('0.0.0.0'),
  VAT_CHECK: flag.default(true),
  VIES_URL: z.string().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  /** Largest bank file upload (pain.001 / camt.053) in MB; a 100,000-entry camt.053 is about 60 MB. */
  BANK_FILE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  /** Lifetime of the download link an export's "send to me by e-mail" mails (S3 allows up to 7 days). */
  EXPORT_MAIL_LINK_HOURS: z.coerce.number().int().min(1).max(168).default(72),
  /**
   * Largest zip an export writes: fflate writes no ZIP64, so 4 GiB − 1 is the format's hard limit;
   * 2 GiB by default because many unzip tools (and Windows' own) fail on larger plain zips.
   */
  EXPORT_ZIP_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(4 * 1024 ** 3 - 1)
    .default(2 * 1024 ** 3),
  /** Where bank data comes from (issue 60): the built-in sandbox bank or GoCardless Bank Account Data. */
  BANK_PROVIDER: z.enum(['sandbox', 'gocardless']).default('sandbox'),
  /** The sandbox bank as the server reaches it; default PUBLIC_URL/sandbox-bank (it serves it itself). */
  SANDBOX_BANK_URL: z.string().url().optional(),
  GOCARDLESS_URL: z.string().url().default('https://bankaccountdata.gocardless.com/api/v2/'),
  GOCARDLESS_SECRET_ID: z.string().min(1).optional(),
  GOCARDLESS_SECRET_KEY: z.string().min(1).optional(),
});

export type Role = 'api' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  isHttps: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  roles: ReadonlySet<Role>;
  /** api processes `npm start` runs on the port (1: this process serves alone); see cluster.ts. */
  apiProcesses: number;
  demo: boolean;
  webDist: string;
  database: {
    url: string | undefined;
    embeddedPort: number;
    poolSize: number;
    sharedReadConnections: number;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
  };
  session: { secret: string; idleMinutes: number; absoluteDays: number };
  bodyLimitBytes: number;
  /** Reverse proxies in front of Kontor whose X-Forwarded-For is trusted (client IPs for rate limits). */
  trustProxyHops: number;
  oidc:
    | { kind: 'builtin'; issuer: string; clientId: string; clientSecret: string; scopes: string }
    | { kind: 'external'; issuer: string; clientId: string; clientSecret: string | undefined; scopes: string };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  mail: { smtpUrl: string | undefined; from: string };
  signedUrlTtlSeconds: number;
  invitationTtlDays: number;
  login: { maxFailures: number; windowMinutes: number };
  /** Reading uploaded and imported documents (e-invoice, text layer, OCR); off = typed by hand. */
  reading: { enabled: boolean };
  /** E-mail import: `<slug>@<domain>`, received by the built-in SMTP listener (port 0 = off). */
  mailImport: { domain: string; port: number; host: string };
  /**
   * What becomes of sent mail (issue 66 item 4): the domain of the bounce address
   * `bounce+<mail id>@<domain>` sent mail carries as its envelope sender, and the secret of the
   * provider webhook; either undefined = off.
   */
  mailEvents: { bounceDomain: string | undefined; webhookSecret: string | undefined };
  /** VAT numbers asked at the EU's VIES REST API (SPEC §4); off = checked for their format only. */
  vatCheck: { enabled: boolean; viesUrl: string; timeoutMs: number };
  /** Bank file uploads (issue 7 item 5): the size limit of one file. */
  bankFileImport: { maxBytes: number };
  /** Accounting exports (issue 41): how long a mailed download link works, the largest zip (issue 58). */
  exports: { mailLinkTtlSeconds: number; zipMaxBytes: number };
  /** Bank connections (issue 60): which provider, and where it is. */
  bank: BankConfig;
}

export type BankConfig =
  { provider: 'sandbox'; sandboxUrl: string } | { provider: 'gocardless'; baseUrl: string; secretId: string; secretKey: string };

/** A secret kept in the data folder so that sessions survive restarts without configuration. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * One api process per core by default: one Node.js process serves requests on one core, and the
 * list pages cost the API about as much CPU as PostgreSQL. On a 2-core machine a second process
 * served 3–40 % more pages per second at a 10–30 % lower median (alternating runs on the
 * seed:large data); the p99 stayed within the machine's noise. At most 4 unless configured: each
 * process holds its own connection pools and ~100 MB, and PostgreSQL needs the other cores.
 */
const MAX_DEFAULT_API_PROCESSES = 4;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.KONTOR_DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const roles = new Set(
    e.KONTOR_ROLES.split(',')
      .map((role) => role.trim())
      .filter((role): role is Role => role === 'api' || role === 'worker'),
  );
  const apiProcesses = e.KONTOR_API_PROCESSES ?? Math.min(os.availableParallelism(), MAX_DEFAULT_API_PROCESSES);

  const oidc: Config['oidc'] = e.OIDC_ISSUER
    ? {
        kind: 'external',
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID ?? 'kontor',
        clientSecret: e.OIDC_CLIENT_SECRET,
        scopes: e.OIDC_SCOPES,
      }
    : {
        kind: 'builtin',
        issuer: `${publicUrl}/idp`,
        clientId: 'kontor-web',
        clientSecret: e.OIDC_CLIENT_SECRET ?? persistedSecret(dataDir, 'oidc-client-secret'),
        scopes: e.OIDC_SCOPES,
      };

  const bank = bankConfig(e, publicUrl);

  const storage: Config['storage'] = e.S3_BUCKET
    ? {
        kind: 's3',
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', dir: path.join(dataDir, 'files') };

  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    dataDir,
    roles,
    apiProcesses,
    demo: e.KONTOR_DEMO,
    webDist: path.resolve(e.KONTOR_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    database: {
      url: e.DATABASE_URL,
      embeddedPort: e.KONTOR_PG_PORT,
      poolSize: e.DATABASE_POOL_SIZE,
      // More shared connections than cores for them only split the queues PostgreSQL works off:
      // on 2 cores with 2 api processes one each measured best (VAT-start search p99 23 ms against
      // 28 ms with two each, PostgreSQL 0.41 against 0.45 ms per request).
      sharedReadConnections:
        e.DATABASE_SHARED_READ_CONNECTIONS ?? Math.max(1, Math.round(os.availableParallelism() / apiProcesses)),
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    },
    session: {
      secret: e.SESSION_SECRET ?? persistedSecret(dataDir, 'session-secret'),
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteDays: e.SESSION_ABSOLUTE_DAYS,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (e.NODE_ENV === 'production' ? 1 : 0),
    oidc,
    storage,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
    invitationTtlDays: e.INVITATION_TTL_DAYS,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMinutes: e.LOGIN_WINDOW_MINUTES },
    reading: { enabled: e.INVOICE_READING },
    mailImport: { domain: e.MAIL_DOMAIN, port: e.SMTP_IMPORT_PORT, host: e.SMTP_IMPORT_HOST },
    mailEvents: {
      // Only a domain someone set: bounces to the default import.kontor.localhost would reach
      // nobody, and relays refuse senders of domains that do not resolve.
      bounceDomain: env.MAIL_DOMAIN?.trim() && e.SMTP_IMPORT_PORT > 0 ? e.MAIL_DOMAIN : undefined,
      webhookSecret: e.MAIL_WEBHOOK_SECRET,
    },
    vatCheck: { enabled: e.VAT_CHECK, viesUrl: e.VIES_URL.replace(/\/$/, ''), timeoutMs: 10_000 },
    bankFileImport: { maxBytes: e.BANK_FILE_MAX_MB * 1024 * 1024 },
    exports: { mailLinkTtlSeconds: e.EXPORT_MAIL_LINK_HOURS * 3600, zipMaxBytes: e.EXPORT_ZIP_MAX_BYTES },
    bank,
    ...overrides,
  };
}

/** GoCardless needs its secrets: refusing to start says so at once, not at the first connect. */
function bankConfig(e: z.infer<typeof envSchema>, publicUrl: string): BankConfig {
  if (e.BANK_PROVIDER === 'sandbox') {
    return { provider: 'sandbox', sandboxUrl: (e.SANDBOX_BANK_URL ?? `${publicUrl}/sandbox-bank`).replace(/\/$/, '') };
  }
  if (!e.GOCARDLESS_SECRET_ID || !e.GOCARDLESS_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: BANK_PROVIDER=gocardless needs GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY');
  }
  return {
    provider: 'gocardless',
    baseUrl: e.GOCARDLESS_URL.endsWith('/') ? e.GOCARDLESS_URL : `${e.GOCARDLESS_URL}/`,
    secretId: e.GOCARDLESS_SECRET_ID,
    secretKey: e.GOCARDLESS_SECRET_KEY,
  };
}

import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config';

/**
 * The relying party's view of the identity provider (openid-client). Discovery happens on
 * first use and is retried after a failure. With the built-in provider, requests go to it
 * in-process (app.inject): the server never depends on reaching its own public URL, which
 * proxies and containers often prevent.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly settings: Config['oidc'],
    private readonly publicUrl: string,
  ) {}

  get redirectUri(): string {
    return `${this.publicUrl}/auth-callback`;
  }

  get issuer(): string {
    return this.settings.issuer;
  }

  discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      this.configuration = this.runDiscovery().catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    }
    return this.configuration;
  }

  private async runDiscovery(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const options: client.DiscoveryRequestOptions = {};
    const execute: ((config: client.Configuration) => void)[] = [];
    if (issuer.startsWith('http://')) execute.push(client.allowInsecureRequests);
    if (execute.length > 0) options.execute = execute;
    if (this.settings.kind === 'builtin') options[client.customFetch] = this.inProcessFetch;
    return client.discovery(
      new URL(issuer),
      clientId,
      clientSecret,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      options,
    );
  }

  private readonly inProcessFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const response = await this.app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...options.headers, host: new URL(this.publicUrl).host },
      payload: typeof options.body === 'string' || options.body instanceof URLSearchParams ? String(options.body) : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    return new Response(response.statusCode === 204 ? null : response.rawPayload, { status: response.statusCode, headers });
  };

  /** Whether the provider advertises OIDC's `prompt=create` (Initiating User Registration). */
  async supportsPromptCreate(): Promise<boolean> {
    const metadata = (await this.discover()).serverMetadata();
    const prompts = (metadata as { prompt_values_supported?: unknown }).prompt_values_supported;
    return Array.isArray(prompts) && prompts.includes('create');
  }
}

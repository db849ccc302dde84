import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIsoDate } from '@kontor/domain';
import { acceptOnlyUrlEncodedForms } from '../../../idp/interaction-forms';
import { localeFromHeader } from '../../../lib/i18n';
import { access } from '../../../plugins/access';
import { consentMessagePage, consentPage } from './sandbox-consent-page';
import { SandboxBank, SandboxRefusal } from './sandbox-bank';
import { findSandboxInstitution, sandboxInstitutions } from './sandbox-institutions';
import { isSandboxApiKey, SANDBOX_API_PREFIX, sandboxStartConsentWire } from './sandbox-wire';

export const SANDBOX_BANK_PREFIX = '/sandbox-bank';

/** Any page of the bank: no caching, no framing, nothing loaded from elsewhere. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

const idParams = z.object({ id: z.string().min(1).max(100) });

function sendRefusal(reply: FastifyReply, error: unknown) {
  if (!(error instanceof SandboxRefusal)) throw error;
  const status = error.reason === 'consent_not_granted' ? 403 : 404;
  return reply.status(status).send({ error: error.reason });
}

/**
 * The built-in sandbox bank (issue 60), public like any bank's site: its JSON API for Kontor's
 * sandbox provider (with an API key, as a real bank API has) and the consent page for the person.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const bank = new SandboxBank(app.database, `${app.config.publicUrl}${SANDBOX_BANK_PREFIX}`);
  await app.register(async (api) => registerSandboxApi(api, bank), { prefix: SANDBOX_API_PREFIX });
  await app.register(async (pages) => registerConsentPages(pages, bank));
};

async function registerSandboxApi(api: FastifyInstance, bank: SandboxBank): Promise<void> {
  const secret = api.config.session.secret;
  api.addHook('onRequest', async (request, reply) => {
    if (!isSandboxApiKey(request.headers.authorization, secret)) return reply.status(401).send({ error: 'unauthorized' });
  });
  const route = api.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.public };

  route.get(
    '/institutions',
    { config, schema: { querystring: z.object({ country: z.string().regex(/^[A-Z]{2}$/) }) } },
    async (request) => ({
      institutions: sandboxInstitutions(request.query.country),
    }),
  );

  route.post('/consents', { config, schema: { body: sandboxStartConsentWire } }, async (request, reply) => {
    try {
      return reply.status(201).send(await bank.startConsent(request.body));
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  route.get('/consents/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    try {
      return await bank.consent(request.params.id);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  route.delete('/consents/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    const isDeleted = await bank.deleteConsent(request.params.id);
    return reply.status(isDeleted ? 204 : 404).send(isDeleted ? undefined : { error: 'unknown_consent' });
  });

  route.get('/accounts/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    try {
      return await bank.account(request.params.id);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  route.get('/accounts/:id/balances', { config, schema: { params: idParams } }, async (request, reply) => {
    try {
      return await bank.balance(request.params.id);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  route.get(
    '/accounts/:id/transactions',
    { config, schema: { params: idParams, querystring: z.object({ dateFrom: z.string().refine(isIsoDate) }) } },
    async (request, reply) => {
      try {
        return { transactions: await bank.transactions(request.params.id, request.query.dateFrom) };
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );
}

async function registerConsentPages(pages: FastifyInstance, bank: SandboxBank): Promise<void> {
  acceptOnlyUrlEncodedForms(pages);
  const route = pages.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.public };
  const html = (reply: FastifyReply, status: number, body: string, locale: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with the
      // consent form's POST, which the CSRF check (rightly) refuses.
      .header('referrer-policy', 'same-origin')
      .header('content-language', locale)
      .send(body);

  route.get('/consent/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    const locale = localeFromHeader(request.headers['accept-language']);
    const row = await bank.findConsent(request.params.id);
    const institution = row ? findSandboxInstitution(row.institutionId) : null;
    if (!row || !institution) return html(reply, 404, consentMessagePage(locale, 'Sandbox Bank', 'unknown'), locale);
    if (row.status !== 'pending') return html(reply, 409, consentMessagePage(locale, institution.name, 'decided'), locale);
    const page = consentPage({
      locale,
      consentId: row.id,
      bankName: institution.name,
      institutionId: institution.id,
      validForDays: row.validForDays,
      actionBase: SANDBOX_BANK_PREFIX,
    });
    return html(reply, 200, page, locale);
  });

  // The person's answer: the consent is decided once, then the browser goes back to Kontor with the
  // reference it gave (and an error on denial), as PSD2 aggregators redirect.
  route.post(
    '/consent/:id',
    { config, schema: { params: idParams, body: z.object({ decision: z.enum(['allow', 'deny']) }) } },
    async (request, reply) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const existing = await bank.findConsent(request.params.id);
      if (!existing) return html(reply, 404, consentMessagePage(locale, 'Sandbox Bank', 'unknown'), locale);
      const isAllowed = request.body.decision === 'allow';
      const decided = await bank.decide(existing.id, isAllowed);
      const bankName = findSandboxInstitution(existing.institutionId)?.name ?? 'Sandbox Bank';
      if (!decided) return html(reply, 409, consentMessagePage(locale, bankName, 'decided'), locale);
      const target = new URL(decided.redirectUrl);
      target.searchParams.set('ref', decided.reference);
      if (!isAllowed) target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 303);
    },
  );
}

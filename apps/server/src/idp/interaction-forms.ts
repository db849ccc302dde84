import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { MAX_PASSWORD_LENGTH } from './identity-accounts';

/** A sign-in or sign-up form is a few hundred bytes; anything much larger is not one. */
export const FORM_BODY_LIMIT = 8 * 1024;

export type FormFields = Record<string, string>;

/**
 * The interaction forms post application/x-www-form-urlencoded; this context parses exactly
 * that (first value of a repeated field wins) and refuses every other body type.
 */
export function acceptOnlyUrlEncodedForms(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: FormFields = {};
      for (const [name, value] of new URLSearchParams(String(body))) {
        if (!(name in fields)) fields[name] = value;
      }
      done(null, fields);
    },
  );
}

const text = (max: number) => z.string().max(max).catch('');

export const signInFormSchema = z.object({
  email: text(320).transform((value) => value.trim()),
  password: text(MAX_PASSWORD_LENGTH),
  lang: z.string().max(8).optional().catch(undefined),
});

export const signUpFormSchema = z.object({
  name: text(200).transform((value) => value.trim()),
  email: text(320).transform((value) => value.trim()),
  // Longer than allowed is kept as is: the account rules reject it with a clear message.
  password: z.string().catch(''),
  lang: z.string().max(8).optional().catch(undefined),
});

const emailSchema = z.email();

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailSchema.safeParse(email).success;
}

export const interactionParamsSchema = z.object({ uid: z.string().min(1).max(128) });

export const interactionQuerySchema = z.object({
  screen: z.enum(['sign-in', 'sign-up']).optional().catch(undefined),
  lang: z.string().max(8).optional().catch(undefined),
});

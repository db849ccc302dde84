import { z } from 'zod';
import { organizationSchema } from './organization';
import { roleSchema } from './permissions';

export const LOCALES = ['de', 'en'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** SPEC §3 "Authenticated user". `organization` is null until the user finished sign-up. */
export const authenticatedUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  locale: localeSchema.nullable(),
  role: roleSchema,
  organization: z.object({ id: z.uuid(), slug: z.string(), authId: z.string() }).nullable(),
  onboardingCompleted: z.boolean(),
  featureFlags: z.array(z.string()),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUserSchema>;

export const onboardingStatusSchema = z.object({
  completed: z.boolean(),
  completedSteps: z.array(z.string()),
});

/** GET /auth/management */
export const managementResponseSchema = z.object({
  user: authenticatedUserSchema,
  organization: organizationSchema.nullable(),
  onboarding: onboardingStatusSchema,
});
export type ManagementResponse = z.infer<typeof managementResponseSchema>;

/** POST /auth/authenticate. `state` comes back from the identity provider with the code. */
export const authenticateBodySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

export const userResponseSchema = z.object({ user: authenticatedUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const refreshQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const switchOrganizationBodySchema = z.object({ organizationId: z.uuid() });
export const logoutQuerySchema = z.object({ returnTo: z.string().max(2048).optional() });
export const logoutResponseSchema = z.object({ logoutUrl: z.string().optional() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** GET /auth/login: where the browser starts the sign-in (or, with `mode=sign-up`, the sign-up). */
export const loginQuerySchema = z.object({
  mode: z.enum(['sign-in', 'sign-up']).default('sign-in'),
  returnTo: z.string().max(2048).optional(),
  locale: localeSchema.optional(),
});

export const updateLocaleBodySchema = z.object({ locale: localeSchema });

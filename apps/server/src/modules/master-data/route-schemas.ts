import { z } from 'zod';

/** Shared request shapes of the master-data style routes. */
export const idParams = z.object({ id: z.uuid() });
export const versionField = { version: z.number().int().min(1) };
/**
 * DELETE takes the version the user saw as a query parameter; it is optional so that a client
 * that only knows the id can still delete, but when given a stale version answers 409.
 */
export const deleteQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

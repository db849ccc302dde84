import { expect, type APIRequestContext } from '@playwright/test';
import { emptyCounterpartyFields } from '@kontor/domain/counterparties/counterparty-record';

/**
 * Creates a counterparty through the API with the page's session (the form has its own spec):
 * the empty record with `fields` filled in.
 */
export async function createCounterparty(request: APIRequestContext, fields: Record<string, unknown>): Promise<{ id: string }> {
  const response = await request.post('/api/counterparties', { data: { ...emptyCounterpartyFields(), ...fields } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

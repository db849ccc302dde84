/** Where the shared conformance fixtures live (ARCHITECTURE §6); used by tests only. */
import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const fixturesDir = process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures');

/** Absolute path of a fixture, or null (after saying so) when the fixtures folder is absent. */
export function fixtureOrNull(relative: string, purpose: string): string | null {
  const full = path.join(fixturesDir, relative);
  if (existsSync(full)) return full;
  console.warn(`${purpose} skipped: ${full} not found (set KONTOR_FIXTURES)`);
  return null;
}

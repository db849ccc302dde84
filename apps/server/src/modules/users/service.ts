import type { Database } from '../../db/database';
import type { SessionStore } from '../../plugins/session-store';
import { listMembershipsOfUser, setUserLocale } from '../auth/repo';

/** The signed-in user's own data: their organisations and their interface language. */
export function listOrganizationsOfUser(database: Database, userId: string) {
  return database.withSystem((tx) => listMembershipsOfUser(tx, userId));
}

/** Stores the language and drops this process's cached sessions of the user at once. */
export async function changeUserLocale(
  database: Database,
  sessions: SessionStore,
  userId: string,
  locale: 'de' | 'en',
): Promise<void> {
  await database.withSystem((tx) => setUserLocale(tx, userId, locale));
  sessions.forgetUser(userId);
}

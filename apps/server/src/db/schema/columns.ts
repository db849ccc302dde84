import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Every tenant table's first column: the organisation, leading its keys and indexes (ARCHITECTURE §1). */
export const orgColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

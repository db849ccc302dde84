import { sql } from 'drizzle-orm';

/**
 * The counterparty's master record as BMD's Personenkonten.csv writes it (archive-extras.ts), and
 * whether BMD has received it already: then it is not written again, so it cannot fail the file.
 * Read with the invoices and payments so that the pre-export check needs no query of its own.
 */
export interface PersonalAccountFacts {
  name: string;
  street: string | null;
  zip: string | null;
  city: string | null;
  sentToBmd: boolean;
}

/** The columns of a row that selected `personalAccountColumns`. */
export interface RawPersonalAccount {
  account_name: string | null;
  account_street: string | null;
  account_zip: string | null;
  account_city: string | null;
  account_sent_to_bmd: boolean;
}

/** Select list entries for the counterparty joined as `c` (organization_id matches the row's). */
export const personalAccountColumns = sql.raw(`
  c.name as account_name, c.street as account_street, c.zip as account_zip, c.city as account_city,
  exists (select 1 from exported_counterparties e
           where e.organization_id = c.organization_id and e.format = 'bmd' and e.counterparty_id = c.id)
    as account_sent_to_bmd`);

/** Null where no counterparty was joined. */
export function personalAccountOf(row: RawPersonalAccount): PersonalAccountFacts | null {
  if (row.account_name === null) return null;
  return {
    name: row.account_name,
    street: row.account_street,
    zip: row.account_zip,
    city: row.account_city,
    sentToBmd: row.account_sent_to_bmd,
  };
}

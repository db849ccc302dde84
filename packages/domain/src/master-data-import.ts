/** Master-data CSV files are small lists; 5 MB is far above any real chart of accounts. */
export const MASTER_DATA_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** A column a CSV import fills: its field, whether it must be mapped, and the header names (de, en) that select it. */
export interface ImportColumnSpec<K extends string = string> {
  key: K;
  required: boolean;
  aliases: readonly string[];
}

/** The fields each CSV import fills, which are required, and the header names that pre-select them (server and web alike). */
export const COST_CENTER_COLUMNS = [
  {
    key: 'code',
    required: true,
    aliases: [
      'code',
      'nummer',
      'kostenstelle',
      'kostenstellennummer',
      'kostenstellennr',
      'kost',
      'number',
      'cost center',
      'cost centre',
    ],
  },
  { key: 'name', required: false, aliases: ['name', 'bezeichnung', 'beschreibung', 'description'] },
  { key: 'type', required: true, aliases: ['typ', 'type', 'art', 'kostenstellentyp'] },
] as const satisfies readonly ImportColumnSpec[];

export const LEDGER_ACCOUNT_COLUMNS = [
  {
    key: 'code',
    required: true,
    aliases: [
      'code',
      'nummer',
      'konto',
      'kontonummer',
      'kontonr',
      'sachkonto',
      'sachkontonummer',
      'account',
      'accountnumber',
      'ledgeraccount',
      'number',
    ],
  },
  // Not required: a single column "0000 - Name" carries both, and the server splits it.
  {
    key: 'name',
    required: false,
    aliases: ['name', 'bezeichnung', 'beschriftung', 'kontobeschriftung', 'kontobezeichnung', 'description'],
  },
] as const satisfies readonly ImportColumnSpec[];

export const TAX_KEY_COLUMNS = [
  { key: 'name', required: true, aliases: ['name', 'bezeichnung', 'steuerschlüssel', 'schlüssel', 'taxkey', 'key'] },
  { key: 'type', required: true, aliases: ['typ', 'type', 'art'] },
  { key: 'rate', required: false, aliases: ['rate', 'satz', 'steuersatz', 'prozent', 'taxrate', 'percent'] },
  { key: 'externalCode', required: false, aliases: ['externalcode', 'externercode', 'extern', 'code', 'buchungsschlüssel'] },
  { key: 'description', required: false, aliases: ['description', 'beschreibung'] },
] as const satisfies readonly ImportColumnSpec[];

export type CostCenterColumn = (typeof COST_CENTER_COLUMNS)[number]['key'];
export type LedgerAccountColumn = (typeof LEDGER_ACCOUNT_COLUMNS)[number]['key'];
export type TaxKeyColumn = (typeof TAX_KEY_COLUMNS)[number]['key'];

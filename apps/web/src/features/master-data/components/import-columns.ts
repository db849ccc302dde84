/** The import columns are shared with the server (packages/domain). */
export {
  COST_CENTER_COLUMNS,
  LEDGER_ACCOUNT_COLUMNS,
  TAX_KEY_COLUMNS,
  type CostCenterColumn,
  type LedgerAccountColumn,
  type TaxKeyColumn,
} from '@kontor/domain/master-data-import';

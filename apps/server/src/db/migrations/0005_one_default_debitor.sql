-- At most one default debitor account per organisation, guaranteed by the database itself.
CREATE UNIQUE INDEX company_bank_accounts_one_default_uq ON company_bank_accounts (organization_id) WHERE is_default_debitor;

-- Row-level security and grants for the accounts-payable tables (see 0001 for the pattern).
GRANT SELECT, INSERT, UPDATE, DELETE ON cost_centers TO kontor_app;--> statement-breakpoint
ALTER TABLE cost_centers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cost_centers TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ledger_accounts TO kontor_app;--> statement-breakpoint
ALTER TABLE ledger_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_accounts TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tax_keys TO kontor_app;--> statement-breakpoint
ALTER TABLE tax_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON tax_keys TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_bank_accounts TO kontor_app;--> statement-breakpoint
ALTER TABLE company_bank_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON company_bank_accounts TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparties TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparties ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparties TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparty_bank_accounts TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparty_bank_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparty_bank_accounts TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoices TO kontor_app;--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_files TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_files ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_files TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_line_items TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_line_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_line_items TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_splits TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_splits ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_splits TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_comments TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_comments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_comments TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
-- Search over counterparty name and invoice number (ILIKE '%term%') uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX invoices_counterparty_name_trgm ON invoices USING gin (counterparty_name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX invoices_number_trgm ON invoices USING gin (invoice_number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX counterparties_name_trgm ON counterparties USING gin (name gin_trgm_ops);--> statement-breakpoint
-- The 14 system tax keys (SPEC §3) for organisations that exist already; new ones get them on creation.
INSERT INTO tax_keys (organization_id, name, type, rate, is_system)
SELECT o.id, k.name, k.type, k.rate, true
  FROM organizations o
 CROSS JOIN (VALUES
   ('SALE_STD', 'SALE', 1900), ('SALE_RED1', 'SALE', 700), ('SALE_RED2', 'SALE', NULL), ('SALE_ZERO', 'SALE', 0),
   ('SALE_EXEMPT', 'SALE', 0), ('SALE_IC_SUPPLY', 'SALE', 0), ('SALE_EXPORT', 'SALE', 0), ('PUR_STD', 'PURCHASE', 1900),
   ('PUR_RED1', 'PURCHASE', 700), ('PUR_RED2', 'PURCHASE', NULL), ('PUR_IC_ACQ', 'PURCHASE', 1900), ('IMPORT_VAT', 'PURCHASE', 1900),
   ('SALE_RC', 'SALE', 0), ('PUR_RC', 'PURCHASE', 1900)
 ) AS k(name, type, rate)
ON CONFLICT DO NOTHING;

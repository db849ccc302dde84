-- Row-level security and grants for the reading and e-mail import tables (see 0001 for the pattern).
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_readings TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_readings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_readings TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
-- The import log is append-only for the application: rows are written once when a mail arrives.
GRANT SELECT, INSERT ON email_imports TO kontor_app;--> statement-breakpoint
ALTER TABLE email_imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON email_imports TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
ALTER TABLE invoice_readings ADD CONSTRAINT invoice_readings_progress_check CHECK (progress BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE invoice_readings ADD CONSTRAINT invoice_readings_kind_check CHECK (kind IN ('einvoice-xml', 'einvoice-pdf', 'text-pdf', 'ocr'));

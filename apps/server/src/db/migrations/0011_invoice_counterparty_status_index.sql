DROP INDEX "invoices_counterparty_idx";--> statement-breakpoint
CREATE INDEX "invoices_counterparty_status_idx" ON "invoices" USING btree ("organization_id","counterparty_id","status","uploaded_by");
CREATE INDEX "invoices_status_date_idx" ON "invoices" USING btree ("organization_id","status","date","id");--> statement-breakpoint
CREATE INDEX "invoices_status_total_idx" ON "invoices" USING btree ("organization_id","status","total_amount","id");--> statement-breakpoint
CREATE INDEX "invoices_status_name_idx" ON "invoices" USING btree ("organization_id","status","counterparty_name","id");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("organization_id","status","invoice_number","id");
DROP INDEX "counterparty_bank_accounts_uq";--> statement-breakpoint
CREATE INDEX "counterparties_lower_name_idx" ON "counterparties" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "counterparties_vat_number_idx" ON "counterparties" USING btree ("organization_id","vat_number" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_ap_number_uq" ON "counterparties" USING btree ("organization_id","accounts_payable_number") WHERE "counterparties"."accounts_payable_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_ar_number_uq" ON "counterparties" USING btree ("organization_id","accounts_receivable_number") WHERE "counterparties"."accounts_receivable_number" is not null;--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_iban_idx" ON "counterparty_bank_accounts" USING btree ("organization_id","iban" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_bank_accounts_uq" ON "counterparty_bank_accounts" USING btree ("organization_id","counterparty_id",lower("name"),"iban");
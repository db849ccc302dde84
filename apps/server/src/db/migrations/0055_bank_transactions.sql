CREATE TABLE "bank_statements" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_bank_account_id" uuid NOT NULL,
	"statement_key" text NOT NULL,
	"statement_id" text,
	"electronic_sequence_number" text,
	"legal_sequence_number" text,
	"period_from" date,
	"period_to" date,
	"currency" text NOT NULL,
	"opening_balance" bigint,
	"opening_balance_date" date,
	"closing_balance" bigint,
	"closing_balance_date" date,
	"credit_total" bigint DEFAULT 0 NOT NULL,
	"debit_total" bigint DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"difference" bigint,
	"complete" boolean DEFAULT false NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_bank_account_id" uuid NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"provider_transaction_id" text,
	"statement_id" uuid,
	"import_id" uuid,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"counterparty_name" text,
	"counterparty_iban" text,
	"counterparty_bic" text,
	"remittance_information" text,
	"creditor_reference" text,
	"end_to_end_id" text,
	"bank_reference" text,
	"bank_transaction_code" text,
	"entry_key" text,
	"entry_amount" bigint,
	"matching_status" text DEFAULT 'not_matched' NOT NULL,
	"matched_amount" bigint DEFAULT 0 NOT NULL,
	"payment_transaction_id" uuid,
	"search_text" text GENERATED ALWAYS AS (counterparty_search_text(coalesce(counterparty_name, '') || ' ' || coalesce(counterparty_iban, '') || ' ' || coalesce(remittance_information, '') || ' ' || coalesce(end_to_end_id, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "last_sync_added" integer;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_account_fk" FOREIGN KEY ("organization_id","company_bank_account_id") REFERENCES "public"."company_bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_fk" FOREIGN KEY ("organization_id","company_bank_account_id") REFERENCES "public"."company_bank_accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_statement_fk" FOREIGN KEY ("organization_id","statement_id") REFERENCES "public"."bank_statements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_key_uq" ON "bank_statements" USING btree ("organization_id","company_bank_account_id","statement_key");--> statement-breakpoint
CREATE INDEX "bank_statements_account_period_idx" ON "bank_statements" USING btree ("organization_id","company_bank_account_id","period_to","id");--> statement-breakpoint
CREATE INDEX "bank_statements_period_idx" ON "bank_statements" USING btree ("organization_id","period_to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_dedupe_uq" ON "bank_transactions" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_provider_uq" ON "bank_transactions" USING btree ("organization_id","company_bank_account_id","provider_transaction_id") WHERE provider_transaction_id is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_booking_idx" ON "bank_transactions" USING btree ("organization_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_booking_idx" ON "bank_transactions" USING btree ("organization_id","company_bank_account_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_statement_idx" ON "bank_transactions" USING btree ("organization_id","statement_id") WHERE statement_id is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_entry_idx" ON "bank_transactions" USING btree ("organization_id","entry_key") WHERE entry_key is not null;--> statement-breakpoint
CREATE INDEX "transactions_unbooked_idx" ON "transactions" USING btree ("organization_id","end_to_end_id") WHERE status = 'exported' and booking_date is null;--> statement-breakpoint
CREATE INDEX "transactions_unbooked_iban_idx" ON "transactions" USING btree ("organization_id","creditor_iban","amount") WHERE status = 'exported' and booking_date is null;--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). Bank transactions and statements are
-- what the bank booked: the application adds and annotates them (matching, booked payments) but
-- never deletes them.
GRANT SELECT, INSERT, UPDATE ON bank_statements TO kontor_app;--> statement-breakpoint
ALTER TABLE bank_statements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_statements TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON bank_transactions TO kontor_app;--> statement-breakpoint
ALTER TABLE bank_transactions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_transactions TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

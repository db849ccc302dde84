CREATE TABLE "bank_file_imports" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"format" text,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_code" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bank_file_imports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_history" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entry_key" text NOT NULL,
	"source" text NOT NULL,
	"import_id" uuid,
	"counterparty_id" uuid,
	"creditor_iban" text NOT NULL,
	"creditor_name" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date,
	"remittance_information" text,
	"end_to_end_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_history_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_runs" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"automatic_run_date" date,
	"created_by" uuid,
	"approved_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"exported_by" uuid,
	"export_format" text,
	"export_message_id" text,
	"export_file_key" text,
	"export_file_name" text,
	"export_file_sha256" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"origin" text NOT NULL,
	"invoice_id" uuid,
	"counterparty_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"requested_execution_date" date NOT NULL,
	"booking_date" date,
	"end_to_end_id" text NOT NULL,
	"remittance_information" text,
	"method" text DEFAULT 'sepa_credit_transfer' NOT NULL,
	"skonto_applied" boolean DEFAULT false NOT NULL,
	"skonto_discount" bigint DEFAULT 0 NOT NULL,
	"debitor_bank_account_id" uuid,
	"debitor_name" text NOT NULL,
	"debitor_iban" text NOT NULL,
	"debitor_bic" text,
	"debitor_address" jsonb,
	"creditor_name" text NOT NULL,
	"creditor_iban" text NOT NULL,
	"creditor_bic" text,
	"creditor_address" jsonb,
	"notes" text,
	"cancel_reason" text,
	"archive_reason" text,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	"payment_run_id" uuid,
	"analysis_status" text DEFAULT 'not_verified' NOT NULL,
	"analysis_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis_note" text,
	"analysed_at" timestamp with time zone,
	"analysis_decided_by" uuid,
	"analysis_decided_at" timestamp with time zone,
	"import_id" uuid,
	"exported_at" timestamp with time zone,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "bank_file_imports" ADD CONSTRAINT "bank_file_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_run_fk" FOREIGN KEY ("organization_id","payment_run_id") REFERENCES "public"."payment_runs"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_file_imports_created_idx" ON "bank_file_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_history_entry_uq" ON "payment_history" USING btree ("organization_id","entry_key");--> statement-breakpoint
CREATE INDEX "payment_history_iban_idx" ON "payment_history" USING btree ("organization_id","creditor_iban","paid_on");--> statement-breakpoint
CREATE INDEX "payment_history_counterparty_idx" ON "payment_history" USING btree ("organization_id","counterparty_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_runs_number_uq" ON "payment_runs" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_runs_automatic_date_uq" ON "payment_runs" USING btree ("organization_id","automatic_run_date") WHERE automatic_run_date is not null;--> statement-breakpoint
CREATE INDEX "payment_runs_status_created_idx" ON "payment_runs" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_uq" ON "transactions" USING btree ("organization_id","invoice_id") WHERE invoice_id is not null;--> statement-breakpoint
CREATE INDEX "transactions_status_date_idx" ON "transactions" USING btree ("organization_id","status","requested_execution_date","id");--> statement-breakpoint
CREATE INDEX "transactions_run_idx" ON "transactions" USING btree ("organization_id","payment_run_id") WHERE payment_run_id is not null;--> statement-breakpoint
CREATE INDEX "transactions_creditor_iban_idx" ON "transactions" USING btree ("organization_id","creditor_iban","amount");--> statement-breakpoint
CREATE INDEX "transactions_counterparty_idx" ON "transactions" USING btree ("organization_id","counterparty_id","created_at");--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). The payment history is append-only for the app.
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_runs TO kontor_app;--> statement-breakpoint
ALTER TABLE payment_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_runs TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON transactions TO kontor_app;--> statement-breakpoint
ALTER TABLE transactions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON transactions TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT ON payment_history TO kontor_app;--> statement-breakpoint
ALTER TABLE payment_history ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_history TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON bank_file_imports TO kontor_app;--> statement-breakpoint
ALTER TABLE bank_file_imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_file_imports TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
ALTER TABLE payment_runs ADD CONSTRAINT payment_runs_status_check CHECK (status IN ('draft', 'in_approval', 'approved', 'rejected', 'exported'));--> statement-breakpoint
ALTER TABLE payment_runs ADD CONSTRAINT payment_runs_exported_file_check CHECK ((status = 'exported') = (export_file_key IS NOT NULL));--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_status_check CHECK (status IN ('open', 'planned', 'approved', 'rejected', 'exported', 'archived', 'cancelled_archived'));--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_analysis_check CHECK (analysis_status IN ('not_verified', 'trusted', 'warning', 'suspicious', 'blocked', 'marked_ok', 'not_ok'));--> statement-breakpoint
-- A transaction in a run has a run; an open or cancelled one has none (archiving an exported one keeps its run).
ALTER TABLE transactions ADD CONSTRAINT transactions_run_link_check CHECK ((status IN ('planned', 'approved', 'rejected', 'exported') AND payment_run_id IS NOT NULL) OR (status IN ('open', 'cancelled_archived') AND payment_run_id IS NULL) OR status = 'archived');--> statement-breakpoint
ALTER TABLE transactions ADD CONSTRAINT transactions_amount_check CHECK (amount > 0);--> statement-breakpoint
ALTER TABLE bank_file_imports ADD CONSTRAINT bank_file_imports_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed'));

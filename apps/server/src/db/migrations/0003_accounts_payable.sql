CREATE TABLE "company_bank_accounts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"is_default_debitor" boolean DEFAULT false NOT NULL,
	"access_valid_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_bank_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "cost_centers" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_centers_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "counterparties" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"vat_number" text,
	"email" text,
	"description" text,
	"street" text,
	"city" text,
	"zip" text,
	"country" text,
	"accounts_payable_number" text,
	"accounts_receivable_number" text,
	"default_ledger_account_id" uuid,
	"is_trusted" boolean DEFAULT false NOT NULL,
	"marked_trusted_at" timestamp with time zone,
	"marked_trusted_by" uuid,
	"payment_terms_days" integer,
	"skonto_days" integer,
	"skonto_rate" integer,
	"payment_reminders_enabled" boolean DEFAULT false NOT NULL,
	"payment_reminder_emails" text[],
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparties_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "counterparty_bank_accounts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparty_bank_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_keys" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"external_code" text,
	"type" text NOT NULL,
	"description" text,
	"rate" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_keys_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_comments" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_comments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_files" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_files_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit" text,
	"unit_price" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"tax_rate" integer,
	CONSTRAINT "invoice_line_items_organization_id_invoice_id_position_pk" PRIMARY KEY("organization_id","invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoice_splits" (
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount" bigint NOT NULL,
	"cost_center_id" uuid,
	"cost_center2_id" uuid,
	"ledger_account_id" uuid,
	"tax_key_id" uuid,
	"note" text,
	CONSTRAINT "invoice_splits_organization_id_invoice_id_position_pk" PRIMARY KEY("organization_id","invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"ocr_status" text DEFAULT 'none' NOT NULL,
	"type" text DEFAULT 'invoice' NOT NULL,
	"counterparty_id" uuid,
	"counterparty_name" text,
	"counterparty_iban" text,
	"counterparty_bic" text,
	"counterparty_vat" text,
	"invoice_number" text,
	"purchase_order" text,
	"date" date,
	"due_date" date,
	"billing_period_start" date,
	"billing_period_end" date,
	"net_amount" bigint,
	"tax_amount" bigint,
	"total_amount" bigint,
	"currency" text,
	"skonto_rate" integer,
	"skonto_amount" bigint,
	"skonto_date" date,
	"skonto_ignore_deadline" boolean DEFAULT false NOT NULL,
	"payment_terms" text,
	"notes" text,
	"should_create_transaction" boolean DEFAULT true NOT NULL,
	"already_paid" boolean DEFAULT false NOT NULL,
	"already_paid_date" date,
	"cost_center_id" uuid,
	"cost_center2_id" uuid,
	"ledger_account_id" uuid,
	"tax_rate" integer,
	"tax_key_id" uuid,
	"remittance_information" text,
	"debitor_bank_account_id" uuid,
	"cancel_reason" text,
	"archived_at" timestamp with time zone,
	"email_sender" text,
	"email_subject" text,
	"email_received_at" timestamp with time zone,
	"uploaded_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centers" ADD CONSTRAINT "cost_centers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_organization_id_counterparty_id_counterparties_organization_id_id_fk" FOREIGN KEY ("organization_id","counterparty_id") REFERENCES "public"."counterparties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_keys" ADD CONSTRAINT "tax_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_comments" ADD CONSTRAINT "invoice_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_comments" ADD CONSTRAINT "invoice_comments_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_splits" ADD CONSTRAINT "invoice_splits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_splits" ADD CONSTRAINT "invoice_splits_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_name_iban_uq" ON "company_bank_accounts" USING btree ("organization_id","name","iban");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centers_code_uq" ON "cost_centers" USING btree ("organization_id","type","code");--> statement-breakpoint
CREATE INDEX "counterparties_name_idx" ON "counterparties" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_bank_accounts_uq" ON "counterparty_bank_accounts" USING btree ("organization_id","counterparty_id","name","iban");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_keys_name_uq" ON "tax_keys" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "invoice_comments_invoice_idx" ON "invoice_comments" USING btree ("organization_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_files_invoice_idx" ON "invoice_files" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("organization_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_uploaded_by_idx" ON "invoices" USING btree ("organization_id","uploaded_by");--> statement-breakpoint
CREATE INDEX "invoices_counterparty_idx" ON "invoices" USING btree ("organization_id","counterparty_id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("organization_id","total_amount");
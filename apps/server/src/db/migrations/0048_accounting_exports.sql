CREATE TABLE "download_job_items" (
	"organization_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"invoice_id" uuid,
	"transaction_id" uuid,
	CONSTRAINT "download_job_items_organization_id_job_id_position_pk" PRIMARY KEY("organization_id","job_id","position")
);
--> statement-breakpoint
CREATE TABLE "download_jobs" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"type" text NOT NULL,
	"export_again" boolean DEFAULT false NOT NULL,
	"selection" jsonb NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"exchange_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_run_id" uuid,
	"item_count" integer DEFAULT 0 NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"booking_count" integer,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"file_sha256" text,
	"content_type" text,
	"failure_code" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "download_jobs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "export_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"default_format" text NOT NULL,
	"default_type" text NOT NULL,
	"datev_consultant_number" integer,
	"datev_client_number" integer,
	"fiscal_year_start_month" integer NOT NULL,
	"account_length" integer NOT NULL,
	"datev_chart" text,
	"datev_lock_bookings" boolean NOT NULL,
	"bmd_client_number" text,
	"bmd_invoice_symbol" text NOT NULL,
	"bmd_payment_symbol" text NOT NULL,
	"rzl_client_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exported_counterparties" (
	"organization_id" uuid NOT NULL,
	"format" text NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"first_job_id" uuid NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exported_counterparties_organization_id_format_counterparty_id_pk" PRIMARY KEY("organization_id","format","counterparty_id")
);
--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "ledger_account_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exporting_job_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_export_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "exporting_job_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "last_accounting_export_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD COLUMN "accounting_exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_job_items" ADD CONSTRAINT "download_job_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_jobs" ADD CONSTRAINT "download_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exported_counterparties" ADD CONSTRAINT "exported_counterparties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_job_items_invoice_idx" ON "download_job_items" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "download_jobs_creator_idx" ON "download_jobs" USING btree ("organization_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "download_jobs_kind_created_idx" ON "download_jobs" USING btree ("organization_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "download_jobs_processing_idx" ON "download_jobs" USING btree ("organization_id","created_at") WHERE status = 'processing';--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON export_settings TO kontor_app;--> statement-breakpoint
ALTER TABLE export_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON export_settings TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON download_jobs TO kontor_app;--> statement-breakpoint
ALTER TABLE download_jobs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON download_jobs TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON download_job_items TO kontor_app;--> statement-breakpoint
ALTER TABLE download_job_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON download_job_items TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT ON exported_counterparties TO kontor_app;--> statement-breakpoint
ALTER TABLE exported_counterparties ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON exported_counterparties TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
-- GoBD: once an invoice is exported to accounting, what was booked stays as booked. The services
-- refuse such edits with a clear message first; this is the backstop for any path that forgets.
-- The counterparty link is not among them: a merge re-points it to the surviving record, while
-- the booked name, IBAN and VAT number stay.
CREATE FUNCTION invoices_keep_booked_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status = 'exported' OR OLD.last_export_id IS NOT NULL) AND (
       NEW.invoice_number IS DISTINCT FROM OLD.invoice_number OR NEW.type IS DISTINCT FROM OLD.type
    OR NEW.counterparty_name IS DISTINCT FROM OLD.counterparty_name OR NEW.counterparty_iban IS DISTINCT FROM OLD.counterparty_iban
    OR NEW.counterparty_vat IS DISTINCT FROM OLD.counterparty_vat OR NEW.date IS DISTINCT FROM OLD.date
    OR NEW.due_date IS DISTINCT FROM OLD.due_date OR NEW.billing_period_start IS DISTINCT FROM OLD.billing_period_start
    OR NEW.billing_period_end IS DISTINCT FROM OLD.billing_period_end OR NEW.net_amount IS DISTINCT FROM OLD.net_amount
    OR NEW.tax_amount IS DISTINCT FROM OLD.tax_amount OR NEW.total_amount IS DISTINCT FROM OLD.total_amount
    OR NEW.currency IS DISTINCT FROM OLD.currency OR NEW.tax_rate IS DISTINCT FROM OLD.tax_rate
    OR NEW.tax_key_id IS DISTINCT FROM OLD.tax_key_id OR NEW.cost_center_id IS DISTINCT FROM OLD.cost_center_id
    OR NEW.cost_center2_id IS DISTINCT FROM OLD.cost_center2_id OR NEW.ledger_account_id IS DISTINCT FROM OLD.ledger_account_id
    OR NEW.skonto_rate IS DISTINCT FROM OLD.skonto_rate OR NEW.skonto_amount IS DISTINCT FROM OLD.skonto_amount
    OR NEW.skonto_date IS DISTINCT FROM OLD.skonto_date
  ) THEN
    RAISE EXCEPTION 'invoice % was exported to accounting: its booked fields are locked', OLD.id USING ERRCODE = 'KX001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_keep_booked_fields BEFORE UPDATE ON invoices FOR EACH ROW
  WHEN (OLD.status IN ('exported', 'archived')) EXECUTE FUNCTION invoices_keep_booked_fields();--> statement-breakpoint
-- Split lines are booked lines too (one booking each).
CREATE FUNCTION invoice_splits_keep_booked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  SELECT i.id, i.status, i.last_export_id INTO target FROM invoices i
   WHERE i.organization_id = NEW.organization_id AND i.id = NEW.invoice_id;
  IF target.status = 'exported' OR (target.status = 'archived' AND target.last_export_id IS NOT NULL) THEN
    RAISE EXCEPTION 'invoice % was exported to accounting: its split lines are locked', target.id USING ERRCODE = 'KX001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_splits_keep_booked BEFORE INSERT OR UPDATE ON invoice_splits FOR EACH ROW
  EXECUTE FUNCTION invoice_splits_keep_booked();

CREATE TABLE "ar_invoice_lines" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ar_invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text,
	"unit_price" bigint NOT NULL,
	"tax_rate" integer NOT NULL,
	"net_amount" bigint NOT NULL,
	CONSTRAINT "ar_invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "ar_invoice_numbering" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text DEFAULT 'RE-' NOT NULL,
	"next_number" bigint DEFAULT 10000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ar_invoices" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"invoice_number" text,
	"counterparty_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"service_period_start" date,
	"service_period_end" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"net_amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"tax_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"paid_on" date,
	"notes" text,
	"payment_term_days" integer,
	"skonto_rate" integer,
	"skonto_days" integer,
	"corrected_invoice_id" uuid,
	"cancel_reason" text,
	"status_before_cancel" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ar_invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "ar_invoices_paid_check" CHECK (paid_amount >= 0)
);
--> statement-breakpoint
ALTER TABLE "ar_invoice_lines" ADD CONSTRAINT "ar_invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_invoice_lines" ADD CONSTRAINT "ar_invoice_lines_invoice_fk" FOREIGN KEY ("organization_id","ar_invoice_id") REFERENCES "public"."ar_invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_invoice_numbering" ADD CONSTRAINT "ar_invoice_numbering_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD CONSTRAINT "ar_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD CONSTRAINT "ar_invoices_counterparty_fk" FOREIGN KEY ("organization_id","counterparty_id") REFERENCES "public"."counterparties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD CONSTRAINT "ar_invoices_corrected_fk" FOREIGN KEY ("organization_id","corrected_invoice_id") REFERENCES "public"."ar_invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ar_invoice_lines_position_idx" ON "ar_invoice_lines" USING btree ("organization_id","ar_invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ar_invoices_number_idx" ON "ar_invoices" USING btree ("organization_id","invoice_number") WHERE invoice_number is not null;--> statement-breakpoint
CREATE INDEX "ar_invoices_status_due_idx" ON "ar_invoices" USING btree ("organization_id","status","due_date");--> statement-breakpoint
CREATE INDEX "ar_invoices_date_idx" ON "ar_invoices" USING btree ("organization_id","invoice_date");--> statement-breakpoint
CREATE INDEX "ar_invoices_counterparty_idx" ON "ar_invoices" USING btree ("organization_id","counterparty_id");--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). Receivables are never deleted (they
-- are canceled); their lines are replaced while a receivable is edited.
GRANT SELECT, INSERT, UPDATE ON ar_invoices TO kontor_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ar_invoice_lines TO kontor_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON ar_invoice_numbering TO kontor_app;--> statement-breakpoint
ALTER TABLE ar_invoices ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ar_invoice_lines ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ar_invoice_numbering ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON ar_invoices TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
CREATE POLICY tenant_isolation ON ar_invoice_lines TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
CREATE POLICY tenant_isolation ON ar_invoice_numbering TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

CREATE TABLE "email_imports" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sender" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"invoice_ids" uuid[] DEFAULT '{}' NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "email_imports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_readings" (
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text,
	"profile" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"proposed_counterparty" jsonb,
	"duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hybrid_mismatches" text[] DEFAULT '{}' NOT NULL,
	"missing_formal_items" text[] DEFAULT '{}' NOT NULL,
	"unsupported_currency" text,
	"read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_readings_organization_id_invoice_id_pk" PRIMARY KEY("organization_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "email_imports" ADD CONSTRAINT "email_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_readings" ADD CONSTRAINT "invoice_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_readings" ADD CONSTRAINT "invoice_readings_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_imports_received_idx" ON "email_imports" USING btree ("organization_id","received_at");
CREATE TABLE "payment_reminders" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ar_invoice_id" uuid NOT NULL,
	"template_id" uuid,
	"interval_days" integer,
	"type" text,
	"origin" text NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text,
	"mail_id" uuid,
	"tracking_token" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_date" date,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminders_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "reminder_templates" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"interval_days" integer NOT NULL,
	"subject" text NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_templates_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "holiday_region" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_invoice_fk" FOREIGN KEY ("organization_id","ar_invoice_id") REFERENCES "public"."ar_invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_templates" ADD CONSTRAINT "reminder_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_once_idx" ON "payment_reminders" USING btree ("organization_id","ar_invoice_id","template_id") WHERE origin = 'automatic';--> statement-breakpoint
CREATE INDEX "payment_reminders_invoice_idx" ON "payment_reminders" USING btree ("organization_id","ar_invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_token_idx" ON "payment_reminders" USING btree ("tracking_token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_mail_idx" ON "payment_reminders" USING btree ("mail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_templates_interval_idx" ON "reminder_templates" USING btree ("organization_id","interval_days");--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). Templates are deleted by admins;
-- reminders are a record and are never deleted.
GRANT SELECT, INSERT, UPDATE, DELETE ON reminder_templates TO kontor_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON payment_reminders TO kontor_app;--> statement-breakpoint
ALTER TABLE reminder_templates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_reminders ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON reminder_templates TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_reminders TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

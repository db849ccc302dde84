CREATE TABLE "bank_transaction_matches" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_transaction_id" uuid NOT NULL,
	"invoice_id" uuid,
	"payment_transaction_id" uuid,
	"amount" bigint NOT NULL,
	"write_off" bigint DEFAULT 0 NOT NULL,
	"origin" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transaction_matches_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bank_transaction_matches_target_check" CHECK (invoice_id is not null or payment_transaction_id is not null),
	CONSTRAINT "bank_transaction_matches_amount_check" CHECK (amount > 0 and write_off >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bank_auto_match" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bank_match_tolerance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "auto_match_declined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "matched_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "matching_status" text DEFAULT 'not_matched' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_line_fk" FOREIGN KEY ("organization_id","bank_transaction_id") REFERENCES "public"."bank_transactions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_payment_fk" FOREIGN KEY ("organization_id","payment_transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transaction_matches_line_idx" ON "bank_transaction_matches" USING btree ("organization_id","bank_transaction_id");--> statement-breakpoint
CREATE INDEX "bank_transaction_matches_invoice_idx" ON "bank_transaction_matches" USING btree ("organization_id","invoice_id") WHERE invoice_id is not null;--> statement-breakpoint
CREATE INDEX "bank_transaction_matches_payment_idx" ON "bank_transaction_matches" USING btree ("organization_id","payment_transaction_id") WHERE payment_transaction_id is not null;--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). An unmatch deletes its match.
GRANT SELECT, INSERT, DELETE ON bank_transaction_matches TO kontor_app;--> statement-breakpoint
ALTER TABLE bank_transaction_matches ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_transaction_matches TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

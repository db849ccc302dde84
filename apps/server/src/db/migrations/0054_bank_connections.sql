CREATE TABLE "bank_connections" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"institution_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"country" text NOT NULL,
	"consent_id" text NOT NULL,
	"renewal_consent_id" text,
	"status" text DEFAULT 'pending_consent' NOT NULL,
	"access_valid_until" timestamp with time zone,
	"state_nonce" text,
	"offered_accounts" jsonb,
	"access_warning" text,
	"access_warning_valid_until" timestamp with time zone,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connections_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" text NOT NULL,
	"redirect_url" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"valid_for_days" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "bank_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "sync_status" text;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "balance" bigint;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD COLUMN "balance_date" date;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_connections_created_idx" ON "bank_connections" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_connection_fk" FOREIGN KEY ("organization_id","bank_connection_id") REFERENCES "public"."bank_connections"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_provider_account_uq" ON "company_bank_accounts" USING btree ("organization_id","provider_account_id") WHERE provider_account_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_connected_iban_uq" ON "company_bank_accounts" USING btree ("organization_id","iban") WHERE bank_connection_id is not null;--> statement-breakpoint
CREATE INDEX "company_bank_accounts_connection_idx" ON "company_bank_accounts" USING btree ("organization_id","bank_connection_id");--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). Connections are never deleted by the
-- application: a disconnect keeps the row (status disconnected) for the accounts' history.
GRANT SELECT, INSERT, UPDATE ON bank_connections TO kontor_app;--> statement-breakpoint
ALTER TABLE bank_connections ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_connections TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
-- The sandbox bank's consents are the bank's, not a tenant's: no grant to kontor_app at all.
REVOKE ALL ON sandbox_bank_consents FROM kontor_app;

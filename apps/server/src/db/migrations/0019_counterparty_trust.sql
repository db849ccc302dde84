CREATE TABLE "counterparty_email_verifications" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"iban" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"submitted_iban" text,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"token_used_at" timestamp with time zone,
	"mail_id" uuid,
	"requested_by" uuid,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparty_email_verifications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "counterparty_executive_verifications" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"iban" text NOT NULL,
	"required_approvals" integer NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparty_executive_verifications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "counterparty_executive_verifiers" (
	"organization_id" uuid NOT NULL,
	"verification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"decision" text DEFAULT 'request_sent' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cp_exec_verifiers_pk" PRIMARY KEY("organization_id","verification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "counterparty_imports" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"mapping" jsonb,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"failure_code" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "counterparty_imports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "required_verifiers" jsonb DEFAULT '"one"'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "vat_check" jsonb;--> statement-breakpoint
ALTER TABLE "counterparty_email_verifications" ADD CONSTRAINT "counterparty_email_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_email_verifications" ADD CONSTRAINT "cp_email_verifications_counterparty_fk" FOREIGN KEY ("organization_id","counterparty_id") REFERENCES "public"."counterparties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_executive_verifications" ADD CONSTRAINT "counterparty_executive_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_executive_verifications" ADD CONSTRAINT "cp_exec_verifications_counterparty_fk" FOREIGN KEY ("organization_id","counterparty_id") REFERENCES "public"."counterparties"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_executive_verifiers" ADD CONSTRAINT "counterparty_executive_verifiers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_executive_verifiers" ADD CONSTRAINT "cp_exec_verifiers_verification_fk" FOREIGN KEY ("organization_id","verification_id") REFERENCES "public"."counterparty_executive_verifications"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_imports" ADD CONSTRAINT "counterparty_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_email_verifications_token_uq" ON "counterparty_email_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "counterparty_email_verifications_cp_idx" ON "counterparty_email_verifications" USING btree ("organization_id","counterparty_id","created_at");--> statement-breakpoint
CREATE INDEX "counterparty_executive_verifications_cp_idx" ON "counterparty_executive_verifications" USING btree ("organization_id","counterparty_id","created_at");--> statement-breakpoint
CREATE INDEX "counterparty_executive_verifiers_user_idx" ON "counterparty_executive_verifiers" USING btree ("organization_id","user_id") WHERE decision = 'request_sent';--> statement-breakpoint
CREATE INDEX "counterparty_imports_created_idx" ON "counterparty_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Row-level security and grants for the verification and import tables (see 0001 for the pattern).
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparty_email_verifications TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparty_email_verifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparty_email_verifications TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparty_executive_verifications TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparty_executive_verifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparty_executive_verifications TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparty_executive_verifiers TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparty_executive_verifiers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparty_executive_verifiers TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON counterparty_imports TO kontor_app;--> statement-breakpoint
ALTER TABLE counterparty_imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON counterparty_imports TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
ALTER TABLE counterparty_email_verifications ADD CONSTRAINT counterparty_email_verifications_status_check CHECK (status IN ('not_started', 'started', 'invitation_sent', 'received', 'opened', 'completed', 'not_received'));--> statement-breakpoint
ALTER TABLE counterparty_email_verifications ADD CONSTRAINT counterparty_email_verifications_result_check CHECK ((status = 'completed') = (result IS NOT NULL) AND (result IS NULL OR result IN ('match', 'mismatch')));--> statement-breakpoint
ALTER TABLE counterparty_executive_verifications ADD CONSTRAINT counterparty_executive_verifications_outcome_check CHECK (outcome IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE counterparty_executive_verifications ADD CONSTRAINT counterparty_executive_verifications_required_check CHECK (required_approvals >= 1);--> statement-breakpoint
ALTER TABLE counterparty_executive_verifiers ADD CONSTRAINT counterparty_executive_verifiers_decision_check CHECK (decision IN ('request_sent', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE counterparty_imports ADD CONSTRAINT counterparty_imports_status_check CHECK (status IN ('uploaded', 'running', 'done', 'failed'));--> statement-breakpoint
-- The public confirmation page (no login, no tenant yet) finds a verification by its token's
-- hash and nothing else; everything after that runs as kontor_app inside the organisation.
CREATE OR REPLACE FUNCTION find_email_verification_by_token(p_token_hash text)
RETURNS TABLE (organization_id uuid, id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT v.organization_id, v.id FROM counterparty_email_verifications v WHERE v.token_hash = p_token_hash
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION find_email_verification_by_token(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION find_email_verification_by_token(text) TO kontor_app;

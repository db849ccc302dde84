-- Absences with a substitute: while a member is away, approvals that would wait for them wait for
-- their substitute (modules/approvals/substitutes.ts). One row per member: the current or next absence.
CREATE TABLE "approval_absences" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"substitute_id" uuid NOT NULL,
	"note" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_absences_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "approval_absences" ADD CONSTRAINT "approval_absences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_absences" ADD CONSTRAINT "approval_absences_member_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_absences" ADD CONSTRAINT "approval_absences_substitute_fk" FOREIGN KEY ("organization_id","substitute_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE approval_absences ADD CONSTRAINT approval_absences_period_check CHECK (ends_on >= starts_on);--> statement-breakpoint
ALTER TABLE approval_absences ADD CONSTRAINT approval_absences_substitute_check CHECK (substitute_id <> user_id);--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern).
GRANT SELECT, INSERT, UPDATE, DELETE ON approval_absences TO kontor_app;--> statement-breakpoint
ALTER TABLE approval_absences ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_absences TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

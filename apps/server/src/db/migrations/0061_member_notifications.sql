CREATE TABLE "member_digests" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"digest_date" date NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_digests_organization_id_user_id_digest_date_pk" PRIMARY KEY("organization_id","user_id","digest_date")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "notification_options" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_member_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ar_invoices_paid_at_idx" ON "ar_invoices" USING btree ("organization_id","paid_at") WHERE paid_at is not null;--> statement-breakpoint
-- When a receivable became paid in full, whichever path changed its status (a person, a bank
-- match, an import of updates). Receivables paid before this migration keep null: the first
-- digest reports what is paid from now on, not the whole history.
CREATE FUNCTION ar_invoices_paid_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'paid' THEN
    NEW.paid_at := NULL;
  ELSIF OLD.status IS DISTINCT FROM 'paid' THEN
    NEW.paid_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ar_invoices_paid_at BEFORE UPDATE ON ar_invoices FOR EACH ROW EXECUTE FUNCTION ar_invoices_paid_at();--> statement-breakpoint
-- Row-level security and grants (see 0001 for the pattern). A digest row is a record: never deleted by the app.
GRANT SELECT, INSERT, UPDATE ON member_digests TO kontor_app;--> statement-breakpoint
ALTER TABLE member_digests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON member_digests TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());

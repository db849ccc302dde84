CREATE TABLE "invoice_status_counts" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_counts_organization_id_status_uploaded_by_pk" PRIMARY KEY("organization_id","status","uploaded_by")
);
--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ADD CONSTRAINT "invoice_status_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
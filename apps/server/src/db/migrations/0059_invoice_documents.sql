ALTER TABLE "organizations" ADD COLUMN "company_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "leitweg_id" text;--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "invoice_language" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD COLUMN "document_version" integer;--> statement-breakpoint
ALTER TABLE "ar_invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_invoice_language_check" CHECK ("invoice_language" IN ('de', 'en'));

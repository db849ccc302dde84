ALTER TABLE "invoice_readings" ADD COLUMN "payment" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_readings" ADD COLUMN "rule_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;
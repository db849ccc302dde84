-- Approval reminders: approvers are reminded on business mornings of invoices that have waited for
-- them longer than this many days (null: no reminders). On by default, as in the products finance
-- teams know: an approval nobody is reminded of is the usual reason an invoice is paid late.
ALTER TABLE "organizations" ADD COLUMN "approval_reminder_days" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_approval_reminder_days_check" CHECK (approval_reminder_days BETWEEN 1 AND 30);

-- The absent member an approval belonged to before it went to their substitute (substitutes.ts):
-- the invoice's approval section and the approver's e-mail name them.
ALTER TABLE "approval_items" ADD COLUMN "stands_in_for" uuid;
ALTER TABLE "approval_items" ADD COLUMN "due_date" date;--> statement-breakpoint
CREATE INDEX "approval_items_waiting_due_idx" ON "approval_items" USING btree ("organization_id","approver_id","entity_type","due_date","entity_id") WHERE is_waiting;--> statement-breakpoint
-- An invoice's approval items carry its due date: set when they are written, followed when the
-- invoice's due date changes. SECURITY INVOKER: under row-level security both sides belong to
-- the organisation at work.
CREATE OR REPLACE FUNCTION approval_items_set_due_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.entity_type = 'invoice' THEN
    SELECT i.due_date INTO NEW.due_date FROM invoices i WHERE i.organization_id = NEW.organization_id AND i.id = NEW.entity_id;
  ELSE
    NEW.due_date := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER approval_items_due_date BEFORE INSERT OR UPDATE OF entity_type, entity_id ON approval_items
  FOR EACH ROW EXECUTE FUNCTION approval_items_set_due_date();--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_due_date_to_approval_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE approval_items SET due_date = NEW.due_date
   WHERE organization_id = NEW.organization_id AND entity_type = 'invoice' AND entity_id = NEW.id
     AND due_date IS DISTINCT FROM NEW.due_date;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_due_date_to_approval_items AFTER UPDATE OF due_date ON invoices
  FOR EACH ROW WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date) EXECUTE FUNCTION invoices_due_date_to_approval_items();--> statement-breakpoint
UPDATE approval_items ai SET due_date = i.due_date
  FROM invoices i
 WHERE ai.entity_type = 'invoice' AND i.organization_id = ai.organization_id AND i.id = ai.entity_id AND i.due_date IS NOT NULL;

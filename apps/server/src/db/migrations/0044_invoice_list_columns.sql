ALTER TABLE "invoices" ADD COLUMN "document_file_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "approval_progress" integer[];--> statement-breakpoint
-- The overview's rows carry what it shows from other tables, so that a page reads no table per
-- row besides invoices: the document's file name and the open approval request's step progress
-- (current step, step count, approved in the step, required in the step). Kept by statement
-- triggers on the source tables (a bulk write is one set-based update); each recomputes the value
-- from the source and writes only where it differs. SECURITY INVOKER: under row-level security
-- both sides belong to the organisation at work.
CREATE OR REPLACE FUNCTION invoice_approval_progress_of(p_organization_id uuid, p_invoice_id uuid) RETURNS integer[]
  LANGUAGE sql STABLE AS $$
  SELECT array[r.current_step, cardinality(r.required_approvals), r.approved_in_step, r.required_approvals[r.current_step + 1]]
    FROM approval_requests r
   WHERE r.organization_id = p_organization_id AND r.entity_type = 'invoice' AND r.entity_id = p_invoice_id
     AND r.status IN ('pending', 'approved')
   LIMIT 1
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_document_file_name_of(p_organization_id uuid, p_invoice_id uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT f.file_name FROM invoice_files f
   WHERE f.organization_id = p_organization_id AND f.invoice_id = p_invoice_id AND f.kind = 'document'
   ORDER BY f.created_at, f.id
   LIMIT 1
$$;--> statement-breakpoint
-- Recomputes both columns of the invoices a statement on approval_requests or invoice_files
-- touched: its rows are `changed_rows`, the new ones for an insert or update, the old ones for a
-- delete. An update reads only the new rows: no statement moves a request or a file to another
-- invoice, and a file that stops being the document is still listed, with its invoice.
CREATE OR REPLACE FUNCTION invoices_follow_list_sources() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_organization_ids uuid[];
  v_invoice_ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'approval_requests' THEN
    SELECT array_agg(organization_id), array_agg(entity_id) INTO v_organization_ids, v_invoice_ids
      FROM changed_rows WHERE entity_type = 'invoice';
  ELSE
    SELECT array_agg(organization_id), array_agg(invoice_id) INTO v_organization_ids, v_invoice_ids FROM changed_rows;
  END IF;
  UPDATE invoices i SET approval_progress = v.approval_progress, document_file_name = v.document_file_name
    FROM (SELECT DISTINCT * FROM unnest(v_organization_ids, v_invoice_ids)) AS c(organization_id, invoice_id)
    CROSS JOIN LATERAL (SELECT invoice_approval_progress_of(c.organization_id, c.invoice_id) AS approval_progress,
                               invoice_document_file_name_of(c.organization_id, c.invoice_id) AS document_file_name) v
   WHERE i.organization_id = c.organization_id AND i.id = c.invoice_id
     AND (i.approval_progress, i.document_file_name) IS DISTINCT FROM (v.approval_progress, v.document_file_name);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER approval_requests_invoice_list_insert AFTER INSERT ON approval_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
CREATE TRIGGER approval_requests_invoice_list_update AFTER UPDATE ON approval_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
CREATE TRIGGER approval_requests_invoice_list_delete AFTER DELETE ON approval_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
CREATE TRIGGER invoice_files_invoice_list_insert AFTER INSERT ON invoice_files
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
CREATE TRIGGER invoice_files_invoice_list_update AFTER UPDATE ON invoice_files
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
CREATE TRIGGER invoice_files_invoice_list_delete AFTER DELETE ON invoice_files
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_follow_list_sources();--> statement-breakpoint
UPDATE invoices i SET approval_progress = invoice_approval_progress_of(r.organization_id, r.entity_id)
  FROM approval_requests r
 WHERE r.entity_type = 'invoice' AND r.status IN ('pending', 'approved')
   AND i.organization_id = r.organization_id AND i.id = r.entity_id;--> statement-breakpoint
UPDATE invoices i SET document_file_name = invoice_document_file_name_of(f.organization_id, f.invoice_id)
  FROM (SELECT DISTINCT organization_id, invoice_id FROM invoice_files WHERE kind = 'document') f
 WHERE i.organization_id = f.organization_id AND i.id = f.invoice_id;

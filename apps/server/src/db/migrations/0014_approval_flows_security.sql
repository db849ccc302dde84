-- Row-level security and grants for the approval tables (see 0001 for the pattern).
GRANT SELECT, INSERT, UPDATE, DELETE ON approval_flows TO kontor_app;--> statement-breakpoint
ALTER TABLE approval_flows ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_flows TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON approval_requests TO kontor_app;--> statement-breakpoint
ALTER TABLE approval_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_requests TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON approval_items TO kontor_app;--> statement-breakpoint
ALTER TABLE approval_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_items TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
ALTER TABLE approval_flows ADD CONSTRAINT approval_flows_type_check CHECK (type IN ('invoice', 'payment_run'));--> statement-breakpoint
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'reset'));--> statement-breakpoint
ALTER TABLE approval_items ADD CONSTRAINT approval_items_decision_check CHECK (decision IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- The backstop behind the domain's transition tables (APPROVAL_REQUEST_TRANSITIONS and
-- APPROVAL_DECISION_TRANSITIONS in packages/domain): no statement can move a request or a
-- decision along a path the engine does not know, whatever code runs it.
CREATE OR REPLACE FUNCTION approval_requests_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('approved', 'rejected', 'reset'))
    OR (OLD.status IN ('approved', 'rejected') AND NEW.status = 'reset')) THEN
    RAISE EXCEPTION 'approval request status % → % is not allowed', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER approval_requests_transition BEFORE UPDATE OF status ON approval_requests
  FOR EACH ROW EXECUTE FUNCTION approval_requests_check_transition();--> statement-breakpoint
CREATE OR REPLACE FUNCTION approval_items_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.decision IS DISTINCT FROM OLD.decision AND NOT (OLD.decision = 'pending' AND NEW.decision IN ('approved', 'rejected')) THEN
    RAISE EXCEPTION 'approval decision % → % is not allowed', OLD.decision, NEW.decision USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER approval_items_transition BEFORE UPDATE OF decision ON approval_items
  FOR EACH ROW EXECUTE FUNCTION approval_items_check_transition();--> statement-breakpoint
-- Search sees what policy.ts lets the caller see: with p_uploaded_by set (a user without
-- ap_invoices:manage), their own uploads and the invoices they are an approver of.
CREATE OR REPLACE FUNCTION search_invoice_ids(
  p_pattern text,
  p_amounts bigint[],
  p_statuses text[],
  p_uploaded_by uuid,
  p_limit integer
) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  WITH visible AS MATERIALIZED (
    SELECT matches.id FROM (
      SELECT i.id, i.status, i.uploaded_by
        FROM invoices i
       WHERE i.organization_id = app_org_id()
         AND i.counterparty_id IN (SELECT c.id FROM counterparties c WHERE c.organization_id = app_org_id() AND c.name ILIKE p_pattern)
      UNION ALL
      SELECT i.id, i.status, i.uploaded_by FROM invoices i
       WHERE i.organization_id = app_org_id() AND i.counterparty_id IS NULL AND i.counterparty_name ILIKE p_pattern
      UNION ALL
      SELECT i.id, i.status, i.uploaded_by FROM invoices i
       WHERE i.organization_id = app_org_id() AND i.invoice_number ILIKE p_pattern
      UNION ALL
      SELECT i.id, i.status, i.uploaded_by FROM invoices i
       WHERE i.organization_id = app_org_id() AND i.total_amount = ANY (p_amounts)
    ) AS matches
    WHERE matches.status = ANY (p_statuses)
      AND (p_uploaded_by IS NULL OR matches.uploaded_by = p_uploaded_by
           OR EXISTS (SELECT 1 FROM approval_items ai
                       WHERE ai.organization_id = app_org_id() AND ai.approver_id = p_uploaded_by AND ai.entity_id = matches.id))
  )
  SELECT DISTINCT visible.id FROM visible LIMIT p_limit;
END
$$;

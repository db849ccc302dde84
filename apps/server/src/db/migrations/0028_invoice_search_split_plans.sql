-- The invoice search planned as one statement for the actual pattern on every call
-- (force_custom_plan, migration 0020) spent about as long planning as searching. Only the parts
-- with a pattern need their plan made for it (trigram indexes): they now run as dynamic SQL,
-- planned per call, while the parts driven by the found counterparties or by amounts are static
-- statements with cached generic plans (index lookups whatever the values). Measured on the large
-- seed: "Huber Logistik" 1.4-1.6 ms instead of 2.3-2.9 ms, "Müller" 7.3-7.7 ms instead of 9.9-12.2.
-- Visibility as in migration 0014: with p_uploaded_by set (a user without ap_invoices:manage),
-- their own uploads and the invoices they are an approver of.
-- The two parts may return an invoice twice (linked counterparty and number both match); the
-- caller deduplicates. Each part returns at most p_limit ids; more than p_limit in all means "too
-- many", as before.
CREATE OR REPLACE FUNCTION search_invoice_ids(
  p_pattern text,
  p_amounts bigint[],
  p_statuses text[],
  p_uploaded_by uuid,
  p_limit integer
) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_org uuid := app_org_id();
  v_counterparties uuid[];
  v_found bigint;
BEGIN
  IF v_org IS NULL THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT array_agg(c.id) FROM counterparties c WHERE c.organization_id = $1 AND c.name ILIKE $2'
     INTO v_counterparties USING v_org, p_pattern;
  RETURN QUERY
  SELECT i.id FROM invoices i
   WHERE i.organization_id = v_org AND i.counterparty_id = ANY (v_counterparties) AND i.status = ANY (p_statuses)
     AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
          OR EXISTS (SELECT 1 FROM approval_items ai
                      WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
  UNION
  SELECT i.id FROM invoices i
   WHERE i.organization_id = v_org AND i.status = ANY (p_statuses) AND i.total_amount = ANY (p_amounts)
     AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
          OR EXISTS (SELECT 1 FROM approval_items ai
                      WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
  LIMIT p_limit;
  GET DIAGNOSTICS v_found = ROW_COUNT;
  IF v_found >= p_limit THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
  'SELECT i.id FROM invoices i
    WHERE i.organization_id = $1 AND i.counterparty_id IS NULL AND i.counterparty_name ILIKE $2
      AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   UNION
   SELECT i.id FROM invoices i
    WHERE i.organization_id = $1 AND i.invoice_number ILIKE $2 AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   LIMIT $5' USING v_org, p_pattern, p_statuses, p_uploaded_by, p_limit;
END
$$;

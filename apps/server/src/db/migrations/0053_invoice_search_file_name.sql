-- Search finds an invoice by its document's file name too ("Rechnung_2024-017.pdf"): a person
-- looks for what they just uploaded by the name they gave it (issue 59). One more branch in each
-- path of search_invoice_ids, served like the invoice number's by a trigram index; otherwise as in
-- migration 0043 (same signature and result, so replaced in place).
CREATE INDEX IF NOT EXISTS invoices_document_file_name_trgm ON invoices USING gin (document_file_name gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_invoice_ids(
  p_pattern text,
  p_amounts bigint[],
  p_statuses text[],
  p_uploaded_by uuid,
  p_limit integer
) RETURNS TABLE (id uuid, due_date date)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = auto
  SET enable_seqscan = on AS $$
DECLARE
  v_org uuid := app_org_id();
  v_cached boolean := length(p_pattern) >= 7; -- "%" + five characters + "%"
  v_folded text := counterparty_search_text(p_pattern);
  v_suffixes tsquery := CASE WHEN length(p_pattern) >= 7 THEN counterparty_name_suffix_query(v_folded) END;
  v_counterparties uuid[];
  v_found bigint;
BEGIN
  IF v_org IS NULL THEN
    RETURN;
  END IF;
  IF v_cached THEN
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true);
    SELECT array_agg(m.id) INTO v_counterparties
      FROM (SELECT c.id, c.organization_id, c.search_name FROM counterparties c
             WHERE counterparty_name_suffixes(c.search_name) @@ v_suffixes OFFSET 0) m
     WHERE m.organization_id = v_org AND m.search_name LIKE v_folded;
  ELSE
    EXECUTE 'SELECT array_agg(c.id) FROM counterparties c
              WHERE c.organization_id = $1 AND c.search_name LIKE counterparty_search_text($2)'
       INTO v_counterparties USING v_org, p_pattern;
  END IF;
  RETURN QUERY
  SELECT i.id, i.due_date FROM invoices i
   WHERE i.organization_id = v_org AND i.counterparty_id = ANY (v_counterparties) AND i.status = ANY (p_statuses)
     AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
          OR EXISTS (SELECT 1 FROM approval_items ai
                      WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
  UNION
  SELECT i.id, i.due_date FROM invoices i
   WHERE i.organization_id = v_org AND i.status = ANY (p_statuses) AND i.total_amount = ANY (p_amounts)
     AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
          OR EXISTS (SELECT 1 FROM approval_items ai
                      WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
  LIMIT p_limit;
  GET DIAGNOSTICS v_found = ROW_COUNT;
  IF v_found >= p_limit THEN
    RETURN;
  END IF;
  IF v_cached THEN
    RETURN QUERY
    SELECT i.id, i.due_date FROM (SELECT i.id, i.due_date, i.organization_id, i.status, i.uploaded_by FROM invoices i
                       WHERE i.counterparty_id IS NULL AND i.counterparty_search_name LIKE v_folded OFFSET 0) i
     WHERE i.organization_id = v_org AND i.status = ANY (p_statuses)
       AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
            OR EXISTS (SELECT 1 FROM approval_items ai
                        WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
    UNION
    SELECT i.id, i.due_date FROM (SELECT i.id, i.due_date, i.organization_id, i.status, i.uploaded_by FROM invoices i
                       WHERE i.invoice_number ILIKE p_pattern OFFSET 0) i
     WHERE i.organization_id = v_org AND i.status = ANY (p_statuses)
       AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
            OR EXISTS (SELECT 1 FROM approval_items ai
                        WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
    UNION
    SELECT i.id, i.due_date FROM (SELECT i.id, i.due_date, i.organization_id, i.status, i.uploaded_by FROM invoices i
                       WHERE i.document_file_name ILIKE p_pattern OFFSET 0) i
     WHERE i.organization_id = v_org AND i.status = ANY (p_statuses)
       AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
            OR EXISTS (SELECT 1 FROM approval_items ai
                        WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
    LIMIT p_limit;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
  'SELECT i.id, i.due_date FROM invoices i
    WHERE i.organization_id = $1 AND i.counterparty_id IS NULL
      AND i.counterparty_search_name LIKE counterparty_search_text($2)
      AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   UNION
   SELECT i.id, i.due_date FROM invoices i
    WHERE i.organization_id = $1 AND i.invoice_number ILIKE $2 AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   UNION
   SELECT i.id, i.due_date FROM invoices i
    WHERE i.organization_id = $1 AND i.document_file_name ILIKE $2 AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   LIMIT $5' USING v_org, p_pattern, p_statuses, p_uploaded_by, p_limit;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_invoice_ids(text, bigint[], text[], uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_invoice_ids(text, bigint[], text[], uuid, integer) TO kontor_app;

-- Search by counterparty through the counterparties (20,000 names) instead of the invoices
-- (250,000 copies of them): an invoice linked to a counterparty is found by that counterparty's
-- name, an unlinked one by the name written on it (partial trigram index), and any invoice by its
-- number or exact amount.
DROP INDEX IF EXISTS invoices_counterparty_name_trgm;--> statement-breakpoint
CREATE INDEX invoices_unlinked_name_trgm ON invoices USING gin (counterparty_name gin_trgm_ops) WHERE counterparty_id IS NULL;--> statement-breakpoint
-- PL/pgSQL rather than SQL: its statement plans are cached per connection, a SQL function's are not.
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
    WHERE matches.status = ANY (p_statuses) AND (p_uploaded_by IS NULL OR matches.uploaded_by = p_uploaded_by)
  )
  SELECT DISTINCT visible.id FROM visible LIMIT p_limit;
END
$$;

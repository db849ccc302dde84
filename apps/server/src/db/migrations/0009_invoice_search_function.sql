-- Search for the invoice overview. Under row-level security PostgreSQL may not use an index for a
-- condition whose operator is not leakproof, and ILIKE is not: the trigram indexes would sit unused
-- and every search would scan the organisation's invoices. This function runs as the table owner
-- (not subject to the policies) and scopes by app.org_id itself, exactly as the policy would.
CREATE OR REPLACE FUNCTION search_invoice_ids(
  p_pattern text,
  p_amounts bigint[],
  p_statuses text[],
  p_uploaded_by uuid,
  p_limit integer
) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT id
    FROM invoices
   WHERE organization_id = app_org_id()
     AND status = ANY (p_statuses)
     AND (p_uploaded_by IS NULL OR uploaded_by = p_uploaded_by)
     AND (counterparty_name ILIKE p_pattern OR invoice_number ILIKE p_pattern OR total_amount = ANY (p_amounts))
   LIMIT p_limit
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_invoice_ids(text, bigint[], text[], uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_invoice_ids(text, bigint[], text[], uuid, integer) TO kontor_app;

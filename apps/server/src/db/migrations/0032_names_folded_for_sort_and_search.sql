-- Names sort and match as a German reader expects. The database's C collation compares code
-- points: "Öko Strom" came after "Zement Bau", "müller" after "Zeta", and ILIKE folded ASCII only
-- ("MÜLLER" did not find "Müller"). counterparty_search_text now folds a name to what a reader
-- compares: Unicode lower case, accents and umlauts dropped, ß as ss, and ł ø đ æ œ (which do not
-- decompose) spelt out ("MÜLLER Straße" → "muller strasse"). Sorting that text in code point order
-- is the order of DIN 5007-1 (ä as a), and a name's folded prefixes stay one range of an index,
-- which the counterparty search reads (ranked-search.ts). Searches are folded the same way, so
-- "muller" finds "Müller" and "société" finds "SOCIETE".
CREATE OR REPLACE FUNCTION counterparty_search_text(p text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT normalize(
           regexp_replace(
             normalize(
               replace(replace(replace(translate(lower(p COLLATE pg_c_utf8), 'łøđ', 'lod'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'),
               NFD),
             '[\u0300-\u036f]', '', 'g'),
           NFC) COLLATE "default" $$;--> statement-breakpoint
-- Rewrites the table and its indexes (the name index, the trigram index, the VAT index's copy).
ALTER TABLE counterparties ALTER COLUMN search_name SET EXPRESSION AS (counterparty_search_text(name));--> statement-breakpoint
-- The invoice's counterparty name folded the same way, stored: the overview sorts by it on the
-- keyset index and its search compares it. Stored, not an expression index: under row-level
-- security a condition on a non-leakproof expression cannot be an index condition, so a cursor's
-- position and the "no name" part of a page would walk the whole status instead of seeking.
ALTER TABLE invoices ADD COLUMN counterparty_search_name text GENERATED ALWAYS AS (counterparty_search_text(counterparty_name)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS invoices_status_name_idx;--> statement-breakpoint
CREATE INDEX invoices_status_name_idx ON invoices (organization_id, status, counterparty_search_name, id);--> statement-breakpoint
-- The invoice search's names without a counterparty, compared folded like the counterparties'.
DROP INDEX IF EXISTS invoices_unlinked_name_trgm;--> statement-breakpoint
CREATE INDEX invoices_unlinked_name_trgm ON invoices USING gin (counterparty_search_name gin_trgm_ops)
  WITH (fastupdate = off) WHERE counterparty_id IS NULL;--> statement-breakpoint
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
  EXECUTE 'SELECT array_agg(c.id) FROM counterparties c
            WHERE c.organization_id = $1 AND c.search_name LIKE counterparty_search_text($2)'
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
    WHERE i.organization_id = $1 AND i.counterparty_id IS NULL
      AND i.counterparty_search_name LIKE counterparty_search_text($2)
      AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   UNION
   SELECT i.id FROM invoices i
    WHERE i.organization_id = $1 AND i.invoice_number ILIKE $2 AND i.status = ANY ($3) AND ($4::uuid IS NULL OR i.uploaded_by = $4
           OR EXISTS (SELECT 1 FROM approval_items ai WHERE ai.organization_id = $1 AND ai.approver_id = $4 AND ai.entity_id = i.id))
   LIMIT $5' USING v_org, p_pattern, p_statuses, p_uploaded_by, p_limit;
END
$$;

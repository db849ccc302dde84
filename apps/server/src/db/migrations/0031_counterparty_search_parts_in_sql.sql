-- Counterparty search: the VAT number, IBAN and AP/AR number parts move from search_counterparties
-- into the page's own statement (ranked-search.ts). Their operators (~>=~, ~<~ of
-- text_pattern_ops, =) are leakproof, so under row-level security they are index conditions
-- there too, and the prepared statement's one plan replaces the function's six plans per call.
-- Only the name part stays in a SECURITY DEFINER function: LIKE is not leakproof, and under
-- row-level security the trigram index could not serve it.
--
-- The two prefix indexes carry what a search reads from them, so that a VAT number or IBAN start
-- matching a thousand rows is read from the index alone (measured on the large seed: "DE100012",
-- 1,000 matches, 1,041 buffers → 16).
DROP INDEX IF EXISTS counterparties_vat_number_idx;--> statement-breakpoint
CREATE INDEX counterparties_vat_number_idx ON counterparties (organization_id, vat_number text_pattern_ops)
  INCLUDE (search_name, id, is_trusted);--> statement-breakpoint
DROP INDEX IF EXISTS counterparty_bank_accounts_iban_idx;--> statement-breakpoint
CREATE INDEX counterparty_bank_accounts_iban_idx ON counterparty_bank_accounts (organization_id, iban text_pattern_ops)
  INCLUDE (counterparty_id);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_counterparties(text, text, text, text, boolean, integer, text, text, uuid, integer);--> statement-breakpoint
-- The names containing p_pattern (a LIKE pattern, lowered here) through the trigram index: the
-- first p_page after the keyset position that do not start with p_prefix (those are rank 0, read
-- by the page from the name index); a (NULL, NULL) row alone when more than p_limit match.
-- A search of five characters or more is selective enough for the trigram index whatever its
-- words: one cached plan on the index serves it (planning per call cost more than the search,
-- measured on the large seed: "de100012" 0.40 → 0.14 ms, "huber logistik" 1.3 → 1.2 ms,
-- "logistik" with 2,010 matches 4.3 → 2.5 ms). A shorter one may be in thousands of names
-- ("gmbh": 8,000), where reading the table until p_limit + 1 matches beats the index (1.6 ms
-- against 4.0 ms): it is planned per call for its pattern. The function's SET clauses restore
-- both settings when it returns.
CREATE FUNCTION search_counterparty_names(
  p_pattern text,
  p_trusted boolean,
  p_limit integer,
  p_prefix text,
  p_after_name text,
  p_after_id uuid,
  p_page integer
) RETURNS TABLE (id uuid, search_name text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan
  SET enable_seqscan = on AS $$
BEGIN
  IF length(p_pattern) >= 7 THEN -- "%" + five characters + "%"
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true);
  END IF;
  RETURN QUERY
  WITH found AS MATERIALIZED (
    SELECT c.id, c.search_name FROM counterparties c
     WHERE c.organization_id = app_org_id() AND c.search_name LIKE counterparty_search_text(p_pattern)
       AND (p_trusted IS NULL OR c.is_trusted = p_trusted)
     LIMIT p_limit + 1
  ), counted AS MATERIALIZED (
    SELECT count(*) > p_limit AS too_many FROM found
  )
  SELECT NULL::uuid, NULL::text WHERE (SELECT too_many FROM counted)
  UNION ALL
  (SELECT f.id, f.search_name FROM found f
    WHERE NOT (SELECT too_many FROM counted)
      AND NOT (f.search_name >= counterparty_search_text(p_prefix)
               AND f.search_name < counterparty_search_prefix_end(counterparty_search_text(p_prefix)))
      AND (p_after_name IS NULL OR (f.search_name, f.id) > (p_after_name, p_after_id))
    ORDER BY f.search_name, f.id LIMIT p_page);
END
$$;--> statement-breakpoint
COMMENT ON FUNCTION search_counterparty_names(text, boolean, integer, text, text, uuid, integer) IS
  'Counterparty search, name part (migrations 0018, 0020, 0030, 0031): the first p_page names containing p_pattern after the keyset position that do not start with p_prefix; a (NULL, NULL) row alone when more than p_limit match.';--> statement-breakpoint
REVOKE ALL ON FUNCTION search_counterparty_names(text, boolean, integer, text, text, uuid, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_counterparty_names(text, boolean, integer, text, text, uuid, integer) TO kontor_app;

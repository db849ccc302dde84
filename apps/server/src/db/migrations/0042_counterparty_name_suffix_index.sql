-- The names containing a search of five characters or more (the cached-plan path of migrations 0031
-- and 0041) are found through a GIN index over the suffixes of each folded name, as text-search
-- lexemes: "contains 'huber logistik'" is "has a suffix starting with it", one prefix range of the
-- index's entry tree, where the trigram index intersected the posting lists of every trigram of
-- the search, some of them in most names ("er " in 20,000 of the large seed's). Measured on the
-- large seed, "huber logistik" (134 names): the trigram index 1.1-1.3 ms, the suffix index
-- 0.07-0.09 ms. A suffix is kept to its first 32 characters (the index is 37 MB for the seed's
-- 33,000 names, against 4 MB of trigrams): a longer search looks up its first 32 and LIKE checks
-- the whole of it, as it does every match. Shorter searches keep the trigram index (planned per
-- call; a short one may be in thousands of names, where reading the table wins).
CREATE FUNCTION counterparty_name_suffixes(p_search_name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT left(substr(p_search_name, k), 32) FROM generate_series(1, length(p_search_name)) AS k)) $$;--> statement-breakpoint
COMMENT ON FUNCTION counterparty_name_suffixes(text) IS
  'Migration 0042: the suffixes of a folded name (search_name), each cut to 32 characters, as lexemes taken as they are.';--> statement-breakpoint
-- The query "a suffix starts with the search" for a folded LIKE pattern of likePattern()
-- ("%" + the search with % _ \ escaped + "%"): the search itself, its first 32 characters, quoted
-- as one tsquery lexeme with a prefix match.
CREATE FUNCTION counterparty_name_suffix_query(p_folded_pattern text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(left(regexp_replace(substr(p_folded_pattern, 2, length(p_folded_pattern) - 2), '\\(.)', '\1', 'g'), 32),
                                  '\', '\\'), '''', '''''') || ''':*')::tsquery $$;--> statement-breakpoint
CREATE INDEX counterparties_name_suffixes_idx ON counterparties USING gin (counterparty_name_suffixes(search_name))
  WITH (fastupdate = off);--> statement-breakpoint
-- The counterparty search's names containing the search (migration 0031): a search of five
-- characters or more through the suffix index, a shorter one as before.
CREATE OR REPLACE FUNCTION search_counterparty_names(
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
DECLARE
  v_folded text := counterparty_search_text(p_pattern);
  v_suffixes tsquery := CASE WHEN length(p_pattern) >= 7 THEN counterparty_name_suffix_query(v_folded) END;
BEGIN
  IF length(p_pattern) >= 7 THEN -- "%" + five characters + "%"
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true);
  END IF;
  RETURN QUERY
  WITH found AS MATERIALIZED (
    SELECT m.id, m.search_name
      FROM (SELECT c.id, c.organization_id, c.search_name, c.is_trusted FROM counterparties c
             WHERE v_suffixes IS NOT NULL AND counterparty_name_suffixes(c.search_name) @@ v_suffixes OFFSET 0) m
     WHERE m.organization_id = app_org_id() AND m.search_name LIKE v_folded
       AND (p_trusted IS NULL OR m.is_trusted = p_trusted)
    UNION ALL
    SELECT c.id, c.search_name FROM counterparties c
     WHERE v_suffixes IS NULL AND c.organization_id = app_org_id() AND c.search_name LIKE v_folded
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
-- The invoice search's counterparty names (migration 0041): a search of five characters or more
-- through the suffix index.
CREATE OR REPLACE FUNCTION search_invoice_ids(
  p_pattern text,
  p_amounts bigint[],
  p_statuses text[],
  p_uploaded_by uuid,
  p_limit integer
) RETURNS SETOF uuid
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
  IF v_cached THEN
    RETURN QUERY
    SELECT i.id FROM (SELECT i.id, i.organization_id, i.status, i.uploaded_by FROM invoices i
                       WHERE i.counterparty_id IS NULL AND i.counterparty_search_name LIKE v_folded OFFSET 0) i
     WHERE i.organization_id = v_org AND i.status = ANY (p_statuses)
       AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
            OR EXISTS (SELECT 1 FROM approval_items ai
                        WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
    UNION
    SELECT i.id FROM (SELECT i.id, i.organization_id, i.status, i.uploaded_by FROM invoices i
                       WHERE i.invoice_number ILIKE p_pattern OFFSET 0) i
     WHERE i.organization_id = v_org AND i.status = ANY (p_statuses)
       AND (p_uploaded_by IS NULL OR i.uploaded_by = p_uploaded_by
            OR EXISTS (SELECT 1 FROM approval_items ai
                        WHERE ai.organization_id = v_org AND ai.approver_id = p_uploaded_by AND ai.entity_id = i.id))
    LIMIT p_limit;
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

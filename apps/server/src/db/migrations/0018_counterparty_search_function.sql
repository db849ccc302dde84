-- Search for the counterparty list and the invoice form's picker. As for the invoices (0009, 0010):
-- under row-level security PostgreSQL may not use an index for a condition whose operator is not
-- leakproof, and ILIKE is not, so counterparties_name_trgm sat unused and every search walked the
-- organisation's counterparties. This function runs as the table owner (not subject to the
-- policies) and scopes by app.org_id itself, exactly as the policies would.
--
-- Each branch is one index probe, and runs only when its argument is given (so that no cached plan
-- has to serve a branch left out): name contains p_pattern (an ILIKE pattern, trigram index), the
-- AP or AR number is p_number (unique indexes), the VAT number or a bank account's IBAN starts
-- with p_vat_prefix / p_iban_prefix (text_pattern_ops indexes). The prefixes are normalised
-- ([0-9A-Z]); they are compared as the byte range [prefix, prefix with its last character + 1),
-- which a cached plan can use, where LIKE 'prefix%' needs the pattern at planning time.
--
-- A branch that finds more than p_limit rows ends the search with a row (NULL, NULL): too many to
-- drive a page from, the rows before it are incomplete. Otherwise the rows are all the matches, a
-- counterparty that matches twice (name and IBAN, two accounts) twice.
-- PL/pgSQL rather than SQL: its statement plans are cached per connection, a SQL function's are not.
CREATE OR REPLACE FUNCTION search_counterparties(
  p_pattern text,
  p_number text,
  p_vat_prefix text,
  p_iban_prefix text,
  p_trusted boolean,
  p_limit integer
) RETURNS TABLE (id uuid, name text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_org uuid := app_org_id();
  v_vat_end text := left(p_vat_prefix, -1) || chr(ascii(right(p_vat_prefix, 1)) + 1);
  v_iban_end text := left(p_iban_prefix, -1) || chr(ascii(right(p_iban_prefix, 1)) + 1);
  v_found bigint;
BEGIN
  IF v_org IS NULL THEN
    RETURN;
  END IF;
  IF p_pattern IS NOT NULL THEN
    RETURN QUERY
    SELECT c.id, c.name FROM counterparties c
     WHERE c.organization_id = v_org AND c.name ILIKE p_pattern
       AND (p_trusted IS NULL OR c.is_trusted = p_trusted)
     LIMIT p_limit + 1;
    GET DIAGNOSTICS v_found = ROW_COUNT;
    IF v_found > p_limit THEN
      RETURN QUERY SELECT NULL::uuid, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF p_number IS NOT NULL THEN
    RETURN QUERY
    SELECT c.id, c.name FROM counterparties c
     WHERE c.organization_id = v_org AND c.accounts_payable_number = p_number
       AND (p_trusted IS NULL OR c.is_trusted = p_trusted)
    UNION ALL
    SELECT c.id, c.name FROM counterparties c
     WHERE c.organization_id = v_org AND c.accounts_receivable_number = p_number
       AND (p_trusted IS NULL OR c.is_trusted = p_trusted);
  END IF;
  IF p_vat_prefix IS NOT NULL THEN
    RETURN QUERY
    SELECT c.id, c.name FROM counterparties c
     WHERE c.organization_id = v_org AND c.vat_number ~>=~ p_vat_prefix AND c.vat_number ~<~ v_vat_end
       AND (p_trusted IS NULL OR c.is_trusted = p_trusted)
     LIMIT p_limit + 1;
    GET DIAGNOSTICS v_found = ROW_COUNT;
    IF v_found > p_limit THEN
      RETURN QUERY SELECT NULL::uuid, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF p_iban_prefix IS NOT NULL THEN
    -- A bank's code is the start of many IBANs: counted on the index alone before anything is
    -- looked up.
    SELECT count(*) INTO v_found
      FROM (SELECT 1 FROM counterparty_bank_accounts b
             WHERE b.organization_id = v_org AND b.iban ~>=~ p_iban_prefix AND b.iban ~<~ v_iban_end
             LIMIT p_limit + 1) AS found;
    IF v_found > p_limit THEN
      RETURN QUERY SELECT NULL::uuid, NULL::text;
      RETURN;
    END IF;
    -- Driven by the IBAN index: each account found fetches its counterparty by primary key.
    RETURN QUERY
    SELECT c.id, c.name
      FROM (SELECT b.counterparty_id FROM counterparty_bank_accounts b
             WHERE b.organization_id = v_org AND b.iban ~>=~ p_iban_prefix AND b.iban ~<~ v_iban_end) AS b
     CROSS JOIN LATERAL (SELECT c.id, c.name FROM counterparties c
                          WHERE c.organization_id = v_org AND c.id = b.counterparty_id
                            AND (p_trusted IS NULL OR c.is_trusted = p_trusted)
                          LIMIT 1) AS c;
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_counterparties(text, text, text, text, boolean, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_counterparties(text, text, text, text, boolean, integer) TO kontor_app;

-- The bank-transactions list's text search (issue 61): counterparty name and IBAN, remittance and
-- end-to-end id, folded (search_text). LIKE is not leakproof, so under row-level security a trigram
-- index cannot serve it directly: as in search_invoice_ids, a security-definer function scopes by
-- app.org_id itself and answers the ids; the list then reads those rows through its own policy.
-- Two patterns: the search as typed, and without its blanks (an IBAN typed in groups of four).
CREATE INDEX IF NOT EXISTS bank_transactions_search_trgm ON bank_transactions USING gin (search_text gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
CREATE FUNCTION search_bank_transaction_ids(p_pattern text, p_compact_pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT b.id FROM bank_transactions b
   WHERE b.organization_id = app_org_id()
     AND (b.search_text LIKE counterparty_search_text(p_pattern) OR b.search_text LIKE counterparty_search_text(p_compact_pattern))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_bank_transaction_ids(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_bank_transaction_ids(text, text) TO kontor_app;

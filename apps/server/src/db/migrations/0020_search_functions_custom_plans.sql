-- PL/pgSQL caches the plans of a function's statements per connection and, after five calls,
-- may switch to a generic plan that cannot see the search pattern: for "name ILIKE p_pattern" it
-- then walks the organisation's rows instead of asking the trigram index (measured on 20,000
-- counterparties: 2.0 ms per search with the cached plan, 1.5 ms planned per call). Planning
-- these few statements costs a fraction of a millisecond, so the search functions always plan
-- for the actual pattern.
ALTER FUNCTION search_counterparties(text, text, text, text, boolean, integer) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_invoice_ids(text, bigint[], text[], uuid, integer) SET plan_cache_mode = force_custom_plan;

-- GET and PUT /api/invoices/:id speak SPEC §3's names (ARCHITECTURE §4): counterparty, costCenter,
-- costCenter2, ledgerAccount and partialAmount (the split lines; their references likewise) where the
-- columns say counterpartyId, costCenterId, costCenter2Id, ledgerAccountId and splits. The invoice
-- history and the read marks stored those keys; renamed so that the detail view labels old and new
-- entries alike. Only the keys change: values stay as they were written (an audit trail).
CREATE OR REPLACE FUNCTION pg_temp.spec_invoice_keys(document jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_object_agg(COALESCE(renamed.new_key, entry.key), entry.value), '{}'::jsonb)
    FROM jsonb_each(document) AS entry(key, value)
    LEFT JOIN (VALUES ('counterpartyId', 'counterparty'),
                      ('costCenterId', 'costCenter'),
                      ('costCenter2Id', 'costCenter2'),
                      ('ledgerAccountId', 'ledgerAccount'),
                      ('splits', 'partialAmount')) AS renamed(old_key, new_key)
      ON renamed.old_key = entry.key
$$;
--> statement-breakpoint
UPDATE activity_log
   SET changes = pg_temp.spec_invoice_keys(changes)
 WHERE entity_type = 'invoice'
   AND jsonb_typeof(changes) = 'object'
   AND changes ?| ARRAY['counterpartyId', 'costCenterId', 'costCenter2Id', 'ledgerAccountId', 'splits'];
--> statement-breakpoint
UPDATE invoice_readings
   SET fields = pg_temp.spec_invoice_keys(fields)
 WHERE jsonb_typeof(fields) = 'object'
   AND fields ? 'counterpartyId';

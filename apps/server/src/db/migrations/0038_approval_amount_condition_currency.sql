-- Amount conditions of approval flows name their currency (approval-flow.ts): a threshold in
-- minor units is not the same in euros, dollars and pounds, and Kontor has no exchange rates.
-- Every condition saved before was entered in a form labelled "Amount (€)": it is in euros.
UPDATE approval_flows
   SET conditions = (
     SELECT jsonb_agg(
              CASE WHEN condition->>'kind' IN ('amount_above', 'amount_below') AND NOT condition ? 'currency'
                   THEN condition || '{"currency": "EUR"}'::jsonb
                   ELSE condition END
              ORDER BY position)
       FROM jsonb_array_elements(conditions) WITH ORDINALITY AS element(condition, position))
 WHERE jsonb_typeof(conditions) = 'array'
   AND jsonb_array_length(conditions) > 0
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(conditions) AS element(condition)
                WHERE condition->>'kind' IN ('amount_above', 'amount_below') AND NOT condition ? 'currency');

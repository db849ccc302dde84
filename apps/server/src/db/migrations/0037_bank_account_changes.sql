-- A counterparty's bank details changing is where payment fraud happens, and three gaps let such a
-- change slip by:
-- 1. An edited IBAN kept the account's created_at, so "IBAN changed recently" never fired for it:
--    iban_changed_at records the edit (null: the IBAN the account was created with).
-- 2. An executive verification still open when its account's IBAN changed (or the account was
--    removed) could be approved for the old IBAN and blocked a request for the new one: such
--    requests are closed as 'superseded'. Those left open by earlier edits are closed here, each
--    with its history entry, as the service writes it.
-- 3. Merging left payment_history naming the deleted counterparty, since kontor_app could only
--    read and insert it: it may now re-point the counterparty (merge) or unlink it (delete) and
--    change nothing else of the history. Rows left dangling follow the merge log to the
--    counterparty that absorbed theirs, or lose the link when theirs was deleted.
ALTER TABLE "counterparty_bank_accounts" ADD COLUMN "iban_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE counterparty_executive_verifications DROP CONSTRAINT counterparty_executive_verifications_outcome_check;--> statement-breakpoint
ALTER TABLE counterparty_executive_verifications ADD CONSTRAINT counterparty_executive_verifications_outcome_check CHECK (outcome IN ('pending', 'approved', 'rejected', 'superseded'));--> statement-breakpoint
WITH superseded AS (
  UPDATE counterparty_executive_verifications x
     SET outcome = 'superseded', decided_at = now(), version = x.version + 1, updated_at = now()
   WHERE x.outcome = 'pending'
     AND NOT EXISTS (SELECT 1 FROM counterparty_bank_accounts b
                      WHERE b.organization_id = x.organization_id AND b.id = x.bank_account_id AND b.iban = x.iban)
  RETURNING x.organization_id, x.counterparty_id, x.iban
)
INSERT INTO activity_log (organization_id, entity_type, entity_id, action, actor_type, changes)
SELECT organization_id, 'counterparty', counterparty_id::text, 'update', 'system',
       jsonb_build_object('executiveVerification', jsonb_build_object('from', 'pending', 'to', 'superseded'),
                          'executiveVerificationIban', jsonb_build_object('from', NULL::text, 'to', iban))
  FROM superseded;--> statement-breakpoint
GRANT UPDATE (counterparty_id) ON payment_history TO kontor_app;--> statement-breakpoint
-- Ids compared as text: the log keeps them as text, and a cast would fail on anything else in it.
WITH RECURSIVE merges AS (
  SELECT organization_id, changes ->> 'mergedId' AS merged_id, entity_id AS survivor_id
    FROM activity_log
   WHERE entity_type = 'counterparty' AND action = 'merge' AND changes ->> 'mergedId' IS NOT NULL
), chain (organization_id, start_id, current_id, depth) AS (
  SELECT organization_id, merged_id, survivor_id, 1 FROM merges
  UNION ALL
  SELECT chain.organization_id, chain.start_id, merges.survivor_id, chain.depth + 1
    FROM chain JOIN merges ON merges.organization_id = chain.organization_id AND merges.merged_id = chain.current_id
   WHERE chain.depth < 100
), absorbed_by AS (
  SELECT DISTINCT ON (chain.organization_id, chain.start_id) chain.organization_id, chain.start_id, c.id AS survivor_id
    FROM chain JOIN counterparties c ON c.organization_id = chain.organization_id AND c.id::text = chain.current_id
   ORDER BY chain.organization_id, chain.start_id, chain.depth DESC
)
UPDATE payment_history h
   SET counterparty_id = absorbed_by.survivor_id
  FROM absorbed_by
 WHERE h.organization_id = absorbed_by.organization_id AND h.counterparty_id::text = absorbed_by.start_id
   AND NOT EXISTS (SELECT 1 FROM counterparties c WHERE c.organization_id = h.organization_id AND c.id = h.counterparty_id);--> statement-breakpoint
UPDATE payment_history h
   SET counterparty_id = NULL
 WHERE h.counterparty_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM counterparties c WHERE c.organization_id = h.organization_id AND c.id = h.counterparty_id);

-- A counterparty's verification state for the list and its filter (COUNTERPARTY_VERIFICATION_STATES
-- in packages/domain): over the latest e-mail and the latest executive verification of each of its
-- current bank accounts (a verification counts for the IBAN it was made for only). Security
-- invoker, so row-level security applies; a few index probes per counterparty.
CREATE OR REPLACE FUNCTION counterparty_verification_state(p_org uuid, p_counterparty uuid)
RETURNS text LANGUAGE sql STABLE AS $$
  WITH latest_email AS (
    SELECT DISTINCT ON (e.bank_account_id) e.bank_account_id, e.iban, e.status, e.result
      FROM counterparty_email_verifications e
     WHERE e.organization_id = p_org AND e.counterparty_id = p_counterparty AND e.bank_account_id IS NOT NULL
     ORDER BY e.bank_account_id, e.created_at DESC, e.id DESC
  ), latest_executive AS (
    SELECT DISTINCT ON (x.bank_account_id) x.bank_account_id, x.iban, x.outcome
      FROM counterparty_executive_verifications x
     WHERE x.organization_id = p_org AND x.counterparty_id = p_counterparty AND x.bank_account_id IS NOT NULL
     ORDER BY x.bank_account_id, x.created_at DESC, x.id DESC
  ), accounts AS (
    SELECT b.id, b.iban,
           EXISTS (SELECT 1 FROM latest_email e WHERE e.bank_account_id = b.id AND e.iban = b.iban AND e.result = 'mismatch')
             OR EXISTS (SELECT 1 FROM latest_executive x WHERE x.bank_account_id = b.id AND x.iban = b.iban AND x.outcome = 'rejected') AS mismatch,
           EXISTS (SELECT 1 FROM latest_email e WHERE e.bank_account_id = b.id AND e.iban = b.iban
                      AND e.status IN ('started', 'invitation_sent', 'received', 'opened'))
             OR EXISTS (SELECT 1 FROM latest_executive x WHERE x.bank_account_id = b.id AND x.iban = b.iban AND x.outcome = 'pending') AS pending,
           EXISTS (SELECT 1 FROM latest_email e WHERE e.bank_account_id = b.id AND e.iban = b.iban AND e.result = 'match')
             OR EXISTS (SELECT 1 FROM latest_executive x WHERE x.bank_account_id = b.id AND x.iban = b.iban AND x.outcome = 'approved') AS verified
      FROM counterparty_bank_accounts b
     WHERE b.organization_id = p_org AND b.counterparty_id = p_counterparty
  )
  SELECT CASE
           WHEN bool_or(a.mismatch) THEN 'mismatch'
           WHEN bool_or(a.pending) THEN 'pending'
           WHEN count(*) > 0 AND bool_and(a.verified) THEN 'verified'
           ELSE 'unverified'
         END
    FROM accounts a
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION counterparty_verification_state(uuid, uuid) TO kontor_app;

ALTER TABLE "counterparties" ADD COLUMN "verification_state" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
CREATE INDEX "counterparties_verification_state_idx" ON "counterparties" USING btree ("organization_id","verification_state",lower("name"),"id");--> statement-breakpoint
ALTER TABLE counterparties ADD CONSTRAINT counterparties_verification_state_check CHECK (verification_state IN ('verified', 'pending', 'mismatch', 'unverified'));--> statement-breakpoint
-- The state is stored, not computed per list row (a function call per row cost the list page a
-- third of its throughput), and kept by statement-level triggers: whatever changes a
-- verification or a bank account — a service, a merge, an import, a cascade — recomputes the
-- state of the counterparties it touched, once per statement.
CREATE OR REPLACE FUNCTION refresh_counterparty_verification_states(p_orgs uuid[], p_counterparties uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE counterparties c
     SET verification_state = touched.state
    FROM (SELECT k.organization_id, k.counterparty_id, counterparty_verification_state(k.organization_id, k.counterparty_id) AS state
            FROM (SELECT DISTINCT * FROM unnest(p_orgs, p_counterparties) AS u(organization_id, counterparty_id)) k) touched
   WHERE c.organization_id = touched.organization_id AND c.id = touched.counterparty_id
     AND c.verification_state IS DISTINCT FROM touched.state
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION counterparty_verification_touched_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counterparty_verification_states(array_agg(n.organization_id), array_agg(n.counterparty_id)) FROM new_rows n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION counterparty_verification_touched_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counterparty_verification_states(array_agg(o.organization_id), array_agg(o.counterparty_id)) FROM old_rows o;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION counterparty_verification_touched_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counterparty_verification_states(array_agg(t.organization_id), array_agg(t.counterparty_id))
     FROM (SELECT organization_id, counterparty_id FROM new_rows UNION SELECT organization_id, counterparty_id FROM old_rows) t;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER email_verifications_state_insert AFTER INSERT ON counterparty_email_verifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_new();--> statement-breakpoint
CREATE TRIGGER email_verifications_state_update AFTER UPDATE ON counterparty_email_verifications
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_both();--> statement-breakpoint
CREATE TRIGGER email_verifications_state_delete AFTER DELETE ON counterparty_email_verifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_old();--> statement-breakpoint
CREATE TRIGGER executive_verifications_state_insert AFTER INSERT ON counterparty_executive_verifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_new();--> statement-breakpoint
CREATE TRIGGER executive_verifications_state_update AFTER UPDATE ON counterparty_executive_verifications
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_both();--> statement-breakpoint
CREATE TRIGGER executive_verifications_state_delete AFTER DELETE ON counterparty_executive_verifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_old();--> statement-breakpoint
CREATE TRIGGER bank_accounts_state_insert AFTER INSERT ON counterparty_bank_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_new();--> statement-breakpoint
CREATE TRIGGER bank_accounts_state_update AFTER UPDATE ON counterparty_bank_accounts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_both();--> statement-breakpoint
CREATE TRIGGER bank_accounts_state_delete AFTER DELETE ON counterparty_bank_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_verification_touched_old();--> statement-breakpoint
UPDATE counterparties c SET verification_state = counterparty_verification_state(c.organization_id, c.id)
 WHERE EXISTS (SELECT 1 FROM counterparty_email_verifications e WHERE e.organization_id = c.organization_id AND e.counterparty_id = c.id)
    OR EXISTS (SELECT 1 FROM counterparty_executive_verifications x WHERE x.organization_id = c.organization_id AND x.counterparty_id = c.id);

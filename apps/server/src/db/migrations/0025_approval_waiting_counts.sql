CREATE TABLE "approval_waiting_counts" (
	"organization_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_waiting_counts" ADD CONSTRAINT "approval_waiting_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_waiting_counts_approver_idx" ON "approval_waiting_counts" USING btree ("organization_id","approver_id","entity_type");--> statement-breakpoint
-- Every statement that inserts, deletes or changes approval_items adds, per (organisation,
-- approver, entity type), the net change of its waiting items as one new row. Rows are never
-- updated by the app, so no two transactions wait on each other here.
GRANT SELECT, INSERT ON approval_waiting_counts TO kontor_app;--> statement-breakpoint
ALTER TABLE approval_waiting_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_waiting_counts TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
CREATE OR REPLACE FUNCTION approval_waiting_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO approval_waiting_counts (organization_id, approver_id, entity_type, count)
    SELECT organization_id, approver_id, entity_type, count(*) FROM new_rows WHERE is_waiting GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO approval_waiting_counts (organization_id, approver_id, entity_type, count)
    SELECT organization_id, approver_id, entity_type, -count(*) FROM old_rows WHERE is_waiting GROUP BY 1, 2, 3;
  ELSE
    -- Updates that change no waiting state (a reason, a decision date) net to zero and add nothing.
    INSERT INTO approval_waiting_counts (organization_id, approver_id, entity_type, count)
    SELECT organization_id, approver_id, entity_type, sum(delta)
      FROM (SELECT organization_id, approver_id, entity_type, -1 AS delta FROM old_rows WHERE is_waiting
            UNION ALL
            SELECT organization_id, approver_id, entity_type, 1 FROM new_rows WHERE is_waiting) AS changes
     GROUP BY 1, 2, 3
    HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER approval_waiting_counts_insert AFTER INSERT ON approval_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION approval_waiting_counts_apply();--> statement-breakpoint
CREATE TRIGGER approval_waiting_counts_update AFTER UPDATE ON approval_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION approval_waiting_counts_apply();--> statement-breakpoint
CREATE TRIGGER approval_waiting_counts_delete AFTER DELETE ON approval_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION approval_waiting_counts_apply();--> statement-breakpoint
INSERT INTO approval_waiting_counts (organization_id, approver_id, entity_type, count)
SELECT organization_id, approver_id, entity_type, count(*) FROM approval_items WHERE is_waiting GROUP BY 1, 2, 3;

-- Keeps invoice_status_counts exact: every statement that inserts, deletes or changes the status
-- or uploader of invoices adds its net change per (organisation, status, uploader) in one upsert.
GRANT SELECT, INSERT, UPDATE ON invoice_status_counts TO kontor_app;--> statement-breakpoint
ALTER TABLE invoice_status_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_status_counts TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_counts AS c (organization_id, status, uploaded_by, count)
    SELECT organization_id, status, coalesce(uploaded_by, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
      FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, status, uploaded_by) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_status_counts AS c (organization_id, status, uploaded_by, count)
    SELECT organization_id, status, coalesce(uploaded_by, '00000000-0000-0000-0000-000000000000'::uuid), -count(*)
      FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, status, uploaded_by) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- Edits that change neither status nor uploader net to zero and write nothing (no lock taken).
    INSERT INTO invoice_status_counts AS c (organization_id, status, uploaded_by, count)
    SELECT organization_id, status, uploader, sum(delta)
      FROM (SELECT organization_id, status, coalesce(uploaded_by, '00000000-0000-0000-0000-000000000000'::uuid) AS uploader, -1 AS delta FROM old_rows
            UNION ALL
            SELECT organization_id, status, coalesce(uploaded_by, '00000000-0000-0000-0000-000000000000'::uuid), 1 FROM new_rows) AS changes
     GROUP BY 1, 2, 3
    HAVING sum(delta) <> 0
    ON CONFLICT (organization_id, status, uploaded_by) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_status_counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER invoice_status_counts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER invoice_status_counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_counts_apply();--> statement-breakpoint
INSERT INTO invoice_status_counts (organization_id, status, uploaded_by, count)
SELECT organization_id, status, coalesce(uploaded_by, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM invoices GROUP BY 1, 2, 3
ON CONFLICT (organization_id, status, uploaded_by) DO UPDATE SET count = excluded.count;

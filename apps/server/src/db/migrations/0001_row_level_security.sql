-- Row-level security: the backstop behind "every tenant query is scoped by organisation".
-- Requests run as the role kontor_app (SET LOCAL ROLE inside their transaction) with
-- app.org_id and app.user_id set; the tables' owner (migrations, auth, seed, job dispatch)
-- is not subject to these policies because RLS is enabled, not forced, for the owner.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kontor_app') THEN
    CREATE ROLE kontor_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT kontor_app TO %I', current_user);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'could not grant kontor_app to %: %', current_user, SQLERRM;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_org_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kontor_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_org_id(), app_user_id() TO kontor_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kontor_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO kontor_app;--> statement-breakpoint

GRANT SELECT, UPDATE ON organizations TO kontor_app;--> statement-breakpoint
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON organizations TO kontor_app USING (id = app_org_id()) WITH CHECK (id = app_org_id());--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE, DELETE ON memberships TO kontor_app;--> statement-breakpoint
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON memberships TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON subscriptions TO kontor_app;--> statement-breakpoint
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscriptions TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON usage_counters TO kontor_app;--> statement-breakpoint
ALTER TABLE usage_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON usage_counters TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint

-- The activity log is append-only for the application: no UPDATE, no DELETE.
GRANT SELECT, INSERT ON activity_log TO kontor_app;--> statement-breakpoint
ALTER TABLE activity_log ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_log TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint

GRANT SELECT, INSERT ON mail_outbox TO kontor_app;--> statement-breakpoint
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON mail_outbox TO kontor_app USING (organization_id = app_org_id()) WITH CHECK (organization_id = app_org_id());--> statement-breakpoint

-- Users are global; a request sees itself and the members of its organisation.
GRANT SELECT ON users TO kontor_app;--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY member_visibility ON users TO kontor_app USING (
  id = app_user_id()
  OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = users.id AND m.organization_id = app_org_id())
);

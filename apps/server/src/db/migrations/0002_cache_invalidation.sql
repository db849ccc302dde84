-- Processes cache sessions, users, memberships and organisations in memory; every change
-- to those rows (by the app or by hand) tells all processes to drop their copy on commit.
CREATE OR REPLACE FUNCTION notify_cache_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END);
BEGIN
  PERFORM pg_notify('kontor_cache', json_build_object('table', TG_TABLE_NAME, 'key', row_data ->> TG_ARGV[0])::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_cache AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('id_hash');--> statement-breakpoint
CREATE TRIGGER users_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('id');--> statement-breakpoint
CREATE TRIGGER memberships_cache AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('user_id');--> statement-breakpoint
CREATE TRIGGER organizations_cache AFTER UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('id');

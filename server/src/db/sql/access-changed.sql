-- The access-changed notice: a session, an admin, a role or a grant changed, so every process forgets what it
-- keeps in memory of who may do what (server/src/auth/session-cache.ts).

-- Each process keeps who-may-do-what of live sessions in memory (server/src/auth/session-cache.ts) and
-- forgets it on this notification. Any change to a session, an admin or a grant sends it, whichever code
-- or process writes; PostgreSQL delivers it at commit. Statement-level: one notice per statement, however
-- many rows, and notices of one transaction collapse into one.
CREATE OR REPLACE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vod_access_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_access_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER admins_access_changed AFTER UPDATE OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER admin_roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER permissions_access_changed AFTER UPDATE OR DELETE OR TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER roles_access_changed AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();

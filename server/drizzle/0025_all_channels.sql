-- Channel scoping (docs/security.md): an admin listed with no channel used to see every channel; now only
-- `all-channels` grants that. Roles that read channel data, none of whose admins administers a channel,
-- keep what their admins saw; the roles of channel admins do not get it, so no one's view widens.
INSERT INTO "permissions" ("name", "group") VALUES ('all-channels', 'channels') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT DISTINCT rp."role_id", granted."id"
FROM "role_permissions" rp
JOIN "permissions" held ON held."id" = rp."permission_id"
CROSS JOIN (SELECT "id" FROM "permissions" WHERE "name" = 'all-channels') granted
WHERE (held."name" IN ('list-users', 'list-orders', 'list-subscriptions', 'list-channels', 'view-dashboard')
    OR held."name" LIKE '%-daily-%')
  AND NOT EXISTS (
    SELECT 1 FROM "admin_roles" ar JOIN "channel_admins" ca ON ca."admin_id" = ar."admin_id"
    WHERE ar."role_id" = rp."role_id")
ON CONFLICT DO NOTHING;

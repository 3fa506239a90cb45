-- Field rules per role (docs/security.md "Field rules"): resource -> field -> write | read | masked | none; an empty
-- object keeps what the role's permissions give, so nothing changes until an admin narrows it.
ALTER TABLE "roles" ADD COLUMN "field_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;
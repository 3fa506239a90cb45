CREATE TABLE "saved_view_defaults" (
	"saved_view_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "saved_view_defaults_saved_view_id_role_id_pk" PRIMARY KEY("saved_view_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "density" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_saved_view_id_saved_views_id_fk" FOREIGN KEY ("saved_view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_defaults_role_id_index" ON "saved_view_defaults" USING btree ("role_id");--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_density_check" CHECK ("saved_views"."density" in ('default', 'compact'));--> statement-breakpoint
-- A view's columns were the keys it hid; now each is {key, shown, width?} in the view's order.
UPDATE "saved_views" SET "columns" = (SELECT coalesce(jsonb_agg(jsonb_build_object('key', c, 'shown', false)), '[]'::jsonb) FROM jsonb_array_elements_text("saved_views"."columns") AS c) WHERE jsonb_typeof("columns") = 'array' AND "columns" <> '[]'::jsonb;

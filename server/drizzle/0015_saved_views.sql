CREATE TABLE "saved_view_roles" (
	"saved_view_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "saved_view_roles_saved_view_id_role_id_pk" PRIMARY KEY("saved_view_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(60) NOT NULL,
	"list" varchar(100) NOT NULL,
	"query" varchar(2000) NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared" text NOT NULL,
	"owner_admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_shared_check" CHECK ("saved_views"."shared" in ('everyone', 'roles', 'private'))
);
--> statement-breakpoint
ALTER TABLE "saved_view_roles" ADD CONSTRAINT "saved_view_roles_saved_view_id_saved_views_id_fk" FOREIGN KEY ("saved_view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_roles" ADD CONSTRAINT "saved_view_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_admin_id_admins_id_fk" FOREIGN KEY ("owner_admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_roles_role_id_index" ON "saved_view_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "saved_views_owner_admin_id_index" ON "saved_views" USING btree ("owner_admin_id");--> statement-breakpoint
CREATE INDEX "saved_views_list_index" ON "saved_views" USING btree ("list","name");
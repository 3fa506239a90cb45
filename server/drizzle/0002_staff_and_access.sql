CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"admin_username" varchar(255),
	"resource" varchar(100) NOT NULL,
	"record_id" integer,
	"action" varchar(100) NOT NULL,
	"ip" varchar(64),
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(320) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"admin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_admin_id_user_id_pk" PRIMARY KEY("admin_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" varchar(100) NOT NULL,
	"email" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_admin_id_id_index" ON "audit_logs" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_resource_id_index" ON "audit_logs" USING btree ("resource","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_id_index" ON "audit_logs" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_index" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_expires_at_index" ON "login_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "admin_users_user_id_index" ON "admin_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_users_admin_id_assigned_at_index" ON "admin_users" USING btree ("admin_id","assigned_at");
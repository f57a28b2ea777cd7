-- Bulk actions over devices and each device's step of them; the queue that runs them is
-- pg-boss's, in its own schema, made by the server at start.
CREATE TABLE "actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "action_steps" (
	"action_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "action_steps_action_id_device_id_pk" PRIMARY KEY("action_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "action_steps" ADD CONSTRAINT "action_steps_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "action_steps" ADD CONSTRAINT "action_steps_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "action_steps_device_id_idx" ON "action_steps" USING btree ("device_id","action_id");

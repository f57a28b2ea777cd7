ALTER TABLE "devices" ADD COLUMN "description" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "signal" smallint;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "temperature" real;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "operator" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connection_type" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "wan_ip" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "router_uptime" integer;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sent" bigint;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "received" bigint;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "facts" jsonb;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE TABLE "device_tags" (
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"tag_id" integer NOT NULL REFERENCES "tags"("id") ON DELETE cascade,
	PRIMARY KEY ("device_id", "tag_id")
);
--> statement-breakpoint
CREATE INDEX "device_tags_tag_id_idx" ON "device_tags" USING btree ("tag_id","device_id");
--> statement-breakpoint
-- Measurements over time, one partition per day; the default partition takes rows whose
-- day has no partition yet, so a write never fails for want of one.
CREATE TABLE "device_telemetry" (
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"signal" smallint,
	"temperature" real,
	"sent" bigint,
	"received" bigint,
	"latitude" double precision,
	"longitude" double precision,
	"cpu_load" real,
	"memory_free" bigint,
	"digital_input" smallint,
	"relay_output" smallint
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "device_telemetry_default" PARTITION OF "device_telemetry" DEFAULT;
--> statement-breakpoint
CREATE INDEX "device_telemetry_device_at_idx" ON "device_telemetry" USING btree ("device_id","at");
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"message" text,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"task_id" text
);
--> statement-breakpoint
CREATE INDEX "device_events_device_at_idx" ON "device_events" USING btree ("device_id","at","id");
--> statement-breakpoint
CREATE TABLE "device_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"requested_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "device_tasks_device_id_idx" ON "device_tasks" USING btree ("device_id","created_at");

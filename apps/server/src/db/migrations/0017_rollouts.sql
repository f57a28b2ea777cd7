-- A rollout's plan (canary share, failure threshold, window), the wave it has released
-- and why it paused itself; each step knows its wave.
ALTER TABLE "actions" ADD COLUMN "plan" jsonb;
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "wave" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "paused_reason" text;
--> statement-breakpoint
ALTER TABLE "action_steps" ADD COLUMN "wave" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A file task names its file and carries a one-time download token; the device reports
-- its stage. A task is sent (sent_at) now, or when its device comes online.
ALTER TABLE "device_tasks" ADD COLUMN "params" jsonb;
--> statement-breakpoint
ALTER TABLE "device_tasks" ADD COLUMN "stage" text;
--> statement-breakpoint
ALTER TABLE "device_tasks" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "device_tasks" ADD COLUMN "download_token" text;
--> statement-breakpoint
ALTER TABLE "device_tasks" ADD COLUMN "downloaded_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "device_tasks" SET "sent_at" = "created_at";
--> statement-breakpoint
CREATE UNIQUE INDEX "device_tasks_download_token_idx" ON "device_tasks" USING btree ("download_token");
--> statement-breakpoint
CREATE INDEX "device_tasks_pending_idx" ON "device_tasks" USING btree ("sent_at") WHERE "device_tasks"."status" = 'pending';
--> statement-breakpoint
-- The device's own time zone, which maintenance windows follow.
ALTER TABLE "devices" ADD COLUMN "timezone" text;

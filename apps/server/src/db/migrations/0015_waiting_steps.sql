-- A device's task can belong to an action's step, which waits for the device's answer.
ALTER TABLE "device_tasks" ADD COLUMN "action_id" integer;
--> statement-breakpoint
ALTER TABLE "device_tasks" ADD CONSTRAINT "device_tasks_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- An action's log outlives the devices it deleted: a step keeps the id of its device.
ALTER TABLE "action_steps" DROP CONSTRAINT "action_steps_device_id_devices_id_fk";
--> statement-breakpoint
-- A listener joining a status channel late is told where its action stands.
CREATE INDEX "actions_channel_idx" ON "actions" USING btree ("channel");

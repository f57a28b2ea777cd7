-- The device list at a million rows: every sort key it offers is an index ending with the
-- id (the tie-break), so a page after a cursor is a range read however deep it lies. The
-- serial's unique index and created_at's index already serve their sorts; the tenant filter
-- has devices_company_id_idx. Columns the gateway rewrites on every heartbeat (last_seen_at,
-- signal) stay unindexed so that those updates remain HOT.
CREATE INDEX "devices_name_id_idx" ON "devices" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX "devices_model_id_idx" ON "devices" USING btree ("model","id");
--> statement-breakpoint
CREATE INDEX "devices_firmware_id_idx" ON "devices" USING btree ((coalesce("firmware", '')),"id");
--> statement-breakpoint
CREATE INDEX "devices_status_id_idx" ON "devices" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "devices_mac_idx" ON "devices" USING btree ("mac");

-- A search also reads every entry a GIN index holds unmerged. Even bounded to 256 kB, a
-- fleet's writes kept 15–25 such pages per index at a million devices, a fifth of each
-- search's time in the database. Names, serials and MACs change rarely, so their trigram
-- indexes now take each entry in at once, and what was pending is merged here.
ALTER INDEX "devices_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "devices_name_trgm_idx" RESET (gin_pending_list_limit);
--> statement-breakpoint
ALTER INDEX "devices_serial_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "devices_serial_trgm_idx" RESET (gin_pending_list_limit);
--> statement-breakpoint
ALTER INDEX "devices_mac_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "devices_mac_trgm_idx" RESET (gin_pending_list_limit);
--> statement-breakpoint
SELECT gin_clean_pending_list('devices_name_trgm_idx'::regclass),
  gin_clean_pending_list('devices_serial_trgm_idx'::regclass),
  gin_clean_pending_list('devices_mac_trgm_idx'::regclass);

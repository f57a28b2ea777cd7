-- A search reads the whole list of entries a GIN index has not merged yet. At the default
-- 4 MB, a burst of device writes left 300 pages that every search read (1.5 ms at a million
-- devices); 256 kB bounds that to a few dozen.
ALTER INDEX "devices_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "devices_serial_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "devices_mac_trgm_idx" SET (gin_pending_list_limit = 256);

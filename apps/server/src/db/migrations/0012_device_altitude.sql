-- Devices with a GNSS fix report their height beside their position (RMS answers `altitude`
-- with latitude and longitude); null where a device never reported one.
ALTER TABLE "devices" ADD COLUMN "altitude" double precision;
--> statement-breakpoint
-- Added to the partitioned parent, the column reaches every daily partition and the default one.
ALTER TABLE "device_telemetry" ADD COLUMN "altitude" double precision;

ALTER TABLE "devices" ADD COLUMN "secret_hash" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "enrolment_tokens" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_tokens_hash_key" ON "enrolment_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE TABLE "device_connection_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer REFERENCES "devices"("id") ON DELETE cascade,
	"serial" text NOT NULL,
	"mac" text NOT NULL,
	"code" smallint NOT NULL,
	"reason" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_connection_attempts_device_id_idx" ON "device_connection_attempts" USING btree ("device_id","created_at");

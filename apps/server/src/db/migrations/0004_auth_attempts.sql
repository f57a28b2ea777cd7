CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_in_count";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_in_since";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_by" text;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor" text;

-- A withdrawn invitation stays listed as revoked; its link no longer works.
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");
--> statement-breakpoint
-- Who moved whom from which company to which. Names and e-mails are copied, so a row still
-- reads after the user or a company is gone.
CREATE TABLE "user_move_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"user_email" text NOT NULL,
	"from_company_id" integer REFERENCES "companies"("id") ON DELETE set null,
	"from_company_name" text NOT NULL,
	"to_company_id" integer REFERENCES "companies"("id") ON DELETE set null,
	"to_company_name" text NOT NULL,
	"moved_by_id" integer REFERENCES "users"("id") ON DELETE set null,
	"moved_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_move_logs_from_company_id_idx" ON "user_move_logs" USING btree ("from_company_id");
--> statement-breakpoint
CREATE INDEX "user_move_logs_to_company_id_idx" ON "user_move_logs" USING btree ("to_company_id");
--> statement-breakpoint
CREATE INDEX "user_move_logs_user_id_idx" ON "user_move_logs" USING btree ("user_id");
--> statement-breakpoint
-- Addresses mail is no longer sent to: a message to them was refused for good.
CREATE TABLE "suppressed_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

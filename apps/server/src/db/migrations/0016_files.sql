-- Files kept for devices; their bytes are in the file store, under storage_key.
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" text,
	"device_model" text,
	"device_id" integer,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "files_company_id_idx" ON "files" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "files_company_type_name_idx" ON "files" USING btree (coalesce("company_id", 0),"type","name");

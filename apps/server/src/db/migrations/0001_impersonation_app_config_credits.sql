CREATE TABLE "company_credits" (
	"company_id" integer NOT NULL,
	"credit_type_id" integer NOT NULL,
	"credits_count" integer DEFAULT 0 NOT NULL,
	"credits_left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_credits_company_id_credit_type_id_pk" PRIMARY KEY("company_id","credit_type_id")
);
--> statement-breakpoint
CREATE TABLE "credit_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"payment_type" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "impersonation_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"operator_email" text NOT NULL,
	"target_id" integer,
	"target_email" text NOT NULL,
	"target_company_id" integer NOT NULL,
	"session_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "remaining_data" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_credit_type_id_credit_types_id_fk" FOREIGN KEY ("credit_type_id") REFERENCES "public"."credit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_grants" ADD CONSTRAINT "impersonation_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_types_code_key" ON "credit_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_grants_hash_key" ON "impersonation_grants" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "impersonation_grants_user_id_idx" ON "impersonation_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "impersonation_logs_target_company_id_idx" ON "impersonation_logs" USING btree ("target_company_id");--> statement-breakpoint
CREATE INDEX "impersonation_logs_started_at_idx" ON "impersonation_logs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "impersonation_logs_target_id_idx" ON "impersonation_logs" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_logs_live_session_key" ON "impersonation_logs" USING btree ("session_id") WHERE "impersonation_logs"."ended_at" is null;
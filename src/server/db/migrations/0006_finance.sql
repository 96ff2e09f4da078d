CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_method_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"short_name" text NOT NULL,
	"paid_amount" numeric(14, 4),
	"bonus_amount" numeric(14, 4),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('pending', 'paid', 'expired')),
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_method_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_method_id" integer NOT NULL,
	"bonus_percent" numeric(6, 4) DEFAULT '0' NOT NULL,
	"from_amount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_bonuses_percent_check" CHECK ("payment_method_bonuses"."bonus_percent" >= 0 AND "payment_method_bonuses"."bonus_percent" <= 1)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_method_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"account_number" text NOT NULL,
	"user_comment" text,
	"amount" numeric(14, 4) NOT NULL,
	"fee" numeric(14, 4) DEFAULT '0' NOT NULL,
	"admin_note" text,
	"transaction_id" text,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" IN ('pending', 'approved', 'paid', 'rejected')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0 AND "withdrawals"."fee" >= 0 AND "withdrawals"."fee" < "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "allow_qr_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "payment_qr_code" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "min_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "max_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fee_percent" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "charge_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "charge_type" text DEFAULT 'gross' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "strategy" text DEFAULT 'redirect' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "is_allowed_for_new_user" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "secrets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "public_fields" jsonb DEFAULT '{"isUserComment":false,"qrCode":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "withdrawal_options" jsonb DEFAULT '{"availableForWithdrawal":false,"feePercent":"0.000","maxAmount":null,"minAmount":null,"minFee":"0"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_bonuses" ADD CONSTRAINT "payment_method_bonuses_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_method_bonuses_method_idx" ON "payment_method_bonuses" USING btree ("payment_method_id","from_amount");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transactions_user_id_idx" ON "transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "transactions_type_id_idx" ON "transactions" USING btree ("type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_type_unique" ON "transactions" USING btree ("invoice_id","type") WHERE "transactions"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_withdrawal_type_unique" ON "transactions" USING btree ("withdrawal_id","type") WHERE "transactions"."withdrawal_id" IS NOT NULL;
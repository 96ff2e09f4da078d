CREATE TABLE "coupon_usages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer,
	"order_id" bigint,
	"transaction_id" bigint,
	"kind" text NOT NULL,
	"spent" numeric(14, 4) NOT NULL,
	"received" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"displayable" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"code" text NOT NULL,
	"payment_type" text NOT NULL,
	"bonus_type" text NOT NULL,
	"bonus_amount_calculation_type" text NOT NULL,
	"bonus_percentage" numeric(6, 4),
	"bonus_amount" numeric(14, 4),
	"min_amount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"affiliate_id" integer,
	"work_with_service_discount" boolean DEFAULT false NOT NULL,
	"work_with_user_custom_price" boolean DEFAULT false NOT NULL,
	"use_with_only_unpaid_orders" boolean DEFAULT false NOT NULL,
	"work_with_balance" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" IN ('active', 'archived')),
	CONSTRAINT "coupons_bonus_percentage_check" CHECK ("coupons"."bonus_percentage" IS NULL OR ("coupons"."bonus_percentage" >= 0 AND "coupons"."bonus_percentage" <= 1))
);
--> statement-breakpoint
CREATE TABLE "discount_services" (
	"discount_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"discount_percent" numeric(6, 4) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discount_services_discount_id_service_id_pk" PRIMARY KEY("discount_id","service_id"),
	CONSTRAINT "discount_services_percent_check" CHECK ("discount_services"."discount_percent" > 0 AND "discount_services"."discount_percent" <= 1)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_status_check" CHECK ("discounts"."status" IN ('active', 'completed', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_services" ADD CONSTRAINT "discount_services_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_services" ADD CONSTRAINT "discount_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_usages_coupon_idx" ON "coupon_usages" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_usages_created_at_idx" ON "coupon_usages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_services_service_idx" ON "discount_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "discounts_status_idx" ON "discounts" USING btree ("status","valid_to");
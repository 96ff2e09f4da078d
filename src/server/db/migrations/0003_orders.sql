CREATE TABLE "cancel_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"text" text NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cancel_reasons_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "order_refill_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"quantity" integer,
	"external_refill_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refill_requests_status_check" CHECK ("order_refill_requests"."status" IN ('pending', 'in_progress', 'completed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "order_statistics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'default' NOT NULL,
	"external_panel_id" integer NOT NULL,
	"external_panel_service_id" text NOT NULL,
	"source_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"source_pricing_per" integer DEFAULT 1000 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"last_available_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_services_status_check" CHECK ("provider_services"."status" IN ('active', 'disabled')),
	CONSTRAINT "provider_services_pricing_per_check" CHECK ("provider_services"."source_pricing_per" > 0)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"endpoint" text NOT NULL,
	"api_token" text NOT NULL,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"resale_margin_percent" numeric(6, 4) DEFAULT '0' NOT NULL,
	"favicon" text,
	"sync_failed" boolean DEFAULT false NOT NULL,
	"is_our_panel" boolean DEFAULT false NOT NULL,
	"auto_recreate_orders_is_allowed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_type_check" CHECK ("providers"."type" IN ('socpanel', 'perfect_panel', 'social_value')),
	CONSTRAINT "providers_status_check" CHECK ("providers"."status" IN ('active', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"service_id" integer NOT NULL,
	"provider_service_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_providers_service_id_provider_service_id_pk" PRIMARY KEY("service_id","provider_service_id")
);
--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "current_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_count" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'cabinet' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "percent_of_external_statistics_fill" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_modifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_service_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_quantity" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_description" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refill_requests" ADD CONSTRAINT "order_refill_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_statistics" ADD CONSTRAINT "order_statistics_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_external_panel_id_providers_id_fk" FOREIGN KEY ("external_panel_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_provider_service_id_provider_services_id_fk" FOREIGN KEY ("provider_service_id") REFERENCES "public"."provider_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refill_requests_order_idx" ON "order_refill_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_statistics_order_idx" ON "order_statistics" USING btree ("order_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_services_panel_service_unique" ON "provider_services" USING btree ("external_panel_id","external_panel_service_id");--> statement-breakpoint
CREATE INDEX "providers_name_idx" ON "providers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_providers_provider_service_idx" ON "service_providers" USING btree ("provider_service_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_service_id_provider_services_id_fk" FOREIGN KEY ("provider_service_id") REFERENCES "public"."provider_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_service_idx" ON "orders" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_completed_at_idx" ON "orders" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "orders_source_type_id_idx" ON "orders" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "orders_provider_idx" ON "orders" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "orders_no_active_providers_idx" ON "orders" USING btree ("id") WHERE "orders"."has_no_active_providers";--> statement-breakpoint
CREATE INDEX "orders_url_trgm_idx" ON "orders" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('in_processing', 'in_moderation', 'completed', 'stopped', 'canceled', 'unpaid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" IN ('api', 'cabinet', 'order_widget', 'socpanel', 'perfect_panel_api', 'subscription', 'order_widget_multiple',
        'buy_page', 'single_form', 'drip_feed', 'free_trial', 'package', 'order_widget_step_by_step', 'order_widget_mini'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_type_check" CHECK ("orders"."source_type" IS NULL OR "orders"."source_type" IN ('drip_feed', 'subscription', 'combo_order'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."price" >= 0 AND "orders"."cost" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 0 AND "orders"."current_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_check" CHECK ("orders"."refund_amount" >= 0 AND "orders"."refund_amount" <= CASE WHEN "orders"."is_paid" THEN "orders"."price" ELSE 0 END);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_user_check" CHECK (NOT "orders"."is_paid" OR "orders"."user_id" IS NOT NULL);
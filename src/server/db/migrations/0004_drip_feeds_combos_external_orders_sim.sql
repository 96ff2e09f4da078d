CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'auto' NOT NULL,
	"network_id" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_type_check" CHECK ("packages"."type" IN ('auto', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "drip_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'in_processing' NOT NULL,
	"quantity" integer NOT NULL,
	"runs" integer NOT NULL,
	"minutes_between_runs" integer NOT NULL,
	"price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"promotable" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "drip_feeds_status_check" CHECK ("drip_feeds"."status" IN ('in_processing', 'completed', 'canceled')),
	CONSTRAINT "drip_feeds_quantity_check" CHECK ("drip_feeds"."quantity" > 0 AND "drip_feeds"."runs" > 0 AND "drip_feeds"."minutes_between_runs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_contents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"url" text NOT NULL,
	"order_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payment_methods" (
	"subscription_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	CONSTRAINT "subscription_payment_methods_subscription_id_payment_method_id_pk" PRIMARY KEY("subscription_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cost" numeric(14, 4) NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'in_processing' NOT NULL,
	"contents_limit" integer NOT NULL,
	"billing_type" text NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('in_processing', 'completed', 'canceled')),
	CONSTRAINT "subscriptions_type_check" CHECK ("subscriptions"."type" IN ('posts', 'reels', 'stories', 'videos', 'live_streams')),
	CONSTRAINT "subscriptions_billing_type_check" CHECK ("subscriptions"."billing_type" IN ('per_content', 'one_time', 'recurring')),
	CONSTRAINT "subscriptions_contents_limit_check" CHECK ("subscriptions"."contents_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "combo_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'in_moderation' NOT NULL,
	"orders_count" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "combo_orders_status_check" CHECK ("combo_orders"."status" IN ('in_moderation', 'in_processing', 'completed', 'canceled')),
	CONSTRAINT "combo_orders_orders_count_check" CHECK ("combo_orders"."orders_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "external_panel_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider_id" integer NOT NULL,
	"external_service_id" text,
	"external_id" text,
	"status" text DEFAULT 'creating' NOT NULL,
	"quantity" integer NOT NULL,
	"base_quantity" integer DEFAULT 0 NOT NULL,
	"url" text NOT NULL,
	"charge" numeric(14, 4),
	"currency" text,
	"start_count" integer,
	"remains" integer,
	"error" text,
	"recreated_from_id" bigint,
	"recreated_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_panel_orders_status_check" CHECK ("external_panel_orders"."status" IN ('creating', 'pending', 'in_progress', 'processing', 'completed', 'partial', 'canceled')),
	CONSTRAINT "external_panel_orders_quantity_check" CHECK ("external_panel_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sim_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"api_key" text NOT NULL,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_accounts_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "sim_orders" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "sim_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 7000001 CACHE 1),
	"account_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"runs" integer,
	"interval" integer,
	"charge" numeric(14, 4) NOT NULL,
	"start_count" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"remains" integer NOT NULL,
	"outcome" text NOT NULL,
	"target" integer NOT NULL,
	"placed_at_ms" bigint NOT NULL,
	"pending_ms" integer NOT NULL,
	"processing_ms" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"canceled_at_ms" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_orders_status_check" CHECK ("sim_orders"."status" IN ('Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "sim_refills" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "sim_refills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 501 CACHE 1),
	"order_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"requested_at_ms" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_services" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'Default' NOT NULL,
	"category" text NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	"refill" boolean DEFAULT false NOT NULL,
	"cancel" boolean DEFAULT false NOT NULL,
	"dripfeed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_feeds" ADD CONSTRAINT "drip_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_feeds" ADD CONSTRAINT "drip_feeds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_contents" ADD CONSTRAINT "subscription_contents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_methods" ADD CONSTRAINT "subscription_payment_methods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_methods" ADD CONSTRAINT "subscription_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_services" ADD CONSTRAINT "subscription_services_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_services" ADD CONSTRAINT "subscription_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_orders" ADD CONSTRAINT "combo_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_orders" ADD CONSTRAINT "combo_orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_panel_orders" ADD CONSTRAINT "external_panel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_panel_orders" ADD CONSTRAINT "external_panel_orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_panel_orders" ADD CONSTRAINT "external_panel_orders_recreated_from_id_external_panel_orders_id_fk" FOREIGN KEY ("recreated_from_id") REFERENCES "public"."external_panel_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_orders" ADD CONSTRAINT "sim_orders_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_refills" ADD CONSTRAINT "sim_refills_order_id_sim_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sim_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_refills" ADD CONSTRAINT "sim_refills_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_network_idx" ON "packages" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "drip_feeds_status_id_idx" ON "drip_feeds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "drip_feeds_user_idx" ON "drip_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "drip_feeds_service_idx" ON "drip_feeds" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "drip_feeds_created_at_idx" ON "drip_feeds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscription_contents_subscription_idx" ON "subscription_contents" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "subscription_payment_methods_method_idx" ON "subscription_payment_methods" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "subscription_services_subscription_idx" ON "subscription_services" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_services_service_idx" ON "subscription_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_id_idx" ON "subscriptions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "combo_orders_status_id_idx" ON "combo_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "combo_orders_user_idx" ON "combo_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "combo_orders_package_idx" ON "combo_orders" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "combo_orders_created_at_idx" ON "combo_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "external_panel_orders_status_id_idx" ON "external_panel_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "external_panel_orders_order_idx" ON "external_panel_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "external_panel_orders_provider_idx" ON "external_panel_orders" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "external_panel_orders_created_at_idx" ON "external_panel_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "external_panel_orders_to_send_idx" ON "external_panel_orders" USING btree ("id") WHERE "external_panel_orders"."status" = 'creating' AND "external_panel_orders"."external_id" IS NULL AND "external_panel_orders"."error" IS NULL;--> statement-breakpoint
CREATE INDEX "external_panel_orders_to_check_idx" ON "external_panel_orders" USING btree ("checked_at") WHERE "external_panel_orders"."status" IN ('pending', 'in_progress', 'processing');--> statement-breakpoint
CREATE INDEX "sim_orders_account_idx" ON "sim_orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sim_refills_order_idx" ON "sim_refills" USING btree ("order_id");
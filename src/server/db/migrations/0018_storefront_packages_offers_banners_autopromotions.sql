CREATE TABLE "package_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"is_displayable" boolean DEFAULT true NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_contents_quantity_check" CHECK ("package_contents"."quantity" > 0)
);--> statement-breakpoint
CREATE TABLE "auto_promotion_networks" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "auto_promotion_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "banner_informations" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"background_image" text,
	"background_color" text,
	"image" text,
	"sorting" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"type" text DEFAULT 'none' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"scroll_delay" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_scroll_delay_check" CHECK ("banners"."scroll_delay" IS NULL OR "banners"."scroll_delay" BETWEEN 1 AND 15)
);--> statement-breakpoint
CREATE TABLE "special_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"position" text NOT NULL,
	"network_id" integer NOT NULL,
	"service_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "default_cost" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "difference" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "total_cost" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "fixed_cost" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "discount_percent" numeric(5, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "sync" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "restricted_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "buy_page_url" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "package_contents" ADD CONSTRAINT "package_contents_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_contents" ADD CONSTRAINT "package_contents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_promotion_networks" ADD CONSTRAINT "auto_promotion_networks_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_promotion_services" ADD CONSTRAINT "auto_promotion_services_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_promotion_services" ADD CONSTRAINT "auto_promotion_services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_promotion_services" ADD CONSTRAINT "auto_promotion_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_informations" ADD CONSTRAINT "banner_informations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_offers" ADD CONSTRAINT "special_offers_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_contents_package_idx" ON "package_contents" USING btree ("package_id","sorting");--> statement-breakpoint
CREATE INDEX "package_contents_service_idx" ON "package_contents" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_promotion_services_service_unique" ON "auto_promotion_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "auto_promotion_services_network_idx" ON "auto_promotion_services" USING btree ("network_id","service_type_id");--> statement-breakpoint
CREATE INDEX "banner_informations_banner_idx" ON "banner_informations" USING btree ("banner_id","sorting");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_place_unique" ON "banners" USING btree ("place");--> statement-breakpoint
CREATE INDEX "special_offers_network_idx" ON "special_offers" USING btree ("network_id");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_slug_unique" ON "packages" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_discount_check" CHECK ("packages"."discount_percent" >= 0 AND "packages"."discount_percent" <= 1);

CREATE TABLE "provider_catalogue_items" (
	"provider_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Default' NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"min" bigint NOT NULL,
	"max" bigint NOT NULL,
	"refill" boolean DEFAULT false NOT NULL,
	"cancel" boolean DEFAULT false NOT NULL,
	"dripfeed" boolean DEFAULT false NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"disabled_by_sync" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_catalogue_items_provider_id_external_id_pk" PRIMARY KEY("provider_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "provider_sync_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	"provider_service_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "provider_sync_changes_kind_check" CHECK ("provider_sync_changes"."kind" IN ('new', 'removed', 'price_up', 'price_down', 'limits', 'renamed')),
	CONSTRAINT "provider_sync_changes_state_check" CHECK ("provider_sync_changes"."state" IN ('pending', 'applied', 'dismissed', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "provider_sync_guard_disabled" (
	"service_id" integer NOT NULL,
	"provider_service_id" integer NOT NULL,
	"margin" numeric(12, 4),
	"floor" numeric(6, 4) NOT NULL,
	"run_id" integer,
	"disabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sync_guard_disabled_service_id_provider_service_id_pk" PRIMARY KEY("service_id","provider_service_id")
);
--> statement-breakpoint
CREATE TABLE "provider_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"staff_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error" text,
	"currency" text,
	"services_count" integer,
	"skipped_count" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affected_count" integer DEFAULT 0 NOT NULL,
	"raw_answer" text,
	"raw_bytes" integer,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sync_runs_status_check" CHECK ("provider_sync_runs"."status" IN ('queued', 'running', 'review', 'applied', 'no_changes', 'failed', 'superseded')),
	CONSTRAINT "provider_sync_runs_trigger_check" CHECK ("provider_sync_runs"."trigger" IN ('schedule', 'manual', 'retry'))
);
--> statement-breakpoint
CREATE TABLE "provider_sync_settings" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"margin_floor" numeric(6, 4),
	"disable_below_margin" boolean DEFAULT false NOT NULL,
	"schedule" text DEFAULT '30m' NOT NULL,
	"last_scheduled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sync_settings_schedule_check" CHECK ("provider_sync_settings"."schedule" IN ('off', '30m', '1h', '6h', '24h'))
);
--> statement-breakpoint
ALTER TABLE "provider_catalogue_items" ADD CONSTRAINT "provider_catalogue_items_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_sync_changes" ADD CONSTRAINT "provider_sync_changes_run_id_provider_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."provider_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_sync_runs" ADD CONSTRAINT "provider_sync_runs_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_sync_settings" ADD CONSTRAINT "provider_sync_settings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_sync_changes_run_idx" ON "provider_sync_changes" USING btree ("run_id","kind","id");--> statement-breakpoint
CREATE INDEX "provider_sync_runs_provider_idx" ON "provider_sync_runs" USING btree ("provider_id","id");
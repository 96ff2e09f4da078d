CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotable_checker_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_type_type" text NOT NULL,
	"checkers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_labels" (
	"service_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "service_labels_service_id_label_id_pk" PRIMARY KEY("service_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "service_target_attachments" (
	"service_id" integer NOT NULL,
	"target_attachment_id" integer NOT NULL,
	CONSTRAINT "service_target_attachments_service_id_target_attachment_id_pk" PRIMARY KEY("service_id","target_attachment_id")
);
--> statement-breakpoint
CREATE TABLE "service_targets" (
	"service_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"targetable_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "service_targets_service_id_target_id_pk" PRIMARY KEY("service_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "target_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"selectables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"view_type" text NOT NULL,
	"selectable" boolean DEFAULT false NOT NULL,
	"enabled_for_service" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "target_types_name_check" CHECK ("target_types"."name" IN ('geotargeting', 'comment', 'keyword', 'seo_keyword', 'language')),
	CONSTRAINT "target_types_view_type_check" CHECK ("target_types"."view_type" IN ('float_input', 'input', 'multiselect', 'number_input', 'select', 'textarea', 'url_input'))
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"selectable_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_visible_default_values" boolean DEFAULT false NOT NULL,
	"target_type_id" integer NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_trial_quests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'subscribe' NOT NULL,
	"task_url" text DEFAULT '' NOT NULL,
	"service_id" integer,
	"quantity" integer DEFAULT 100 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_trial_quests_quantity_check" CHECK ("free_trial_quests"."quantity" > 0 AND "free_trial_quests"."per_user_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model_type" text NOT NULL,
	"model_id" bigint,
	"type" text NOT NULL,
	"action_type" text NOT NULL,
	"information" text DEFAULT '' NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb
);
--> statement-breakpoint
DROP INDEX "audit_entries_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_entries_staff_idx";--> statement-breakpoint
DROP INDEX "audit_entries_auditable_idx";--> statement-breakpoint
DROP INDEX "change_logs_created_at_idx";--> statement-breakpoint
DROP INDEX "change_logs_model_idx";--> statement-breakpoint
DROP INDEX "change_logs_action_type_idx";--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "url_examples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "translations_updated_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "full_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "panel_service_type_id" integer;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "reviews_rating" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "translations_updated_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "admin_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations_updated_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "min_price" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "countries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "order_quantity_ratio" numeric(10, 4) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "budget_multiplier" numeric(10, 4) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "drip_feed_is_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "resale_margin_percent" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "live_stream_support_minutes" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "live_stream_retention_quantity_multiplier" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buy_page_url" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "full_description_location" text DEFAULT 'footer' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "promotable_checker_group_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "default_quantity_for_widget" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "last_time_providers_are_available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "auto_refill" jsonb DEFAULT '{"allowed":false,"afterHours":24,"onceFillPercent":"1.0000","minDropPercent":"0.0500","maxDropPercent":"1.0000","maxTotalRefilledPercent":"1.0000"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "api_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "restricted_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "has_refill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_deactivated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "url_is_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "real_counter_complete_is_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "moderation_is_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cancel_by_client_is_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "gather_statistic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "auto_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "calculatable_quantity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "forbids_orders_with_same_url" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "providers_are_unavailable_for_a_long_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sorting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "quest_id" integer;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "quantity" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "admin_note" text;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_labels" ADD CONSTRAINT "service_labels_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_labels" ADD CONSTRAINT "service_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_target_attachments" ADD CONSTRAINT "service_target_attachments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_target_attachments" ADD CONSTRAINT "service_target_attachments_target_attachment_id_target_attachments_id_fk" FOREIGN KEY ("target_attachment_id") REFERENCES "public"."target_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_target_id_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_target_type_id_target_types_id_fk" FOREIGN KEY ("target_type_id") REFERENCES "public"."target_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_quests" ADD CONSTRAINT "free_trial_quests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_labels_label_idx" ON "service_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "service_targets_target_idx" ON "service_targets" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "targets_target_type_idx" ON "targets" USING btree ("target_type_id");--> statement-breakpoint
CREATE INDEX "free_trial_quests_archived_idx" ON "free_trial_quests" USING btree ("is_archived","id");--> statement-breakpoint
CREATE INDEX "service_logs_created_at_idx" ON "service_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_logs_model_idx" ON "service_logs" USING btree ("model_type","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_logs_type_idx" ON "service_logs" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "service_logs_action_type_idx" ON "service_logs" USING btree ("action_type","created_at","id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_promotable_checker_group_id_promotable_checker_groups_id_fk" FOREIGN KEY ("promotable_checker_group_id") REFERENCES "public"."promotable_checker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_quest_id_free_trial_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."free_trial_quests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_slug_unique" ON "service_types" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "services_slug_unique" ON "services" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "free_trial_requests_user_idx" ON "free_trial_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "free_trial_requests_quest_idx" ON "free_trial_requests" USING btree ("quest_id");--> statement-breakpoint
CREATE INDEX "audit_entries_event_idx" ON "audit_entries" USING btree ("event","created_at","id");--> statement-breakpoint
CREATE INDEX "change_logs_staff_idx" ON "change_logs" USING btree ("staff_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_created_at_idx" ON "audit_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_staff_idx" ON "audit_entries" USING btree ("staff_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_auditable_idx" ON "audit_entries" USING btree ("auditable_type","auditable_id","created_at","id");--> statement-breakpoint
CREATE INDEX "change_logs_created_at_idx" ON "change_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "change_logs_model_idx" ON "change_logs" USING btree ("model_type","model_id","created_at","id");--> statement-breakpoint
CREATE INDEX "change_logs_action_type_idx" ON "change_logs" USING btree ("action_type","created_at","id");--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_reviews_check" CHECK ("service_types"."reviews_count" >= 0 AND "service_types"."reviews_rating" >= 0 AND "service_types"."reviews_rating" <= 5);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_full_description_location_check" CHECK ("services"."full_description_location" IN ('header', 'footer'));--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_status_check" CHECK ("free_trial_requests"."status" IN ('pending', 'rejected', 'approved'));--> statement-breakpoint
ALTER TABLE "free_trial_requests" ADD CONSTRAINT "free_trial_requests_quantity_check" CHECK ("free_trial_requests"."quantity" > 0);
CREATE TABLE "sim_panels" (
	"key" text PRIMARY KEY NOT NULL,
	"drift_step" integer DEFAULT 0 NOT NULL,
	"drifted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sim_accounts" ADD COLUMN "panel" text DEFAULT 'panvy' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_services" ADD COLUMN "panel" text DEFAULT 'panvy' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_services" ADD COLUMN "present" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_services_panel_idx" ON "sim_services" USING btree ("panel","id");
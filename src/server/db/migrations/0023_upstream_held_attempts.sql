ALTER TABLE "external_panel_orders" ADD COLUMN "answer_raw" text;--> statement-breakpoint
ALTER TABLE "external_panel_orders" ADD COLUMN "unreadable_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "external_panel_orders" ADD COLUMN "held_at" timestamp with time zone;
DROP TABLE "sim_accounts" CASCADE;--> statement-breakpoint
DROP TABLE "sim_orders" CASCADE;--> statement-breakpoint
DROP TABLE "sim_panels" CASCADE;--> statement-breakpoint
DROP TABLE "sim_refills" CASCADE;--> statement-breakpoint
DROP TABLE "sim_services" CASCADE;
CREATE TABLE "cancel_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "cancel_requests_status_check" CHECK ("cancel_requests"."status" IN ('pending', 'forwarded', 'canceled', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancel_requests_order_idx" ON "cancel_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "cancel_requests_status_idx" ON "cancel_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_requests_one_open_idx" ON "cancel_requests" USING btree ("order_id") WHERE "cancel_requests"."status" IN ('pending', 'forwarded');
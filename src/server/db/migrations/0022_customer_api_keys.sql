CREATE TABLE "customer_api_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_api_keys" ADD CONSTRAINT "customer_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_api_keys_hash_unique" ON "customer_api_keys" USING btree ("key_hash");
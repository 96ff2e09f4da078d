CREATE TABLE "networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"network_id" integer NOT NULL,
	"type" text NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_type_id" integer NOT NULL,
	"min_quantity" integer DEFAULT 10 NOT NULL,
	"max_quantity" integer DEFAULT 100000 NOT NULL,
	"quantity_step" integer DEFAULT 1 NOT NULL,
	"default_price" numeric(14, 4) NOT NULL,
	"pricing_per" integer DEFAULT 1000 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "customer_permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "customer_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "customer_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text,
	"spending_goal" numeric(14, 4) DEFAULT '0' NOT NULL,
	"discount_percent" numeric(6, 4) DEFAULT '0' NOT NULL,
	"thumbnail_period" integer,
	"consultation_chat_period" integer,
	"available_closed_sales" boolean DEFAULT false NOT NULL,
	"available_personal_manager" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_customer_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_customer_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_customer_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_customer_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"telegram_username" text,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"spent" numeric(14, 4) DEFAULT '0' NOT NULL,
	"current_grade_id" integer,
	"messengers" jsonb,
	"affiliate_code" text,
	"referrer_id" integer,
	"seller_id" integer,
	"seller_status" text,
	"contact_step_id" integer,
	"marketing_subid" text,
	"status" text DEFAULT 'active' NOT NULL,
	"frozen_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"discount_percent" numeric(6, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" IN ('active', 'frozen', 'deactivated')),
	CONSTRAINT "users_seller_status_check" CHECK ("users"."seller_status" IS NULL OR "users"."seller_status" IN ('new', 'in_progress', 'paid', 'cancel')),
	CONSTRAINT "users_discount_percent_check" CHECK ("users"."discount_percent" >= 0 AND "users"."discount_percent" <= 1)
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"balance_type" text DEFAULT 'main' NOT NULL,
	"type" text NOT NULL,
	"transaction_type" text NOT NULL,
	"comment" text,
	"payment_method_id" integer,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_balance_type_check" CHECK ("transactions"."balance_type" IN ('main', 'task', 'referral'))
);
--> statement-breakpoint
CREATE TABLE "user_payment_methods" (
	"user_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	CONSTRAINT "user_payment_methods_user_id_payment_method_id_pk" PRIMARY KEY("user_id","payment_method_id")
);
--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_permissions" ADD CONSTRAINT "user_customer_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_permissions" ADD CONSTRAINT "user_customer_permissions_permission_id_customer_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."customer_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_roles" ADD CONSTRAINT "user_customer_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_roles" ADD CONSTRAINT "user_customer_roles_role_id_customer_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."customer_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_services" ADD CONSTRAINT "user_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_services" ADD CONSTRAINT "user_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_grade_id_grades_id_fk" FOREIGN KEY ("current_grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_seller_id_staff_members_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_step_id_contact_steps_id_fk" FOREIGN KEY ("contact_step_id") REFERENCES "public"."contact_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payment_methods" ADD CONSTRAINT "user_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payment_methods" ADD CONSTRAINT "user_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_types_network_idx" ON "service_types" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "services_service_type_idx" ON "services" USING btree ("service_type_id");--> statement-breakpoint
CREATE INDEX "user_customer_permissions_permission_idx" ON "user_customer_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "user_customer_roles_role_idx" ON "user_customer_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_services_user_service_unique" ON "user_services" USING btree ("user_id","service_id");--> statement-breakpoint
CREATE INDEX "user_services_service_idx" ON "user_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_affiliate_code_unique" ON "users" USING btree ("affiliate_code");--> statement-breakpoint
CREATE INDEX "users_status_id_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_seller_idx" ON "users" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "users_current_grade_idx" ON "users" USING btree ("current_grade_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_documents_user_idx" ON "verification_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_created_at_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "user_payment_methods_method_idx" ON "user_payment_methods" USING btree ("payment_method_id");
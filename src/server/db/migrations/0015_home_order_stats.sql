CREATE TABLE "order_stats_daily" (
	"day" date NOT NULL,
	"service_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"refunded" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_stats_daily_day_service_id_provider_id_status_pk" PRIMARY KEY("day","service_id","provider_id","status")
);
--> statement-breakpoint
-- The roll-up is kept by statement-level triggers with transition tables: one grouped upsert per
-- statement, however many orders it touched (a bulk insert of 100,000 orders is one upsert of a
-- few hundred rows). Rows are upserted in key order, so two transactions lock them in the same order.
CREATE OR REPLACE FUNCTION order_stats_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_stats_daily AS s (day, service_id, provider_id, status, orders, revenue, cost, refunded)
  SELECT (n.created_at AT TIME ZONE 'UTC')::date, coalesce(n.service_id, 0), coalesce(n.provider_id, 0), n.status,
         count(*), sum(n.price), sum(n.cost), sum(n.refund_amount)
    FROM order_stats_new n
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, service_id, provider_id, status) DO UPDATE
     SET orders = s.orders + EXCLUDED.orders, revenue = s.revenue + EXCLUDED.revenue,
         cost = s.cost + EXCLUDED.cost, refunded = s.refunded + EXCLUDED.refunded;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_after_update() RETURNS trigger AS $$
BEGIN
  -- Only the orders whose key or sums changed (most updates touch neither: progress, comments).
  WITH changed AS (
    SELECT o.created_at AS o_created, o.service_id AS o_service, o.provider_id AS o_provider, o.status AS o_status,
           o.price AS o_price, o.cost AS o_cost, o.refund_amount AS o_refund,
           n.created_at AS n_created, n.service_id AS n_service, n.provider_id AS n_provider, n.status AS n_status,
           n.price AS n_price, n.cost AS n_cost, n.refund_amount AS n_refund
      FROM order_stats_old o JOIN order_stats_new n ON n.id = o.id
     WHERE (o.created_at, o.service_id, o.provider_id, o.status, o.price, o.cost, o.refund_amount)
           IS DISTINCT FROM (n.created_at, n.service_id, n.provider_id, n.status, n.price, n.cost, n.refund_amount)
  ), delta AS (
    SELECT (o_created AT TIME ZONE 'UTC')::date AS day, coalesce(o_service, 0) AS service_id, coalesce(o_provider, 0) AS provider_id,
           o_status AS status, -1 AS orders, -o_price AS revenue, -o_cost AS cost, -o_refund AS refunded
      FROM changed
    UNION ALL
    SELECT (n_created AT TIME ZONE 'UTC')::date, coalesce(n_service, 0), coalesce(n_provider, 0), n_status, 1, n_price, n_cost, n_refund
      FROM changed
  )
  INSERT INTO order_stats_daily AS s (day, service_id, provider_id, status, orders, revenue, cost, refunded)
  SELECT day, service_id, provider_id, status, sum(orders), sum(revenue), sum(cost), sum(refunded)
    FROM delta
   GROUP BY 1, 2, 3, 4
  HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(cost) <> 0 OR sum(refunded) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, service_id, provider_id, status) DO UPDATE
     SET orders = s.orders + EXCLUDED.orders, revenue = s.revenue + EXCLUDED.revenue,
         cost = s.cost + EXCLUDED.cost, refunded = s.refunded + EXCLUDED.refunded;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_stats_daily AS s (day, service_id, provider_id, status, orders, revenue, cost, refunded)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, coalesce(o.service_id, 0), coalesce(o.provider_id, 0), o.status,
         -count(*), -sum(o.price), -sum(o.cost), -sum(o.refund_amount)
    FROM order_stats_old o
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, service_id, provider_id, status) DO UPDATE
     SET orders = s.orders + EXCLUDED.orders, revenue = s.revenue + EXCLUDED.revenue,
         cost = s.cost + EXCLUDED.cost, refunded = s.refunded + EXCLUDED.refunded;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_after_truncate() RETURNS trigger AS $$
BEGIN
  TRUNCATE order_stats_daily;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS order_stats_new
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_insert();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS order_stats_old NEW TABLE AS order_stats_new
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_update();
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS order_stats_old
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_delete();
--> statement-breakpoint
CREATE TRIGGER orders_stats_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_after_truncate();
--> statement-breakpoint
-- Orders that exist before the triggers.
INSERT INTO order_stats_daily (day, service_id, provider_id, status, orders, revenue, cost, refunded)
SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(service_id, 0), coalesce(provider_id, 0), status,
       count(*), sum(price), sum(cost), sum(refund_amount)
  FROM orders
 GROUP BY 1, 2, 3, 4;

-- Webhook events captured by the database itself, in the transaction of the change: an order's
-- status, an invoice paid, a withdrawal or free-trial request inserted by any process. A row goes
-- to webhook_outbox only while an active webhook subscribes to the event type.
CREATE OR REPLACE FUNCTION webhook_emit(event_type text, payload jsonb) RETURNS void AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM webhooks w
      JOIN webhook_subscriptions s ON s.webhook_id = w.id
      JOIN webhook_types t ON t.id = s.webhook_type_id
    WHERE w.is_active AND t.type = event_type
  ) THEN
    INSERT INTO webhook_outbox (type, payload) VALUES (event_type, payload);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_order_status_changed() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit('order.status_changed', jsonb_build_object(
    'order_id', NEW.id, 'user_id', NEW.user_id, 'service_id', NEW.service_id, 'url', NEW.url,
    'quantity', NEW.quantity, 'old_status', OLD.status, 'status', NEW.status));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_webhook_status_changed AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION webhook_order_status_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_invoice_paid() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit('invoice.paid', jsonb_build_object(
    'invoice_id', NEW.id, 'user_id', NEW.user_id, 'amount', NEW.amount::text, 'paid_amount', NEW.paid_amount::text,
    'bonus_amount', NEW.bonus_amount::text, 'paid_at', to_char(NEW.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_webhook_paid AFTER UPDATE OF status ON invoices
  FOR EACH ROW WHEN (NEW.status = 'paid' AND OLD.status IS DISTINCT FROM 'paid') EXECUTE FUNCTION webhook_invoice_paid();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_withdrawal_requested() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit('withdrawal.requested', jsonb_build_object(
    'withdrawal_id', NEW.id, 'user_id', NEW.user_id, 'payment_method_id', NEW.payment_method_id,
    'amount', NEW.amount::text, 'fee', NEW.fee::text, 'account_number', NEW.account_number));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER withdrawals_webhook_requested AFTER INSERT ON withdrawals
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION webhook_withdrawal_requested();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_free_trial_requested() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit('free_trial.requested', jsonb_build_object(
    'free_trial_id', NEW.id, 'user_id', NEW.user_id, 'service_id', NEW.service_id, 'url', NEW.url, 'quantity', NEW.quantity));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER free_trial_requests_webhook_requested AFTER INSERT ON free_trial_requests
  FOR EACH ROW EXECUTE FUNCTION webhook_free_trial_requested();

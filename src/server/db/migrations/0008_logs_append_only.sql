-- The audit trail, the change log and the service log are append-only: entries are inserted,
-- never changed or removed. The one update allowed is the database's own ON DELETE SET NULL of
-- staff_id when a staff member row is deleted (it runs inside the foreign key's trigger, so
-- pg_trigger_depth() > 1, and nothing but staff_id changes).
CREATE OR REPLACE FUNCTION refuse_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.staff_id IS NULL
     AND (to_jsonb(NEW) - 'staff_id') = (to_jsonb(OLD) - 'staff_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refuse_any_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION refuse_any_log_change();
--> statement-breakpoint
CREATE TRIGGER change_logs_append_only BEFORE UPDATE OR DELETE ON change_logs FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER change_logs_no_truncate BEFORE TRUNCATE ON change_logs FOR EACH STATEMENT EXECUTE FUNCTION refuse_any_log_change();
--> statement-breakpoint
CREATE TRIGGER service_logs_append_only BEFORE UPDATE OR DELETE ON service_logs FOR EACH ROW EXECUTE FUNCTION refuse_any_log_change();
--> statement-breakpoint
CREATE TRIGGER service_logs_no_truncate BEFORE TRUNCATE ON service_logs FOR EACH STATEMENT EXECUTE FUNCTION refuse_any_log_change();

-- Device registry: the assignment history of each terminal, kept by the database whoever moves it
-- (the registry, the event's device screen, a redeemed configuration QR, the simulator).
CREATE FUNCTION devices_assignment_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.assigned_event_id IS DISTINCT FROM OLD.assigned_event_id THEN
    UPDATE device_assignments SET unassigned_at = now()
      WHERE device_id = NEW.id AND unassigned_at IS NULL;
    IF NEW.assigned_event_id IS NOT NULL THEN
      INSERT INTO device_assignments (device_id, event_id, assigned_at)
        VALUES (NEW.id, NEW.assigned_event_id, now());
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_assignment_history AFTER INSERT OR UPDATE OF assigned_event_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_assignment_history();
--> statement-breakpoint
INSERT INTO device_assignments (device_id, event_id, assigned_at)
  SELECT id, assigned_event_id, created_at FROM devices WHERE assigned_event_id IS NOT NULL;

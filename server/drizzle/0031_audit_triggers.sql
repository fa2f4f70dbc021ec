-- The audit trail (issue 13). See docs/architecture.md "Audit trail".
--
-- 1. audit_log and audit_changes are append-only: the database refuses UPDATE, DELETE and TRUNCATE.
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_changes_append_only BEFORE UPDATE OR DELETE ON audit_changes
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_changes_no_truncate BEFORE TRUNCATE ON audit_changes
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
-- 2. Which columns never reach the trail (by name): hashes, secrets, tokens, salts, recovery codes,
-- private or API keys, authorisation codes, plain passwords. A changed one shows as "[redacted]".
CREATE OR REPLACE FUNCTION audit_is_secret(tbl text, col text) RETURNS boolean AS $$
  SELECT col ~ '(hash|secret|token|salt|recovery|private_key|api_key|auth_code)'
      OR col IN ('password', 'passcode', 'pin')
      OR (tbl = 'pos_authorizations' AND col = 'code');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_redact(tbl text, j jsonb) RETURNS jsonb AS $$
  SELECT CASE WHEN j IS NULL THEN NULL ELSE (
    SELECT coalesce(jsonb_object_agg(key, CASE
      WHEN audit_is_secret(tbl, key) AND value <> 'null'::jsonb THEN to_jsonb('[redacted]'::text)
      ELSE value END), '{}'::jsonb)
    FROM jsonb_each(j)) END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- 3. Tables the trail leaves out: the terminal feed's high-volume rows, the ledger, the report
-- rollups, the sign-in counters and the trail itself. Every other table of the schema is audited.
CREATE OR REPLACE FUNCTION audit_excluded(tbl text) RETURNS boolean AS $$
  SELECT tbl LIKE 'report\_%' OR tbl IN (
    'audit_log', 'audit_changes', 'login_throttle', 'ledger_entries', 'top_ups', 'sales', 'sale_lines',
    'sale_payments', 'access_records', 'ticket_validations', 'role_recordings', 'wristband_changes',
    'presence_records', 'order_errors', 'processed_operations', 'sync_batches', 'refused_operations',
    'capacity_log', 'capacity_log_slots');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- 4. The row trigger. It does nothing unless the transaction is an audited request: the server sets
-- `pulsera.audit` (transaction-local) to the request's actor, address, event and route before the
-- handler runs. The first row changed writes the request's audit_log row (its id kept in the
-- transaction-local `pulsera.audit_id`); every changed row adds its before/after to audit_changes.
-- Inside a savepoint that rolls back, both the rows and the setting roll back together.
CREATE OR REPLACE FUNCTION audit_capture() RETURNS trigger AS $$
DECLARE
  o jsonb;
  n jsonb;
  b jsonb;
  a jsonb;
  src jsonb;
  rid text;
  evt integer;
  aid bigint;
  c jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(e.key, e.value) INTO b FROM jsonb_each(o) e WHERE n -> e.key IS DISTINCT FROM e.value;
    IF b IS NULL THEN RETURN NULL; END IF; -- nothing changed
    SELECT jsonb_object_agg(e.key, n -> e.key) INTO a FROM jsonb_each(b) e;
  ELSIF TG_OP = 'INSERT' THEN
    a := n;
  ELSE
    b := o;
  END IF;
  src := coalesce(n, o);
  SELECT string_agg(src ->> k.col, ',' ORDER BY k.ord) INTO rid FROM unnest(TG_ARGV) WITH ORDINALITY AS k(col, ord);
  IF TG_TABLE_NAME = 'events' THEN
    evt := (src ->> 'id')::integer;
  ELSIF jsonb_typeof(src -> 'event_id') = 'number' THEN
    evt := (src ->> 'event_id')::integer;
  END IF;
  aid := nullif(current_setting('pulsera.audit_id', true), '')::bigint;
  IF aid IS NULL THEN
    c := current_setting('pulsera.audit', true)::jsonb;
    INSERT INTO audit_log (actor_kind, user_id, user_email, integrator_id, integrator_name, api_key_id, ip,
      event_id, method, route, screen, action, entity, entity_id)
    VALUES (c ->> 'kind', (c ->> 'userId')::integer, c ->> 'userEmail', (c ->> 'integratorId')::integer,
      c ->> 'integratorName', (c ->> 'apiKeyId')::integer, c ->> 'ip', coalesce((c ->> 'eventId')::integer, evt),
      c ->> 'method', c ->> 'route', c ->> 'screen',
      coalesce(c ->> 'action', CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END),
      TG_TABLE_NAME, rid)
    RETURNING id INTO aid;
    PERFORM set_config('pulsera.audit_id', aid::text, true);
  END IF;
  INSERT INTO audit_changes (audit_id, table_name, op, row_id, before, after)
  VALUES (aid, TG_TABLE_NAME, lower(TG_OP), rid, audit_redact(TG_TABLE_NAME, b), audit_redact(TG_TABLE_NAME, a));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- 5. Attaches the trigger to every table of the schema that has none yet and is not excluded; its
-- argument lists the key columns (primary key, else the first plain unique index). The server calls
-- it after the migrations at every start, so a table added by a later migration is audited at once.
CREATE OR REPLACE FUNCTION audit_attach_all() RETURNS integer AS $$
DECLARE
  t record;
  cols text;
  n integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('pulsera.audit_attach_all'));
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND NOT audit_excluded(c.relname)
      AND NOT EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'audit_capture')
  LOOP
    SELECT string_agg(quote_literal(a.attname), ', ' ORDER BY k.ord) INTO cols
    FROM (
      SELECT i.indkey FROM pg_index i
      WHERE i.indrelid = t.oid AND (i.indisprimary OR i.indisunique) AND i.indpred IS NULL
        AND NOT (0 = ANY (i.indkey::int2[]))
      ORDER BY i.indisprimary DESC, i.indexrelid LIMIT 1
    ) ix
    CROSS JOIN LATERAL unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum;
    EXECUTE format(
      'CREATE TRIGGER audit_capture AFTER INSERT OR UPDATE OR DELETE ON public.%I FOR EACH ROW '
      'WHEN (current_setting(''pulsera.audit'', true) <> '''') EXECUTE FUNCTION audit_capture(%s)',
      t.relname, coalesce(cols, ''));
    n := n + 1;
  END LOOP;
  RETURN n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT audit_attach_all();

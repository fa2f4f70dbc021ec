import { createHash } from 'node:crypto';
import {
  type ExternalProduct,
  productName,
  type TicketIssueKind,
  type TicketProductMapping,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import type { ExternalPosition } from './connectors/connector';

/**
 * Applies the platform's positions to the event's tickets (docs/decisions.md "Ticket API"), a page at
 * a time in the caller's transaction, with a handful of set-based statements per page:
 * - each position is applied once: `ticket_import_positions` keys it by schedule and the platform's
 *   id, with a digest of what was applied; seen again unchanged, it changes nothing;
 * - a paid position becomes a ticket of the mapped rol (its holder a customer, its order code the
 *   customer's localizer); a pending or cancelled one cancels the ticket it made, if any;
 * - what cannot be applied becomes an issue (one per schedule, position and kind), never a failure.
 */

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

export interface ApplySchedule {
  id: number;
  eventId: number;
  mappings: TicketProductMapping[];
  /** The platform's products as known (an unknown product's issue keeps its name). */
  products?: ExternalProduct[];
}

export interface ApplyCounts {
  created: number;
  updated: number;
  cancelled: number;
  unchanged: number;
  skipped: number;
  issues: number;
}

export interface ApplyResult extends ApplyCounts {
  /** The issues raised, by position id. */
  issueKinds: Map<string, TicketIssueKind>;
}

interface TicketRow {
  id: number;
  code: string;
  customer_id: number | null;
  role_id: number | null;
  wristband_id: number | null;
  validated: number;
  cancelled: number;
  source: string | null;
  external_code: string | null;
  linked: boolean;
}

const digestOf = (p: ExternalPosition, roleId: number | null, resellerId: number | null) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        p.state,
        p.item,
        p.variation,
        p.code,
        p.holderName,
        p.holderEmail,
        p.orderCode,
        roleId,
        resellerId,
      ]),
    )
    .digest('base64url');

export function mappingOf(mappings: TicketProductMapping[], p: Pick<ExternalPosition, 'item' | 'variation'>) {
  return (
    mappings.find((m) => m.item === p.item && m.variation !== null && m.variation === p.variation) ??
    mappings.find((m) => m.item === p.item && m.variation === null) ??
    null
  );
}

export async function applyPositions(
  db: Executor,
  schedule: ApplySchedule,
  input: ExternalPosition[],
  opts: { runId: number | null; force?: boolean },
): Promise<ApplyResult> {
  const counts: ApplyCounts = { created: 0, updated: 0, cancelled: 0, unchanged: 0, skipped: 0, issues: 0 };
  const issueKinds = new Map<string, TicketIssueKind>();
  // The last state of a position wins when a page names it twice.
  const positions = [...new Map(input.map((p) => [p.externalId, p])).values()];
  if (!positions.length) return { ...counts, issueKinds };
  const eventId = schedule.eventId;
  const ids = positions.map((p) => p.externalId);
  const codes = positions.map((p) => p.code);

  const [knownRes, rolRes] = await Promise.all([
    db.execute(sql`
      select external_id, ticket_id, code, digest from ticket_import_positions
      where schedule_id = ${schedule.id} and external_id in (select json_array_elements_text(${json(ids)}))`),
    db.execute(sql`select id from rols where event_id = ${eventId}`),
  ]);
  const known = new Map(
    rowsOf<{ external_id: string; ticket_id: number | null; code: string; digest: string }>(knownRes).map(
      (r) => [r.external_id, r],
    ),
  );
  const rolIds = new Set(rowsOf<{ id: number }>(rolRes).map((r) => Number(r.id)));
  const ownIds = [...known.values()].map((k) => k.ticket_id).filter((x): x is number => x !== null);
  // The tickets these positions may touch: their own, and any holding their codes (as code or as a
  // converted external code). `linked`: some import position already owns it.
  const ticketRes = await db.execute(sql`
    select t.id, t.code, t.customer_id, t.role_id, t.wristband_id, t.validated, t.cancelled, t.source,
      t.external_code,
      exists (select 1 from ticket_import_positions p where p.ticket_id = t.id) as linked
    from tickets t
    where t.event_id = ${eventId} and (
      t.id in (select (json_array_elements_text(${json(ownIds)}))::int)
      or t.code in (select json_array_elements_text(${json(codes)}))
      or t.external_code in (select json_array_elements_text(${json(codes)})))`);
  const tickets = rowsOf<TicketRow>(ticketRes).map((r) => ({
    ...r,
    id: Number(r.id),
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
  }));
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const byCode = new Map(tickets.map((t) => [t.code, t]));
  const byExternal = new Map(tickets.filter((t) => t.external_code).map((t) => [t.external_code!, t]));

  const inserts: {
    key: string;
    code: string;
    role_id: number;
    reseller_id: number | null;
    name: string | null;
    email: string | null;
    localizer: string;
  }[] = [];
  const updates: {
    id: number;
    code: string;
    role_id: number | null;
    reseller_id: number | null;
    cancelled: number;
    adopt: boolean;
  }[] = [];
  const customerFills: {
    ticket_id: number;
    customer_id: number | null;
    code: string;
    name: string | null;
    email: string | null;
    localizer: string;
  }[] = [];
  const applied: {
    external_id: string;
    order_code: string;
    code: string;
    ticket_id: number | null;
    key: string | null;
    digest: string;
  }[] = [];
  const issues: {
    external_id: string;
    kind: TicketIssueKind;
    code: string;
    order_code: string;
    position: ExternalPosition;
    detail: Record<string, unknown>;
  }[] = [];
  // Codes taken by this page's own new tickets.
  const claimed = new Set<string>();

  const issue = (p: ExternalPosition, kind: TicketIssueKind, detail: Record<string, unknown>) => {
    issues.push({
      external_id: p.externalId,
      kind,
      code: p.code,
      order_code: p.orderCode,
      position: p,
      detail,
    });
    issueKinds.set(p.externalId, kind);
  };

  for (const p of positions) {
    const mapping = mappingOf(schedule.mappings, p);
    const roleId = mapping && rolIds.has(mapping.roleId) ? mapping.roleId : null;
    const resellerId = mapping?.resellerId ?? null;
    const digest = digestOf(p, roleId, resellerId);
    const before = known.get(p.externalId);
    if (before && before.digest === digest && !opts.force) {
      counts.unchanged++;
      continue;
    }
    const own = before?.ticket_id ? byId.get(before.ticket_id) : undefined;
    const valid = p.state === 'paid';
    const record = (ticketId: number | null, key: string | null = null) =>
      applied.push({
        external_id: p.externalId,
        order_code: p.orderCode,
        code: p.code,
        ticket_id: ticketId,
        key,
        digest,
      });

    if (!valid) {
      if (!own) {
        counts.skipped++;
        record(null);
        continue;
      }
      if (own.validated === 1) {
        issue(p, 'cancelledAfterValidation', { ticketId: own.id, wristbandId: own.wristband_id });
        continue;
      }
      if (own.cancelled === 0) {
        updates.push({
          id: own.id,
          code: own.code,
          role_id: own.role_id,
          reseller_id: resellerId,
          cancelled: 1,
          adopt: false,
        });
        own.cancelled = 1;
        counts.cancelled++;
      } else counts.unchanged++;
      record(own.id);
      continue;
    }
    if (roleId === null) {
      issue(p, 'unknownProduct', {
        item: p.item,
        variation: p.variation,
        name: productName(schedule.products ?? [], p.item, p.variation),
        roleId: mapping?.roleId ?? null,
      });
      continue;
    }
    if (own) {
      if (own.code !== p.code) {
        // The platform gave the ticket a new code.
        if (own.wristband_id !== null) {
          issue(p, 'codeOnOtherWristband', {
            ticketId: own.id,
            wristbandId: own.wristband_id,
            oldCode: own.code,
          });
          continue;
        }
        const other = byCode.get(p.code);
        if ((other && other.id !== own.id) || claimed.has(p.code)) {
          issue(p, 'duplicateCode', { ticketId: other?.id ?? null });
          continue;
        }
      }
      updates.push({
        id: own.id,
        code: p.code,
        role_id: roleId,
        reseller_id: resellerId,
        cancelled: 0,
        adopt: false,
      });
      customerFills.push({
        ticket_id: own.id,
        customer_id: own.customer_id,
        code: p.code,
        name: p.holderName,
        email: p.holderEmail,
        localizer: p.orderCode,
      });
      counts.updated++;
      record(own.id);
      continue;
    }
    // A new position: a converted ticket, or a ticket a terminal made when it validated the code
    // before the import knew it, is adopted; a code held otherwise is an issue.
    const converted = byExternal.get(p.code);
    const holder = converted ?? byCode.get(p.code);
    if (holder && !holder.linked && (converted || holder.source === null)) {
      updates.push({
        id: holder.id,
        code: holder.code,
        role_id: converted ? holder.role_id : (holder.role_id ?? roleId),
        reseller_id: resellerId,
        cancelled: 0,
        adopt: true,
      });
      customerFills.push({
        ticket_id: holder.id,
        customer_id: holder.customer_id,
        code: holder.code,
        name: p.holderName,
        email: p.holderEmail,
        localizer: p.orderCode,
      });
      holder.linked = true;
      counts.updated++;
      record(holder.id);
      continue;
    }
    if (holder || claimed.has(p.code)) {
      if (holder?.wristband_id)
        issue(p, 'codeOnOtherWristband', { ticketId: holder.id, wristbandId: holder.wristband_id });
      else issue(p, 'duplicateCode', { ticketId: holder?.id ?? null });
      continue;
    }
    claimed.add(p.code);
    inserts.push({
      key: p.code,
      code: p.code,
      role_id: roleId,
      reseller_id: resellerId,
      name: p.holderName,
      email: p.holderEmail,
      localizer: p.orderCode,
    });
    counts.created++;
    record(null, p.code);
  }

  // New tickets with their customers.
  const newIds = new Map<string, number>();
  if (inserts.length) {
    const res = await db.execute(sql`
      with x as (
        select * from json_to_recordset(${json(inserts)})
          as x(key text, code text, role_id int, reseller_id int, name text, email text, localizer text)
      ),
      c as (
        insert into customers (event_id, name, email, ticket_code, localizer)
        select ${eventId}::int, x.name, x.email, x.code, x.localizer from x order by x.code
        returning id, ticket_code
      )
      insert into tickets (event_id, code, customer_id, role_id, reseller_id, source)
      select ${eventId}::int, x.code, c.id, x.role_id, x.reseller_id, 'import'
      from x join c on c.ticket_code = x.code
      order by x.code
      returning id, code`);
    for (const r of rowsOf<{ id: number; code: string }>(res)) newIds.set(r.code, Number(r.id));
  }
  if (updates.length) {
    await db.execute(sql`
      update tickets t set code = x.code, role_id = x.role_id,
        reseller_id = coalesce(x.reseller_id, t.reseller_id), cancelled = x.cancelled,
        source = case when x.adopt and t.source is null then 'import' else t.source end,
        updated_at = now()
      from json_to_recordset(${json(updates)})
        as x(id int, code text, role_id int, reseller_id int, cancelled int, adopt boolean)
      where t.id = x.id and t.event_id = ${eventId}::int
        and (t.code, t.role_id, t.reseller_id, t.cancelled)
          is distinct from (x.code, x.role_id, coalesce(x.reseller_id, t.reseller_id), x.cancelled)`);
  }
  if (customerFills.length) {
    // Tickets without a customer get one; the others have their holder's data filled in.
    await db.execute(sql`
      with x as (
        select * from json_to_recordset(${json(customerFills)})
          as x(ticket_id int, customer_id int, code text, name text, email text, localizer text)
      ),
      made as (
        insert into customers (event_id, name, email, ticket_code, localizer)
        select ${eventId}::int, x.name, x.email, x.code, x.localizer from x where x.customer_id is null
        order by x.code
        returning id, ticket_code
      ),
      linked as (
        update tickets t set customer_id = made.id, updated_at = now()
        from made where t.event_id = ${eventId}::int and t.code = made.ticket_code and t.customer_id is null
        returning t.id
      )
      update customers c set
        name = coalesce(x.name, c.name), email = coalesce(x.email, c.email),
        ticket_code = x.code, localizer = coalesce(x.localizer, c.localizer), updated_at = now()
      from x
      where c.id = x.customer_id and c.event_id = ${eventId}::int
        and (c.name, c.email, c.ticket_code, c.localizer)
          is distinct from (coalesce(x.name, c.name), coalesce(x.email, c.email), x.code, coalesce(x.localizer, c.localizer))`);
  }
  if (applied.length) {
    const rows = applied.map((a) => ({
      ...a,
      ticket_id: a.ticket_id ?? (a.key ? (newIds.get(a.key) ?? null) : null),
    }));
    await db.execute(sql`
      insert into ticket_import_positions (event_id, schedule_id, external_id, order_code, code, ticket_id, digest)
      select ${eventId}::int, ${schedule.id}::int, x.external_id, x.order_code, x.code, x.ticket_id, x.digest
      from json_to_recordset(${json(rows)})
        as x(external_id text, order_code text, code text, ticket_id int, digest text)
      order by x.external_id
      on conflict (schedule_id, external_id) do update set
        order_code = excluded.order_code, code = excluded.code,
        ticket_id = coalesce(excluded.ticket_id, ticket_import_positions.ticket_id),
        digest = excluded.digest, updated_at = now()
      where (ticket_import_positions.order_code, ticket_import_positions.code, ticket_import_positions.ticket_id,
          ticket_import_positions.digest)
        is distinct from (excluded.order_code, excluded.code,
          coalesce(excluded.ticket_id, ticket_import_positions.ticket_id), excluded.digest)`);
    // What applies now solves the open issues it had (solved by the import: no user).
    await db.execute(sql`
      update ticket_import_issues set solved_at = now(), updated_at = now()
      where schedule_id = ${schedule.id} and solved_at is null
        and external_id in (select json_array_elements_text(${json(applied.map((a) => a.external_id))}))`);
  }
  if (issues.length) {
    const res = await db.execute(sql`
      insert into ticket_import_issues (event_id, schedule_id, run_id, external_id, kind, code, order_code, position, detail)
      select ${eventId}::int, ${schedule.id}::int, ${opts.runId}::int, x.external_id, x.kind, x.code, x.order_code, x.position, x.detail
      from json_to_recordset(${json(issues)})
        as x(external_id text, kind text, code text, order_code text, position jsonb, detail jsonb)
      order by x.external_id, x.kind
      on conflict (schedule_id, external_id, kind) do update set
        run_id = excluded.run_id, code = excluded.code, order_code = excluded.order_code,
        position = excluded.position, detail = excluded.detail, solved_at = null, solved_by = null,
        updated_at = now()
      where (ticket_import_issues.position, ticket_import_issues.detail)
          is distinct from (excluded.position, excluded.detail)
        or (${opts.force ?? false}::boolean and ticket_import_issues.solved_at is null)
      returning id`);
    counts.issues += issues.length;
    void res;
    // Another kind raised now replaces the open ones of the position.
    await db.execute(sql`
      update ticket_import_issues i set solved_at = now(), updated_at = now()
      from json_to_recordset(${json(issues.map((x) => ({ external_id: x.external_id, kind: x.kind })))})
        as x(external_id text, kind text)
      where i.schedule_id = ${schedule.id} and i.external_id = x.external_id and i.kind <> x.kind
        and i.solved_at is null`);
  }
  return { ...counts, issueKinds };
}

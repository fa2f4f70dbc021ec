import type { Language, TicketListResult } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { translate } from '../../../core/lib/i18n';

/**
 * Ticket API lists (docs/decisions.md "Ticket API"): tickets made by hand (manual), the converter of
 * other platforms' codes, and resellers with their allocations per rol. Every list is checked row by
 * row (one bad row never sinks the good ones); a list applied again changes nothing; `preview`
 * answers the same checks without writing.
 *
 * What the lists share: the per-event lock, the row-by-row result, rols and resellers named by name or
 * id, and the event's tickets by code.
 */

export const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;
/** Lists of one event apply one at a time (advisory lock: this key and the event id). */
const LIST_LOCK = 3714;
export const lockLists = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK}::int, ${eventId}::int)`);
export const msg = (key: string, params: Record<string, unknown>) =>
  `validation.${key}|${JSON.stringify(params)}`;

export type Field = { path: string; message: string };

export class ListResult {
  created = 0;
  updated = 0;
  unchanged = 0;
  applied: TicketListResult['applied'] = [];
  refused: TicketListResult['refused'] = [];
  constructor(private lang: Language) {}
  refuse(line: number, code: string, fields: Field[]) {
    this.refused.push({
      line,
      code,
      description: fields.map((f) => `${f.path}: ${translate(this.lang, f.message)}`).join('; '),
      fields: fields.map((f) => ({ ...f, text: translate(this.lang, f.message) })),
    });
  }
  act(line: number, action: 'create' | 'update' | 'unchanged') {
    this.applied.push({ line, action });
    if (action === 'create') this.created++;
    else if (action === 'update') this.updated++;
    else this.unchanged++;
  }
  out(): TicketListResult {
    return {
      created: this.created,
      updated: this.updated,
      unchanged: this.unchanged,
      applied: this.applied.sort((a, b) => a.line - b.line),
      refused: this.refused.sort((a, b) => a.line - b.line),
    };
  }
}

export interface Named {
  id: number;
  name: string;
}

/** A rol or reseller named by a list: its name (any case), else its id. */
export function byNameOrId(list: Named[]) {
  const names = new Map(list.map((r) => [r.name.trim().toLowerCase(), r]));
  const ids = new Map(list.map((r) => [r.id, r]));
  return (raw: string) =>
    names.get(raw.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(raw) ? ids.get(Number(raw)) : undefined);
}

export const eventRols = async (db: Executor, eventId: number) =>
  rowsOf<Named>(await db.execute(sql`select id, name from rols where event_id = ${eventId} order by id`)).map(
    (r) => ({ ...r, id: Number(r.id) }),
  );

interface ExistingTicket {
  id: number;
  code: string;
  external_code: string | null;
  role_id: number | null;
  reseller_id: number | null;
  customer_id: number | null;
  validated: number;
  cancelled: number;
  source: string | null;
  wristband_id: number | null;
  name: string | null;
  email: string | null;
  imported: boolean;
}

export async function ticketsBy(db: Executor, eventId: number, codes: string[], externals: string[] = []) {
  const res = await db.execute(sql`
    select t.id, t.code, t.external_code, t.role_id, t.reseller_id, t.customer_id, t.validated, t.cancelled,
      t.source, t.wristband_id, c.name, c.email,
      exists (select 1 from ticket_import_positions p where p.ticket_id = t.id) as imported
    from tickets t left join customers c on c.id = t.customer_id
    where t.event_id = ${eventId} and (
      t.code in (select json_array_elements_text(${json(codes)}))
      or t.external_code in (select json_array_elements_text(${json(externals)})))`);
  return rowsOf<ExistingTicket>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
  }));
}

import {
  type ConverterInput,
  checkConverterRows,
  type Language,
  type TicketListResult,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import {
  byNameOrId,
  eventRols,
  type Field,
  json,
  ListResult,
  lockLists,
  msg,
  ticketsBy,
} from './ticket-lists.shared';

/**
 * The converter (admin/api-ticket converter): other platforms' codes turned into tickets of ours,
 * checked row by row, waiting for an import to adopt them.
 */

/**
 * The converter: each external code becomes (or edits) a ticket of ours with that code (or the
 * external one) and rol, source `converter`, waiting for the import to adopt it when a position
 * carries the external code. A conversion already validated, on a wristband or adopted by an import
 * no longer changes.
 */
export async function applyConversions(
  ctx: AppContext,
  eventId: number,
  inputs: ConverterInput[],
  opts: { preview: boolean; lang: Language },
): Promise<TicketListResult> {
  const db = ctx.db;
  if (!opts.preview) await lockLists(db, eventId);
  const result = new ListResult(opts.lang);
  const checks = checkConverterRows(inputs);
  const rol = byNameOrId(await eventRols(db, eventId));
  const good = checks.flatMap((c) => (c.ok ? [c] : []));
  const target = (row: { code: string; externalCode: string }) => row.code || row.externalCode;
  const found = await ticketsBy(
    db,
    eventId,
    good.flatMap((g) => [target(g.row), g.row.externalCode]),
    good.map((g) => g.row.externalCode),
  );
  const byCode = new Map(found.map((t) => [t.code, t]));
  const byExternal = new Map(found.filter((t) => t.external_code).map((t) => [t.external_code!, t]));
  // Our codes this list gives, by line (two external codes never convert to one ticket).
  const ourCodes = new Map<string, number>();

  const inserts: { code: string; external_code: string; role_id: number }[] = [];
  const updates: { id: number; code: string; role_id: number }[] = [];
  for (const [i, c] of checks.entries()) {
    if (!c.ok) {
      const raw = inputs[i]!;
      const unknownRol =
        !c.fields.some((f) => f.path === 'role') && raw.role?.trim() && !rol(raw.role)
          ? [{ path: 'role', message: msg('ticketRoleUnknown', { role: raw.role.trim() }) }]
          : [];
      result.refuse(c.line, c.code, [...c.fields, ...unknownRol]);
      continue;
    }
    const row = c.row;
    const code = target(row);
    const fields: Field[] = [];
    const r = rol(row.role);
    if (!r) fields.push({ path: 'role', message: msg('ticketRoleUnknown', { role: row.role }) });
    const firstLine = ourCodes.get(code.toLowerCase());
    if (firstLine !== undefined)
      fields.push({ path: 'code', message: msg('ticketCodeRepeated', { code, line: firstLine }) });
    else ourCodes.set(code.toLowerCase(), c.line);
    const mapping = byExternal.get(row.externalCode);
    const holder = byCode.get(code);
    const imported = byCode.get(row.externalCode);
    if (!mapping && imported?.imported && imported.external_code === null)
      fields.push({ path: 'externalCode', message: msg('ticketCodeTaken', { code: row.externalCode }) });
    if (mapping && r && mapping.code === code && mapping.role_id === r.id && !fields.length) {
      result.act(c.line, 'unchanged');
      continue;
    }
    if (mapping && (mapping.validated === 1 || mapping.wristband_id !== null || mapping.imported))
      fields.push({ path: 'code', message: msg('ticketConvertedLocked', { code: mapping.code }) });
    else if (holder && holder.id !== mapping?.id)
      fields.push({
        path: 'code',
        message: holder.external_code ? msg('ticketConverted', { code }) : msg('ticketCodeTaken', { code }),
      });
    if (fields.length || !r) {
      result.refuse(c.line, row.externalCode, fields);
      continue;
    }
    if (mapping) {
      updates.push({ id: mapping.id, code, role_id: r.id });
      result.act(c.line, 'update');
    } else {
      inserts.push({ code, external_code: row.externalCode, role_id: r.id });
      result.act(c.line, 'create');
    }
  }
  if (opts.preview) return result.out();
  await guardedWrite(() => writeConversions(db, eventId, inserts, updates));
  return result.out();
}

async function writeConversions(
  db: Executor,
  eventId: number,
  inserts: { code: string; external_code: string; role_id: number }[],
  updates: { id: number; code: string; role_id: number }[],
) {
  if (updates.length)
    await db.execute(sql`
      update tickets t set code = x.code, role_id = x.role_id, updated_at = now()
      from json_to_recordset(${json(updates)}) as x(id int, code text, role_id int)
      where t.id = x.id and t.event_id = ${eventId}::int`);
  if (inserts.length)
    await db.execute(sql`
      insert into tickets (event_id, code, external_code, role_id, source)
      select ${eventId}::int, x.code, x.external_code, x.role_id, 'converter'
      from json_to_recordset(${json(inserts)}) as x(code text, external_code text, role_id int)
      order by x.code`);
}

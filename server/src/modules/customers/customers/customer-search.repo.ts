import { CUSTOMER_PAGE_SIZE, type CustomerSearchQuery, type CustomerSearchRow } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';

/** `%text%` for ILIKE, with the user's own % _ \ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const present = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The customer lookup (01-console §2): partial name, e-mail, ticket and wristband serial (trigram
 * indexes), exact check code, purchase localizer and IBAN (case and spaces ignored). Blank fields are
 * left out; with no field at all nothing is searched. One row per customer and wristband (a replaced
 * wristband and its successor both lead to the customer), 10 per page, oldest customer first.
 */
export async function searchCustomers(
  db: Executor,
  eventId: number,
  q: CustomerSearchQuery,
  page = 1,
): Promise<{ rows: CustomerSearchRow[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (present(q.name)) where.push(sql`c.name ilike ${contains(q.name.trim())}`);
  if (present(q.email)) where.push(sql`c.email ilike ${contains(q.email.trim())}`);
  if (present(q.ticket)) where.push(sql`c.ticket_code ilike ${contains(q.ticket.trim())}`);
  if (present(q.rfid)) where.push(sql`lower(w.n_serie) like ${contains(q.rfid.trim().toLowerCase())}`);
  if (present(q.codeCheck)) where.push(sql`w.code_check = ${q.codeCheck.trim().toUpperCase()}`);
  if (present(q.localizer)) where.push(sql`upper(c.localizer) = ${q.localizer.trim().toUpperCase()}`);
  if (present(q.iban)) where.push(sql`c.iban = ${q.iban.replace(/\s+/g, '').toUpperCase()}`);
  if (!where.length) return { rows: [], hasMore: false };

  const offset = (Math.max(1, Math.floor(page)) - 1) * CUSTOMER_PAGE_SIZE;
  const res = await db.execute(
    sql`select c.id as "customerId", w.id as "idRfid", w.n_serie as "nSerie", c.name as "customerName",
          c.email as "customerEmail", c.ticket_code as "ticket", w.code_check as "codeCheck"
        from customers c
        left join wristbands w on w.customer_id = c.id and w.event_id = c.event_id
        where c.event_id = ${eventId}::int and ${sql.join(where, sql` and `)}
        order by c.id, w.active desc, w.id
        limit ${CUSTOMER_PAGE_SIZE + 1}::int offset ${offset}::int`,
  );
  const rows = (res as unknown as { rows: CustomerSearchRow[] }).rows.map((r) => ({
    ...r,
    customerId: Number(r.customerId),
    idRfid: r.idRfid === null ? null : Number(r.idRfid),
  }));
  return { rows: rows.slice(0, CUSTOMER_PAGE_SIZE), hasMore: rows.length > CUSTOMER_PAGE_SIZE };
}

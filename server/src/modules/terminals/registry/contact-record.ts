import { type AppChannel, INT4_MAX, type SyncHealth } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What a terminal says of itself at each sync (docs/decisions/terminals.md "Device registry and fleet
 * health"), as statements to run with the sync's own: the device's stored report (app version,
 * operations it still holds, last sequence number, ban-list version) and its received sequence
 * ranges. The terminal feed locks the device row in its first statement and writes these with the
 * batch's rows, so a sync is one transaction; a call without operations writes them alone
 * (terminal-contact.ts).
 */

/** What the terminal reported in this call, and the sequence numbers its operations carry. */
export interface ContactReport {
  health: SyncHealth & { appChannel?: AppChannel };
  seqs: number[];
}

/** The valid sequence numbers a batch carries (read from the raw operations, refused ones too: they arrived). */
export function sequenceNumbers(rawOps: unknown[]) {
  const seqs: number[] = [];
  for (const raw of rawOps) {
    const seq = (raw as { seq?: unknown } | null)?.seq;
    if (typeof seq === 'number' && Number.isInteger(seq) && seq >= 1 && seq <= INT4_MAX) seqs.push(seq);
  }
  return seqs;
}

/**
 * The data-modifying CTEs that store the report, for a statement run while the transaction holds the
 * device row (FOR UPDATE) and begun after it took it, so that it reads the ranges every earlier batch
 * of the terminal committed:
 * - the received ranges: the stored ones and the batch's numbers are merged into sorted, disjoint,
 *   non-adjacent ranges (gaps and islands); the ranges that changed are written, those merged into
 *   another deleted (the two sets of rows are disjoint);
 * - the device's columns. Its last sequence number only grows (a batch re-sent late may say an older
 *   one). The operations missing are, of the numbers 1 … its last sequence number (what it says, else
 *   the highest received), those not received, less those it says it still holds: so a terminal that
 *   sends out of order, or holds a batch after a lost answer, shows no gap until the numbers are
 *   really missing.
 */
export function contactWrites(deviceId: number, report: ContactReport): SQL[] {
  const { health, seqs } = report;
  const device = sql`${deviceId}::int`;
  const opt = <T>(v: T | undefined) => (v === undefined ? null : v);
  const saidLast = sql`${opt(health.lastSeq)}::int`;
  const saidPending = sql`${opt(health.pendingOperations)}::int`;
  return [
    sql`seq_all as (
      select lo, hi from device_seq_ranges where device_id = ${device}
      union all
      select s, s from (
        select distinct json_array_elements_text(${JSON.stringify(seqs.map(String))}::json)::int as s
      ) n
    )`,
    sql`seq_merged as (
      select min(lo) as lo, max(hi) as hi from (
        select lo, hi, count(*) filter (where prev_hi is null or lo > prev_hi + 1) over (order by lo, hi) as island
        from (
          select lo, hi, max(hi) over (order by lo, hi rows between unbounded preceding and 1 preceding) as prev_hi
          from seq_all
        ) a
      ) b group by island
    )`,
    sql`seq_dropped as (
      delete from device_seq_ranges r where r.device_id = ${device}
        and not exists (select 1 from seq_merged m where m.lo = r.lo)
    )`,
    sql`seq_kept as (
      insert into device_seq_ranges (device_id, lo, hi)
      select ${device}, m.lo, m.hi from seq_merged m
        where not exists (
          select 1 from device_seq_ranges r where r.device_id = ${device} and r.lo = m.lo and r.hi = m.hi
        )
      on conflict (device_id, lo) do update set hi = excluded.hi
    )`,
    sql`device_contact as (
      update devices d set
        last_contact_at = now(),
        health_at = now(),
        missing_operations = (
          select case when count(*) = 0 and coalesce(k.last_seq, 0) = 0 then 0 else greatest(0,
            greatest(coalesce(k.last_seq, 0), coalesce(max(m.hi), 0))
            - coalesce(sum(m.hi - m.lo + 1), 0)
            - coalesce(k.pending, 0)) end
          from seq_merged m
        ),
        app_version = coalesce(${opt(health.appVersion)}::text, d.app_version),
        app_version_code = coalesce(${opt(health.appVersionCode)}::int, d.app_version_code),
        app_channel = coalesce(${opt(health.appChannel)}::text, d.app_channel),
        pending_operations = k.pending,
        last_seq = k.last_seq,
        ban_list_version = coalesce(${opt(health.banListVersion)}::bigint, d.ban_list_version)
      from (
        select
          case when ${saidLast} is null then last_seq else greatest(${saidLast}, coalesce(last_seq, 0)) end as last_seq,
          coalesce(${saidPending}, pending_operations) as pending
        from devices where id = ${device}
      ) k
      where d.id = ${device}
    )`,
  ];
}

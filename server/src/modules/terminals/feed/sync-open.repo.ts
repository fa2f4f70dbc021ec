/**
 * A batch's opening statement (openBatch): the device checked and locked, the batch numbered, its
 * operations claimed, its wristbands created, locked or read, their bans, the ban-list and app
 * versions; and what it answers.
 */
import type { AppChannel } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, executePrepared } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { latestEnabledJsonSql } from '../app-versions/app-versions.repo';
import { json, texts } from './sync-sql';
import {
  findSerial,
  lockSerials,
  readSerials,
  WRISTBAND_COLUMNS,
  type WristbandRow,
} from './sync-wristbands.repo';

const parseJson = <T>(v: T | string) => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export interface BatchDevice {
  id: number;
  assigned_event_id: number | null;
  token_version: number;
  inactive: boolean;
}

export interface OpenedBatch {
  /** The device as stored (null when it no longer exists). */
  device: BatchDevice | null;
  /** Null when the device no longer matches its token: then nothing was written. */
  batchId: number | null;
  /** Operations claimed by this batch (the others were recorded before). */
  claimed: Set<string>;
  /**
   * The batch's wristbands: those wanted with `lock` are locked, the others (only passed through a
   * gate) read; `created` are those first seen now (this transaction's own rows).
   */
  wristbands: WristbandRow[];
  created: Set<string>;
  /** The batch's wristbands under a ban (banned_wristbands with either toggle on), by serial. */
  bans: Map<string, WristbandBan>;
  /** The banned-wristband list's current version. */
  banListVersion: number;
  /** The latest enabled app version of the terminal's channel (null: none). */
  app: { versionCode: number; versionName: string; packageName: string } | null;
}

/** A ban as the sync applies it: on terminals (`enabled`) and of top-ups (`enabled_top_ups`). */
export interface WristbandBan {
  terminals: boolean;
  topUps: boolean;
}

/**
 * The first statement of a batch, one round trip:
 * - reads and locks the device row: is it still active, keyed and assigned as its token says? If not,
 *   nothing below happens. The lock holds to the end of the batch's transaction, so the batches of
 *   one terminal take turns, and the contact it reports is stored by the batch's last statement,
 *   which sees what the batch before it committed (device-registry/contact-record.ts);
 * - numbers the batch and claims the operations in processed_operations, in id order: the rows
 *   that insert are new, the others were recorded by an earlier (or concurrent, committed) call;
 * - creates the wristbands never seen (each with an anonymous customer), then locks the existing ones
 *   (SELECT … FOR NO KEY UPDATE, in id order), except those wanted without `lock`, which it reads
 *   (and all of them when not `lockNow`: the batch's last statement locks them, sync-balances.repo.ts);
 * - reads the bans of those serials (banned_wristbands is global, probed by its unique serial index);
 * - reads what the answer needs: the ban-list version and the app version the terminal's channel
 *   must run.
 * A wristband another batch created and committed while this statement ran is in none of its sets
 * (not in its snapshot): it is locked by a second query.
 */
export async function openBatch(
  tx: Executor,
  device: { id: number; eventId: number; version: number },
  ops: { id: string; kind: string; hash: string }[],
  wanted: { n_serie: string; code_check: string | null; first_seen: string; lock: boolean }[],
  channel: AppChannel,
  /** false: the wristbands wanted with `lock` are read too, and locked by the batch's last statement. */
  lockNow = true,
): Promise<OpenedBatch> {
  const take = lockNow ? lockSerials : readSerials;
  const claims = [...ops].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bands = [...wanted].sort((a, b) => (a.n_serie < b.n_serie ? -1 : 1));
  const serials = texts(bands.map((w) => w.n_serie));
  const e = sql`${device.eventId}::int`;
  const res = await executePrepared(
    tx,
    sql`with d as (
          select id, assigned_event_id, token_version,
            (date_inactive is not null and date_inactive <= now()) as inactive
          from devices where id = ${device.id}::int
          for update
        ),
        ok as (
          select 1 from d where assigned_event_id = ${e} and token_version = ${device.version}::int and not inactive
        ),
        b as (
          select nextval(pg_get_serial_sequence('sync_batches', 'id')) as id where exists (select 1 from ok)
        ),
        c as (
          insert into processed_operations (event_id, operation_id, kind, payload_hash, device_id, batch_id)
          select ${e}, x.id, x.kind, x.hash, ${device.id}::int, b.id
          from json_to_recordset(${json(claims)}) as x(id uuid, kind text, hash text) cross join b
          order by x.id
          on conflict (event_id, operation_id) do nothing
          returning operation_id
        ),
        wanted as (
          select w.n_serie, w.code_check, w.first_seen, w.lock
          from json_to_recordset(${json(bands)}) as w(n_serie text, code_check text, first_seen timestamptz, lock boolean)
        ),
        x as (
          select w.*, nextval(pg_get_serial_sequence('customers', 'id')) as customer_id from wanted w
          left join lateral (${findSerial(e, sql`w.n_serie`)}) k on true
          where exists (select 1 from ok) and k.id is null
        ),
        created as (
          insert into wristbands (event_id, n_serie, code_check, first_seen_at, customer_id)
          select ${e}, x.n_serie, x.code_check, x.first_seen, x.customer_id from x
          order by x.n_serie
          on conflict (event_id, n_serie) do nothing
          returning ${WRISTBAND_COLUMNS}
        ),
        customers_created as (
          insert into customers (id, event_id) select customer_id, ${e} from created
        )
        select
          (select row_to_json(d) from d) as device,
          (select id from b) as batch_id,
          (select coalesce(json_agg(operation_id), '[]'::json) from c) as claimed,
          (select coalesce(json_agg(c), '[]'::json) from created c) as created,
          (select coalesce(json_agg(l), '[]'::json) from (
            ${take(e, sql`select n_serie from wanted where lock and exists (select 1 from ok)`)}
          ) l) as locked,
          (select coalesce(json_agg(r), '[]'::json) from (
            ${readSerials(e, sql`select n_serie from wanted where not lock and exists (select 1 from ok)`)}
          ) r) as referenced,
          (select coalesce(json_agg(bw), '[]'::json) from (
            select n_serie, enabled, enabled_top_ups from banned_wristbands
            where n_serie = any(${serials}) and (enabled = 1 or enabled_top_ups = 1)
          ) bw) as banned,
          (select coalesce(max(list_version), 0) from banned_wristbands) as ban_list_version,
          ${latestEnabledJsonSql(channel)} as app`,
  );
  const row = rowsOf<{
    device: BatchDevice | string | null;
    batch_id: number | string | null;
    claimed: string[] | string;
    created: WristbandRow[] | string;
    locked: WristbandRow[] | string;
    referenced: WristbandRow[] | string;
    banned: { n_serie: string; enabled: number; enabled_top_ups: number }[] | string;
    ban_list_version: number | string;
    app: { version_code: number; version_name: string; package_name: string } | string | null;
  }>(res)[0]!;
  const batchId = row.batch_id === null ? null : Number(row.batch_id);
  const created = parseJson(row.created);
  const rows = [...created, ...parseJson(row.locked), ...parseJson(row.referenced)];
  if (batchId !== null) {
    const seen = new Set(rows.map((r) => r.n_serie));
    const missing = bands.filter((w) => !seen.has(w.n_serie));
    const toLock = missing.filter((w) => w.lock).map((w) => w.n_serie);
    const toFind = missing.filter((w) => !w.lock).map((w) => w.n_serie);
    if (toLock.length) {
      const late = await tx.execute(take(e, sql`select unnest(${texts(toLock)})`));
      rows.push(...rowsOf<WristbandRow>(late));
    }
    if (toFind.length) {
      const late = await tx.execute(readSerials(e, sql`select unnest(${texts(toFind)})`));
      rows.push(...rowsOf<WristbandRow>(late));
    }
  }
  const found = row.device === null ? null : parseJson(row.device);
  const app = row.app === null ? null : parseJson(row.app);
  return {
    device: found,
    batchId,
    claimed: new Set(parseJson(row.claimed)),
    wristbands: rows.map((r) => ({ ...r, flags: r.flags ?? [] })),
    created: new Set(created.map((r) => r.n_serie)),
    bans: new Map(
      parseJson(row.banned).map((b) => [
        b.n_serie,
        { terminals: Number(b.enabled) === 1, topUps: Number(b.enabled_top_ups) === 1 },
      ]),
    ),
    banListVersion: Number(row.ban_list_version),
    app: app && {
      versionCode: Number(app.version_code),
      versionName: app.version_name,
      packageName: app.package_name,
    },
  };
}

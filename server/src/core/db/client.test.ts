import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper';
import { type Database, foldedTransaction } from './client';
import { rowsOf } from './rows';

/**
 * foldedTransaction (the terminal feed's transactions): on PostgreSQL its first statement travels
 * with BEGIN and its last ones with COMMIT, their parameters sent as SQL literals to statements
 * prepared once per connection. What a caller must be able to count on: the values stored are the
 * values given, a failure leaves nothing behind, and the connection serves the next transaction.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table fold_probe (id int primary key, note text, tags text[], doc json, at timestamptz)`,
  );
});
afterAll(() => database.close());

const probe = async () =>
  rowsOf<{ id: number; note: string | null; tags: string[] | null; doc: unknown; at: string | null }>(
    await database.db.execute(sql`select id, note, tags, doc, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at
      from fold_probe order by id`),
  );
const insert = (id: number, note: string | null, tags: string[] | null = null, doc: unknown = null) =>
  sql`insert into fold_probe (id, note, tags, doc, at)
      values (${id}::int, ${note}, ${sql.param(tags)}::text[], ${doc === null ? null : JSON.stringify(doc)}::json, ${'2026-07-04T21:30:00Z'}::timestamptz)`;

describe('a folded transaction', () => {
  it('answers its first and last statements and commits what its last statements wrote', async () => {
    const answer = await foldedTransaction(
      database.db,
      sql`select ${41}::int + 1 as n, ${"it's"}::text as word`,
      async (_tx, first, finish) => {
        const last = await finish(
          insert(1, 'one'),
          insert(2, 'two'),
          sql`select count(*)::int as rows from fold_probe`,
        );
        return { first: first[0], last };
      },
    );
    expect(answer).toEqual({ first: { n: 42, word: "it's" }, last: [[], [], [{ rows: 2 }]] });
    expect((await probe()).map((r) => r.note)).toEqual(['one', 'two']);
    await database.db.execute(sql`delete from fold_probe`);
  });

  it('stores every parameter exactly as given: quotes, backslashes, unicode, arrays and JSON', async () => {
    const awkward = String.raw`O'Brien \ "quoted" E'\x41' $1 ; drop table fold_probe; -- 🎪 ñ` + '\n\ttab';
    const tags = ["a'b", 'c\\d', 'with space', '{braces}', '🎟'];
    const doc = { text: awkward, list: [1, 'two', null], nested: { quote: "'" } };
    await foldedTransaction(database.db, sql`select 1 as ok`, async (tx, _first, finish) => {
      await tx.execute(insert(10, 'inside the transaction'));
      await finish(insert(11, awkward, tags, doc), insert(12, null));
    });
    expect(await probe()).toEqual([
      { id: 10, note: 'inside the transaction', tags: null, doc: null, at: '2026-07-04 21:30:00' },
      { id: 11, note: awkward, tags, doc, at: '2026-07-04 21:30:00' },
      { id: 12, note: null, tags: null, doc: null, at: '2026-07-04 21:30:00' },
    ]);
    await database.db.execute(sql`delete from fold_probe`);
  });

  it('leaves nothing behind when a last statement fails, and the next transaction runs', async () => {
    const attempt = (id: number) =>
      foldedTransaction(database.db, sql`select ${id}::int as id`, async (tx, _first, finish) => {
        await tx.execute(insert(id, 'written before the failure'));
        // The second insert repeats the primary key: the whole transaction fails.
        await finish(insert(id + 1, 'first'), insert(id + 1, 'again'));
      });
    const failure = await attempt(20).catch((e: { code?: string; cause?: { code?: string } }) => e);
    // PGlite's driver wraps the database's error; its code is the same.
    expect(
      (failure as { code?: string }).code ?? (failure as { cause?: { code?: string } }).cause?.code,
    ).toBe('23505');
    expect(await probe()).toEqual([]);
    // The same statements again (the connection may already hold them prepared), now valid.
    await foldedTransaction(database.db, sql`select ${20}::int as id`, async (tx, _first, finish) => {
      await tx.execute(insert(20, 'written before the failure'));
      await finish(insert(21, 'first'));
    });
    expect((await probe()).map((r) => r.id)).toEqual([20, 21]);
    await database.db.execute(sql`delete from fold_probe`);
  });

  it('rolls back when the body throws, and commits on its own without a finish', async () => {
    await expect(
      foldedTransaction(database.db, sql`select 1 as ok`, async (tx) => {
        await tx.execute(insert(30, 'never kept'));
        throw new Error('refused by the caller');
      }),
    ).rejects.toThrow('refused by the caller');
    expect(await probe()).toEqual([]);
    await foldedTransaction(database.db, sql`select 1 as ok`, async (tx) => {
      await tx.execute(insert(31, 'kept'));
    });
    expect((await probe()).map((r) => r.note)).toEqual(['kept']);
    await database.db.execute(sql`delete from fold_probe`);
  });

  it('answers statements beyond the prepared-statement budget of a process', async () => {
    // More distinct texts than a process keeps prepared (24): the rest run prepared and deallocated.
    for (let i = 0; i < 30; i++) {
      const answer = await foldedTransaction(
        database.db,
        sql`select ${i}::int as n, ${sql.raw(`'text ${i}'`)} as label`,
        async (_tx, first, finish) => {
          await finish(insert(200 + i, `budget ${i}`));
          return first[0];
        },
      );
      expect(answer).toEqual({ n: i, label: `text ${i}` });
    }
    expect(await probe()).toHaveLength(30);
    await database.db.execute(sql`delete from fold_probe`);
  });

  it('keeps concurrent transactions apart, each on its own connection', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        foldedTransaction(database.db, sql`select ${i}::int as i`, async (tx, first, finish) => {
          await tx.execute(sql`select pg_sleep(0.001)`);
          await finish(insert(100 + Number(first[0]!.i), `writer ${i}`));
        }),
      ),
    );
    const rows = await probe();
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.note === `writer ${r.id - 100}`)).toBe(true);
    await database.db.execute(sql`delete from fold_probe`);
  });
});

import { sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlText, useSqlText } from './sql-text';

const dialect = new PgDialect();
const drizzleBuild = (q: ReturnType<typeof sql>) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { sql: text, params };
};

describe('sqlText', () => {
  it('builds the text and values drizzle builds for sql templates, nested, joined and raw', () => {
    const at = new Date('2026-07-01T10:17:00Z');
    const inner = sql`select id from t where a = ${7} and b = ${'x'} and c is not distinct from ${null}`;
    const parts = [sql`${1}`, sql`${true}`, sql`${2n}`, sql`${at}::timestamptz`];
    const statements = [
      sql`select 1`,
      sql``,
      sql`${sql.raw('select')} * from (${inner}) x where x.id in (${sql.join(parts, sql`, `)})`,
      sql`with a as (${inner}), b as (${inner}) select ${undefined} * from a, b where ${sql.join([sql`a.id = ${3}`, sql`true`], sql` and `)}`,
      sql`select ${"it's"}, ${-1.5}, ${'$1'}`,
    ];
    for (const q of statements) expect(sqlText(q)).toEqual(drizzleBuild(q));
    expect(sqlText(statements[2]!)!.params).toEqual([7, 'x', null, 1, true, 2n, at]);
  });

  it('leaves to drizzle what is not text, a template or a plain value', () => {
    const t = pgTable('t', { id: integer('id') });
    expect(sqlText(sql`select ${t.id} from ${t}`)).toBeNull();
    expect(sqlText(sql`select * from t where id = ${sql.placeholder('id')}`)).toBeNull();
    expect(sqlText(sql`select * from t where id in ${[1, 2]}`)).toBeNull();
    expect(sqlText(sql`select ${1}`.inlineParams())).toBeNull();
    expect(sqlText(sql`select * from (${sql`select ${2}`.inlineParams()}) x`)).toBeNull();
  });

  it('is what a database built by useSqlText runs, and drizzle still builds the rest', () => {
    const db = { dialect: new PgDialect() };
    useSqlText(db);
    const t = pgTable('t', { id: integer('id') });
    const plain = sql`select * from t where id = ${4}`;
    expect(db.dialect.sqlToQuery(plain)).toEqual({ sql: 'select * from t where id = $1', params: [4] });
    expect(db.dialect.sqlToQuery(sql`select ${t.id} from ${t} where ${t.id} = ${5}`)).toMatchObject({
      sql: 'select "t"."id" from "t" where "t"."id" = $1',
      params: [5],
    });
  });
});

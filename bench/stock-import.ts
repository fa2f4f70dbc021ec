import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { type BenchDb, openBenchDatabase } from './databases';

/**
 * Wristband stock import (issue 18): a lot of `rows` wristbands as a CSV file through
 * POST /api/wristband-stock/import (parse, check every row, one insert, classification), timed
 * against a bare multi-row INSERT of the same rows into a table of the same shape; then the same
 * file again, which must add nothing.
 */
export interface StockImportFigures {
  database: BenchDb;
  rows: number;
  oursMs: number;
  bareMs: number;
  reimportMs: number;
  added: number;
  readded: number;
}

export const STOCK_IMPORT_TARGET_MS = 10_000;

export async function benchStockImport(kind: BenchDb, rows = 100_000): Promise<StockImportFigures> {
  const database = await openBenchDatabase(kind);
  try {
    await seedDemo(database.db);
    const { app } = await buildApp({ database, logger: false, config: { seed: 'none', logLevel: 'warn' } });
    try {
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      const token = login.json().result.token as string;
      const serials = Array.from(
        { length: rows },
        (_, i) => `04B0${i.toString(16).toUpperCase().padStart(10, '0')}`,
      );
      const csv = Buffer.from(
        ['serial;code', ...serials.map((s, i) => `${s};${(i % 99_999_999).toString(36).toUpperCase()}`)].join(
          '\n',
        ),
      );
      const send = async () => {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/wristband-stock/import?lot=Bench%20lot',
          headers: { token, 'content-type': 'text/csv' },
          payload: csv,
        });
        const ms = Math.round(performance.now() - t0);
        if (res.statusCode !== 200)
          throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return { ms, result: res.json().result as { added: number; refused: number } };
      };
      const first = await send();
      const again = await send();

      // The bare figure: the same rows in multi-row INSERTs (1,000 a statement) into a same-shaped table.
      await database.db.execute(
        sql`create table bench_stock_bare (id serial primary key, lot_id int not null, n_serie text not null unique, code_check text)`,
      );
      const t0 = performance.now();
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < rows; i += 1000) {
          const chunk = serials.slice(i, i + 1000);
          await tx.execute(
            sql`insert into bench_stock_bare (lot_id, n_serie, code_check) values ${sql.join(
              chunk.map((s, j) => sql`(1, ${s}, ${((i + j) % 99_999_999).toString(36).toUpperCase()})`),
              sql`, `,
            )}`,
          );
        }
      });
      const bareMs = Math.round(performance.now() - t0);
      return {
        database: kind,
        rows,
        oursMs: first.ms,
        bareMs,
        reimportMs: again.ms,
        added: first.result.added,
        readded: again.result.added,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { USED_BY_TABLE } from './db-errors';

describe('the answer of a delete a foreign key refuses', () => {
  it('knows what every table whose foreign key can refuse a delete is', () => {
    const missing: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      for (const fk of config.foreignKeys) {
        // Cascading and nulling keys never refuse a delete.
        if (fk.onDelete === 'cascade' || fk.onDelete === 'set null') continue;
        if (!USED_BY_TABLE.has(config.name)) missing.push(`${config.name} (${fk.getName()})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

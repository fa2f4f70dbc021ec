import { describe, expect, it } from 'vitest';
import type { Executor } from './client';
import { preparedOnce } from './prepared-once';

describe('preparedOnce', () => {
  it('builds a query once per database and name, and refuses a second query under a taken name', () => {
    const db = {} as Executor;
    const other = {} as Executor;
    let builds = 0;
    const first = (name: string) => ({ name, n: ++builds });
    const a = preparedOnce(db, 'prepared_once_test', first);
    expect(preparedOnce(db, 'prepared_once_test', first)).toBe(a);
    // Another database (or a transaction) builds its own.
    expect(preparedOnce(other, 'prepared_once_test', first)).not.toBe(a);
    expect(builds).toBe(2);
    expect(() =>
      preparedOnce({} as Executor, 'prepared_once_test', (name) => ({ name, other: true })),
    ).toThrow('Prepared query name prepared_once_test is taken.');
  });
});

/** The rows of a raw `db.execute(sql…)` answer (pg and PGlite both answer `{ rows }`), typed by the caller. */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

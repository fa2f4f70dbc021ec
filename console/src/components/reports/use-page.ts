import { useState } from 'react';

/** A server-paged list's page, back to the first whenever the query changes. */
export function usePage(query: Record<string, unknown>) {
  const key = JSON.stringify(query);
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return { page, setPage: (p: number) => setState({ key, page: p }) };
}

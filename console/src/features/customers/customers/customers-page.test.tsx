import { CUSTOMER_SEARCH_HAS_MORE, type CustomerSearchRow } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import CustomersPage from './customers-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const people = (n: number, from = 0): CustomerSearchRow[] =>
  Array.from({ length: n }, (_, i) => ({
    customerId: from + i + 1,
    idRfid: from + i + 1,
    nSerie: `04AA${String(from + i).padStart(10, '0')}`,
    customerName: `Person ${from + i + 1}`,
    customerEmail: null,
    ticket: null,
    codeCheck: null,
  }));

const next = () => screen.getByTestId<HTMLButtonElement>('customers-page-next');

/** Searches by name; the fake server has `total` matches and says whether a next page has any. */
async function search(total: number) {
  const sent = fakeApi(({ url }) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
    const rows = people(Math.max(0, Math.min(10, total - (page - 1) * 10)), (page - 1) * 10);
    return {
      body: { error: 0, result: rows },
      headers: { [CUSTOMER_SEARCH_HAS_MORE]: page * 10 < total ? '1' : '0' },
    };
  });
  renderScreen(<CustomersPage />);
  await userEvent.type(await screen.findByTestId('customers-search-name'), 'person');
  await userEvent.click(screen.getByTestId('customers-search-submit'));
  return sent;
}

describe('CustomersPage paging', () => {
  it('keeps Next disabled when exactly 10 customers match (no empty next page)', async () => {
    signInForTest({ admin: true });
    await search(10);
    expect(await screen.findByText('Person 10')).toBeTruthy();
    await waitFor(() => expect(next().disabled).toBe(true));
  }, 30_000);

  it('enables Next when the server says more follow, and the last page disables it', async () => {
    signInForTest({ admin: true });
    const sent = await search(11);
    expect(await screen.findByText('Person 10')).toBeTruthy();
    await waitFor(() => expect(next().disabled).toBe(false));
    await userEvent.click(next());
    expect(await screen.findByText('Person 11')).toBeTruthy();
    expect(sent.at(-1)!.url).toContain('page=2');
    await waitFor(() => expect(next().disabled).toBe(true));
  }, 30_000);
});

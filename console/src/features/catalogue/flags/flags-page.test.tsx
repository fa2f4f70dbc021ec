import type { Flag, FlagsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { installDomShims, openDetail, refuseWrites, type Sent } from '../../../test-utils';
import FlagsPage from './flags-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const vip: Flag = {
  id: 3,
  name: 'VIP',
  description: 'VIP area',
  flagNumber: 1,
  isMinor: 0,
  access: [{ idZone: 20, idTimeRange: 30, allowMultipleEntry: 0 }],
  articles: [{ idTimeRange: 30, idArticleEvent: 40, price: 450 }],
  date_update: '2026-07-01T10:00:00.000Z',
};
const data: FlagsResult = {
  flags: [vip],
  zones: [{ id: 20, name: 'Arena' }],
  timeRanges: [{ id: 30, name: 'Friday', dateStart: '2026-07-10', dateEnd: '2026-07-10' }],
  articles: [{ id: 40, name: 'Beer' }],
};
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the flags screen', () => {
  it('shows the server’s refusal of an access entry or a price override on its row', async () => {
    const sent = refuseWrites(data, [
      { path: 'flag.access.0.idZone', message: 'validation.zoneNotInEvent' },
      { path: 'flag.access.0.idTimeRange', message: 'validation.timeRangeNotInEvent' },
      { path: 'flag.articles.0.idArticleEvent', message: 'validation.articleNotInEvent' },
    ]);
    const { user, detail } = await openDetail(<FlagsPage />, 'VIP');
    // The override's price is typed in units (4.50 €), sent in cents.
    await user.click(within(detail).getByTestId('flag-tab-articles'));
    const beerRow = within(detail).getByText('Beer', { selector: 'td' }).closest('tr') as HTMLElement;
    const price = within(beerRow).getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    expect(price.value).toBe('4.5 €');
    await user.clear(price);
    await user.type(price, '5.25');
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      body: { flag: { id: 3, articles: [{ idTimeRange: 30, idArticleEvent: 40, price: 525 }] } },
    });
    // Every refusal lands on its row.
    expect(await within(detail).findByText('Choose an article of this event')).toBeTruthy();
    await user.click(within(detail).getByTestId('flag-tab-access'));
    expect(await within(detail).findByText('Choose a zone of this event')).toBeTruthy();
    const zoneRow = within(detail).getByText('Choose a zone of this event').closest('tr') as HTMLElement;
    expect(within(zoneRow).getByText('Choose a time range of this event')).toBeTruthy();
    expect(within(zoneRow).getByText('Arena')).toBeTruthy();
    const articleRow = within(detail)
      .getByText('Choose an article of this event')
      .closest('tr') as HTMLElement;
    expect(within(articleRow).getByText('Beer')).toBeTruthy();
    expect(within(detail).queryByTestId('resource-errors')).toBeNull();
  }, 40_000);
});

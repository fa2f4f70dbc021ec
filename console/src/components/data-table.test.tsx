import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { installDomShims, renderScreen, signInForTest } from '../test-utils';
import { ReportTable } from './reports/report-table';

beforeAll(installDomShims);
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

type Row = { n: number };
const pageButtons = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((text) => /^\d+$/.test(text))
    .map(Number);

describe('the shared data table pages through a window of 20 pages (01-console §9)', () => {
  it('shows the 20 pages around the current one, none beyond', { timeout: 30_000 }, async () => {
    signInForTest({ admin: true });
    renderScreen(
      <ReportTable<Row>
        title="Rows"
        fileName="rows"
        columns={[{ key: 'n', label: 'N', value: (r) => r.n }]}
        rows={Array.from({ length: 10 }, (_, i) => ({ n: 290 + i }))}
        rowKey={(r) => r.n}
        page={{ page: 30, total: 500, pageSize: 10, onPage: () => {} }}
        downloadRows={async () => []}
      />,
    );
    // Page 30 in the middle: 9 pages before it, 10 after.
    await waitFor(() => expect(pageButtons()).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i)), {
      timeout: 15_000,
    });
  });

  it('starts at the first page and shows all pages when there are fewer than 20', {
    timeout: 30_000,
  }, async () => {
    signInForTest({ admin: true });
    renderScreen(
      <ReportTable<Row>
        title="Rows"
        fileName="rows"
        columns={[{ key: 'n', label: 'N', value: (r) => r.n }]}
        rows={[{ n: 1 }]}
        rowKey={(r) => r.n}
        page={{ page: 1, total: 70, pageSize: 10, onPage: () => {} }}
        downloadRows={async () => []}
      />,
    );
    await waitFor(() => expect(pageButtons()).toEqual([1, 2, 3, 4, 5, 6, 7]), { timeout: 15_000 });
  });
});

describe('the pagination speaks the reader’s language (issue 27 item 24)', () => {
  const table = () =>
    renderScreen(
      <ReportTable<Row>
        title="Rows"
        fileName="rows"
        columns={[{ key: 'n', label: 'N', value: (r) => r.n }]}
        rows={Array.from({ length: 10 }, (_, i) => ({ n: 1 + i }))}
        rowKey={(r) => r.n}
        page={{ page: 1, total: 12_500, pageSize: 10, onPage: () => {} }}
        downloadRows={async () => []}
      />,
    );
  // (The matcher reads every space as one: fr groups with a narrow no-break space, U+202F.)
  it.each([
    ['en', '1 – 10 of 12,500', 'Next page', 'Page 2'],
    ['es', '1 – 10 de 12.500', 'Página siguiente', 'Página 2'],
    ['it', '1 – 10 di 12.500', 'Pagina successiva', 'Pagina 2'],
    ['fr', '1 – 10 sur 12 500', 'Page suivante', 'Page 2'],
  ])(
    '%s: the records shown, the total and the page buttons',
    { timeout: 30_000 },
    async (lang, range, next, two) => {
      signInForTest({ admin: true });
      await changeLanguage(lang as 'en');
      table();
      expect(await screen.findByText(range, {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: next })).toBeTruthy();
      expect(screen.getByRole('button', { name: two })).toBeTruthy();
    },
  );
});

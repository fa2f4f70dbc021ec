import { MantineProvider } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../lib/format';
import { i18n } from '../lib/i18n';
import { installDomShims } from '../test-utils';
import { DatesLocale } from './dates-locale';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  return i18n.changeLanguage('en');
});

const calendar = () =>
  render(
    <MantineProvider>
      <DatesLocale>
        <DatePicker defaultDate="2026-07-01" />
      </DatesLocale>
    </MantineProvider>,
  );

describe('the date pickers speak the reader’s language', () => {
  it.each([
    ['es', 'julio 2026', 'lu'],
    ['fr', 'juillet 2026', 'lu'],
    ['it', 'luglio 2026', 'lu'],
    ['en', 'July 2026', 'Mo'],
  ])('%s: the month and the weekdays, from Monday', async (lang, month, monday) => {
    await i18n.changeLanguage(lang);
    calendar();
    expect(screen.getByText(month)).toBeTruthy();
    const days = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(days[0]?.toLowerCase()).toBe(monday.toLowerCase());
  });
});

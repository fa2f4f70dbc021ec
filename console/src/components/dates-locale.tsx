import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The date pickers' calendars (month and day names, the month grid) in the reader's language, not
 * Mantine's English default (issue 27 item 24); dayjs's es, fr and it locales load with lib/format.
 * Weeks start on Monday, as in the four console languages.
 */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

import { cleanup, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderScreen } from '../test-utils';
import { DateTimeField } from './date-fields';

beforeAll(installDomShims);
afterEach(cleanup);

function Dates() {
  const form = useForm<{ opens: string | null }>({ defaultValues: { opens: '2026-06-12T06:30:00.000Z' } });
  return (
    <FormProvider {...form}>
      <DateTimeField<{ opens: string | null }>
        name="opens"
        label="Opens"
        timezone="Europe/Madrid"
        min="2026-06-12T07:00:00.000Z"
        max="2026-06-15T21:00:00.000Z"
      />
    </FormProvider>
  );
}

describe('a date-time field with a window', () => {
  it('tells the window the instants must lie in, in the time zone, and keeps a time before its first hour', async () => {
    renderScreen(<Dates />);
    expect(await screen.findByText('From 12/06/2026 09:00 to 15/06/2026 23:00 (Europe/Madrid)')).toBeTruthy();
    // 08:30 on the first day stays 08:30 (the server tells it is outside the window), not 09:00.
    expect(screen.getByTestId('field-opens').textContent).toContain('12/06/2026 08:30');
  });
});

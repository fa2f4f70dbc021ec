import { Button } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver } from '../lib/form';
import { installDomShims, renderScreen, signInForTest } from '../test-utils';
import { FieldPrefix, NumberField, TextField } from './form-fields';

installDomShims();

const Schema = z.object({
  rate: z.number().min(0.01).max(100),
  minutes: z.number().int().min(1).max(7200),
  amount: z.number(),
});
type Values = z.infer<typeof Schema>;

/** A form of the shared number fields; `saved` shows what a save would send. */
function TheForm({ children }: { children?: ReactNode }) {
  const form = useForm<Values>({
    resolver: formResolver<Values>(Schema),
    defaultValues: { rate: 2, minutes: 60, amount: 0 },
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState<string>('');
  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value="test">
        <form onSubmit={form.handleSubmit((v) => setSaved(JSON.stringify(v)))} noValidate>
          <NumberField<Values> name="rate" label="Rate" min={0.01} decimalScale={6} />
          <NumberField<Values> name="minutes" label="Minutes" min={1} max={7200} allowDecimal={false} />
          {children}
          <Button type="submit">Save</Button>
          <output data-testid="saved">{saved}</output>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}

beforeEach(() => signInForTest({ admin: true }));
afterEach(() => cleanup());

describe('the shared number field (issue 16)', { timeout: 30_000 }, () => {
  it('replaces a selected value with what is typed: "2" selected, 0.85 typed is 0.85', async () => {
    const user = userEvent.setup();
    renderScreen(<TheForm />);
    const rate = await screen.findByLabelText('Rate');
    await user.tripleClick(rate);
    await user.keyboard('0.85');
    expect(rate).toHaveProperty('value', '0.85');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('saved').textContent).toContain('"rate":0.85'));
  });

  it('never rewrites a value out of range: 9000 minutes stays 9000, shows the max and blocks saving', async () => {
    const user = userEvent.setup();
    renderScreen(<TheForm />);
    const minutes = await screen.findByLabelText('Minutes');
    await user.tripleClick(minutes);
    await user.keyboard('9000');
    expect(minutes).toHaveProperty('value', '9000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Max 7200')).toBeTruthy();
    expect(minutes).toHaveProperty('value', '9000');
    expect(screen.getByTestId('saved').textContent).toBe('');
  });
});

const ListSchema = z.object({
  rows: z.array(z.object({ name: z.string().min(1, { error: 'validation.required' }) })),
});
type ListValues = z.infer<typeof ListSchema>;

/** A list of rows as the integrator's events are: "Add" appends an empty row. */
function TheList() {
  const form = useForm<ListValues>({
    resolver: formResolver<ListValues>(ListSchema),
    defaultValues: { rows: [] },
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value="test">
        <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
          {rows.fields.map((f, i) => (
            <TextField<ListValues> key={f.id} name={`rows.${i}.name`} label={`Row ${i + 1}`} />
          ))}
          <Button onClick={() => rows.append({ name: '' })}>Add</Button>
          <Button type="submit">Save</Button>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}

describe('a row added to a list (issue 27 #17)', { timeout: 30_000 }, () => {
  it('says nothing before it is touched, and says what is missing once saved or left empty', async () => {
    const user = userEvent.setup();
    renderScreen(<TheList />);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Row 1')).toBeTruthy();
    expect(screen.queryByText('Required field')).toBeNull();
    // Left empty (the new row had the focus): it says so; the row added next does not, yet.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Row 2')).toBeTruthy();
    expect(await screen.findAllByText('Required field')).toHaveLength(1);
    // Saved: every empty row says so.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required field')).toHaveLength(2));
  });
});

import type { TicketListResult } from '@pulsera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { ticketApiKeys } from './api';

/**
 * The one-row form of the manual and converter screens: its values, the server's reasons per field,
 * and `save`, which sends the row as a list of one (the same call and checks as a list) and shows a
 * refused row's reasons under its fields; a saved row clears the form and reloads the lists.
 */
export function useSingleRowForm<V extends Record<string, string>>(
  empty: V,
  apply: (rows: ({ line: number } & V)[], preview: boolean) => Promise<TicketListResult>,
) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: ticketApiKeys.all });
  const save = useMutation({
    mutationFn: () => apply([{ line: 1, ...form }], false),
    onSuccess: async (r: TicketListResult) => {
      const refused = r.refused[0];
      if (refused) {
        setErrors(Object.fromEntries((refused.fields ?? []).map((f) => [f.path, f.text])));
        return;
      }
      setErrors({});
      setForm(empty);
      notifySuccess(r.unchanged ? t('ticketApi.manual.unchanged') : undefined);
      await refresh();
    },
  });
  const set = (k: keyof V) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  /** Puts a row in the form (an edit), or clears it. */
  const load = (values: V) => {
    setErrors({});
    setForm(values);
  };
  return { form, errors, set, save, load, refresh };
}

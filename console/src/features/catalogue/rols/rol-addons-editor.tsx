/** The Addon tab of the rol form: the add-ons the rol comes with. */
import type { RolForm } from '@pulsera/contracts';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildListEditor, ErrorText, idList, PickerSelect } from '../../../components/child-list-editor';
import { useFieldErrors } from '../../../components/form-fields';
import { nameOf, type Option, optionsOf, P } from './rol-options';

/** The add-ons the rol comes with; those already added disappear from the picker (02-catalogue §4). */
export function AddonsEditor({ addons }: { addons: Option[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const { field } = useController({ control: form.control, name: 'idAddons' });
  const value = (field.value ?? []) as number[];
  const errorAt = useFieldErrors();
  const [chosen, setChosen] = useState<string | null>(null);
  const available = addons.filter((a) => !value.includes(a.id));
  return (
    <ChildListEditor<number>
      pickers={
        <PickerSelect
          label={t(`${P}.addon`)}
          data={optionsOf(available)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-addon-select"
        />
      }
      entry={chosen ? Number(chosen) : null}
      onAdded={() => setChosen(null)}
      keyOf={(id) => id}
      list={idList(value, field.onChange)}
      items={value}
      columns={[
        {
          head: t(`${P}.addon`),
          cell: (id = 0, i) => (
            <>
              {nameOf(addons, id)}
              <ErrorText text={errorAt(`idAddons.${i}`)} />
            </>
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-addon-add"
      tableTestId="rol-addons"
    />
  );
}

import { Stack } from '@mantine/core';
import { BONUS_TYPES, type BonusType, BonusTypeForm } from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { bonusTypeKeys, deleteBonusType, listBonusTypes, rulesKeys, saveBonusType } from '../rules-api';
import { LastActivity, TEXTS } from '../rules-shared';

const P = `${TEXTS}.bonusTypes`;

function BonusTypeFields() {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextField<BonusTypeForm> name="description" required maxLength={150} />
      <SelectField<BonusTypeForm>
        name="type"
        data={BONUS_TYPES.map((c) => ({ value: c, label: t(`${P}.types.${c}`) }))}
      />
    </Stack>
  );
}

/**
 * admin/cashless/bonType (permission bonificacionesManuales; 02-catalogue §2 Bonus types): gift (M)
 * and cash (E) types. The system's automatic gift (O) is never listed nor offered.
 */
function useDefinition(t: TFunction): ResourceDefinition<BonusType, BonusTypeForm> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'bonus.' },
      queryKey: bonusTypeKeys.list(),
      invalidates: [rulesKeys.all],
      load: listBonusTypes,
      rowKey: (r) => r.id,
      columns: [
        { key: 'description' },
        { key: 'type', render: (r) => t(`${P}.types.${r.type}`) },
        { key: 'date_update', render: (r) => <LastActivity iso={r.date_update} /> },
      ],
      schema: BonusTypeForm,
      empty: () => ({ description: '', type: 'M' }),
      toValues: (r) => ({ description: r.description, type: r.type }),
      save: (v, row) => saveBonusType({ ...v, id: row?.id }),
      remove: (r) => deleteBonusType(r.id),
      matches: (r, text) => r.description.toLowerCase().includes(text),
      Form: BonusTypeFields,
    }),
    [t],
  );
}

export default function BonusTypesPage() {
  const { t } = useTranslation();
  return <ResourceScreen def={useDefinition(t)} />;
}

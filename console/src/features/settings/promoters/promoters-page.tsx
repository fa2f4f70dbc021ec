import { Stack } from '@mantine/core';
import { type Promoter, PromoterSave } from '@pulsera/contracts';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { deletePromoter, listPromoters, promoterKeys, savePromoter } from '../api';
import { Tick } from '../tick';

/** admin/configuration/promotors (01-console §7): name and whether events may carry external analytics. */
const definition: ResourceDefinition<Promoter, PromoterSave> = {
  prefix: 'config.promoters',
  queryKey: promoterKeys.list(),
  load: listPromoters,
  rowKey: (r) => r.id,
  columns: [
    { key: 'id', width: 80, collapse: true },
    { key: 'name' },
    { key: 'externalAnalytics', render: (r) => <Tick on={r.externalAnalytics} /> },
  ],
  schema: PromoterSave,
  empty: () => ({ name: '', externalAnalytics: false }),
  toValues: (r) => ({ name: r.name, externalAnalytics: r.externalAnalytics }),
  save: (v, row) => savePromoter({ ...v, id: row?.id }),
  remove: (r) => deletePromoter(r.id),
  matches: (r, text) => r.name.toLowerCase().includes(text),
  Form: () => (
    <Stack>
      <TextField<PromoterSave> name="name" required maxLength={150} />
      <CheckboxField<PromoterSave> name="externalAnalytics" />
    </Stack>
  ),
};

export default function PromotersPage() {
  return <ResourceScreen def={definition} />;
}

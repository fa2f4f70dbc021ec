import { SimpleGrid } from '@mantine/core';
import { type Province, ProvinceSave } from '@pulsera/contracts';
import { TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { deleteProvince, findProvinces, listProvinces, provinceKeys, saveProvince } from '../api';

/**
 * admin/configuration/provinces (01-console §7): name and country. The search box uses the server's
 * find by name (GET /provinces/find?name: the first matches).
 */
const definition: ResourceDefinition<Province, ProvinceSave> = {
  prefix: 'config.provinces',
  queryKey: provinceKeys.list(),
  load: listProvinces,
  rowKey: (r) => r.id,
  columns: [{ key: 'id', width: 80, collapse: true }, { key: 'name' }, { key: 'country' }],
  schema: ProvinceSave,
  empty: () => ({ name: '', country: '' }),
  toValues: (r) => ({ name: r.name, country: r.country }),
  save: (v, row) => saveProvince({ ...v, id: row?.id }),
  remove: (r) => deleteProvince(r.id),
  search: findProvinces,
  Form: () => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField<ProvinceSave> name="name" required maxLength={150} />
      <TextField<ProvinceSave> name="country" required maxLength={150} />
    </SimpleGrid>
  ),
};

export default function ProvincesPage() {
  return <ResourceScreen def={definition} />;
}

import { SimpleGrid } from '@mantine/core';
import { type LanguageRow, LanguageSave } from '@pulsera/contracts';
import { TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { deleteLanguage, languageKeys, listLanguages, saveLanguage } from '../api';

/** admin/configuration/languages (01-console §7): ISO 639-1 code and name. */
const definition: ResourceDefinition<LanguageRow, LanguageSave> = {
  prefix: 'config.languages',
  queryKey: languageKeys.list(),
  load: listLanguages,
  rowKey: (r) => r.id,
  columns: [{ key: 'id', width: 80, collapse: true }, { key: 'iso', width: 100 }, { key: 'name' }],
  schema: LanguageSave,
  empty: () => ({ iso: '', name: '' }),
  toValues: (r) => ({ iso: r.iso, name: r.name }),
  save: (v, row) => saveLanguage({ ...v, id: row?.id }),
  remove: (r) => deleteLanguage(r.id),
  matches: (r, text) => `${r.iso} ${r.name}`.toLowerCase().includes(text),
  Form: () => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField<LanguageSave>
        name="iso"
        required
        maxLength={2}
        onInput={(e) => {
          e.currentTarget.value = e.currentTarget.value.toLowerCase();
        }}
      />
      <TextField<LanguageSave> name="name" required maxLength={150} />
    </SimpleGrid>
  ),
};

export default function LanguagesPage() {
  return <ResourceScreen def={definition} />;
}

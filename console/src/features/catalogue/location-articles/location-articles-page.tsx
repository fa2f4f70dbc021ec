import { Alert, Grid, Stack, Title } from '@mantine/core';
import { type MenuLocation, TABLE_PAGE_SIZE } from '@pulsera/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { confirmExit } from '../../../components/dialogs';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { articleKeys, listLocationArticles } from '../articles/api';
import { Tick } from '../articles/shared';
import { P } from './menu-draft';
import { MenuPanel } from './menu-panel';

/**
 * admin/cashless/locarticle (permission menuUbicaciones; 02-catalogue §2 Location articles, §4, §5):
 * the selling locations; the menu of the one selected (add, import from another location, Reset,
 * Clear all; editable price, visible and manual); and the sticks of a menu article beside it.
 */
export default function LocationArticlesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: articleKeys.locations(), queryFn: listLocationArticles });
  const [selected, setSelected] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [page, setPage] = useState(1);
  useUnsavedChanges(dirty);

  const locations = list.data?.locations ?? [];
  const location = locations.find((l) => l.id === selected) ?? null;
  const select = async (id: number | null) => {
    if (id === selected) return;
    if (dirty && !(await confirmExit())) return;
    setDirty(false);
    setSelected(id);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t(`${P}.title`)}</Title>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t(`${P}.note`)}
      </Alert>
      <Grid>
        <Grid.Col span={{ base: 12, md: location ? 3 : 12 }}>
          <DataTable<MenuLocation>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={160}
            fetching={list.isFetching}
            records={locations.slice((page - 1) * TABLE_PAGE_SIZE, page * TABLE_PAGE_SIZE)}
            idAccessor={(l) => String(l.id)}
            noRecordsText={t(`${P}.noLocations`)}
            loadingText={t('common.loading')}
            totalRecords={locations.length}
            recordsPerPage={TABLE_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            onRowClick={({ record }) => void select(record.id)}
            rowStyle={(l) =>
              l.id === selected ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined
            }
            columns={[
              { accessor: 'nombre', title: t(`${P}.fields.nombre`) },
              {
                accessor: 'isIntern',
                title: t(`${P}.fields.interna`),
                render: (l) => <Tick on={l.isIntern} />,
              },
              { accessor: 'numArticles', title: t(`${P}.fields.numArticles`) },
              { accessor: 'numCompounds', title: t(`${P}.fields.numCompounds`) },
            ]}
          />
        </Grid.Col>
        {location && (
          <Grid.Col span={{ base: 12, md: 9 }}>
            <MenuPanel
              key={location.id}
              location={location}
              locations={locations}
              articles={list.data?.articles ?? []}
              onDirty={setDirty}
              onClose={() => void select(null)}
              onSaved={() => qc.invalidateQueries({ queryKey: articleKeys.all })}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

import { Badge, Group } from '@mantine/core';
import {
  canCreateRol,
  chosenCategory,
  ROL_DEFAULTS,
  ROL_IMAGE,
  type Rol,
  RolForm,
  rolWarnings,
} from '@pulsera/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemsCell } from '../../../components/items-cell';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { useEventCurrency } from '../../../lib/money';
import { deleteRol, listRols, rolKeys, saveRol } from './api';
import { RolFields } from './rol-fields';
import { RolThumb, Tick } from './rol-list-cells';
import { type Money, moneyOf } from './rol-money';
import { type Extra, nameOf, P } from './rol-options';

/**
 * admin/access/rols (permission roles 14; 02-catalogue §2 Roles, §3, §4, §5, §8, §9): ticket types of
 * the event. New is hidden once the event has 127 (the server refuses one more too).
 */
function useDefinition(money: Money): ResourceDefinition<Rol, RolForm, Extra> {
  const { t } = useTranslation();
  return useMemo(() => {
    const locationsCell = (ids: number[] | null, extra: Extra | undefined) =>
      ids === null ? t(`${P}.all`) : <ItemsCell items={ids.map((id) => nameOf(extra?.locations, id))} />;
    return {
      prefix: P,
      queryKey: rolKeys.list(),
      load: async () => {
        const { rols, ...extra } = await listRols();
        return { rows: rols, extra };
      },
      rowKey: (r) => r.id,
      canCreate: (rows) => canCreateRol(rows.length),
      listSpan: 5,
      columns: [
        {
          key: 'image',
          collapse: true,
          width: ROL_IMAGE.displayWidth + 20,
          render: (r) => <RolThumb url={r.pictureFull?.url} />,
        },
        { key: 'name' },
        { key: 'category', render: (r) => r.category ?? '' },
        { key: 'tagRequired', collapse: true, render: (r) => <Tick on={r.tagRequired === 1} /> },
        {
          key: 'locationsAvailable',
          collapse: true,
          render: (r, x) => locationsCell(r.locationsAvailable, x),
        },
        {
          key: 'preTopUpLocationsAvailable',
          collapse: true,
          render: (r, x) => locationsCell(r.preTopUpLocationsAvailable, x),
        },
        {
          key: 'warning',
          render: (r) => (
            <Group gap={4} wrap="wrap">
              {rolWarnings(r).map((w) => (
                <Badge
                  key={w}
                  color="yellow"
                  variant="light"
                  size="sm"
                  leftSection={<IconAlertTriangle size={12} />}
                >
                  {t(`${P}.warningShort.${w}`)}
                </Badge>
              ))}
            </Group>
          ),
        },
      ],
      schema: RolForm,
      empty: () => ({
        name: '',
        categoryMode: 'any',
        categoryExisting: null,
        categoryNew: '',
        price: ROL_DEFAULTS.price,
        amountBonus: ROL_DEFAULTS.amountBonus,
        tagRequired: ROL_DEFAULTS.tagRequired,
        allLocations: true,
        locationsAvailable: [],
        allPreTopUpLocations: true,
        preTopUpLocationsAvailable: [],
        idsTimeRange: [],
        rolesAccess: [],
        idAddons: [],
        articles: [],
      }),
      toValues: (r) => ({
        name: r.name,
        categoryMode: r.category ? 'existing' : 'any',
        categoryExisting: r.category,
        categoryNew: '',
        price: money.toInput(r.price),
        amountBonus: money.toInput(r.amountBonus),
        tagRequired: r.tagRequired,
        allLocations: r.locationsAvailable === null,
        locationsAvailable: (r.locationsAvailable ?? []).map(String),
        allPreTopUpLocations: r.preTopUpLocationsAvailable === null,
        preTopUpLocationsAvailable: (r.preTopUpLocationsAvailable ?? []).map(String),
        idsTimeRange: r.idsTimeRange,
        rolesAccess: r.rolesAccess.map((a) => ({
          idZone: a.idZone,
          idTimeRange: a.idTimeRange,
          nAccess: a.nAccess,
        })),
        idAddons: r.idAddons,
        articles: r.articles,
      }),
      // The form-save helper has dropped empty values: absent means none.
      save: (v, row) =>
        saveRol({
          id: row?.id,
          name: v.name,
          price: money.toCents(v.price),
          amountBonus: money.toCents(v.amountBonus),
          category: chosenCategory({
            categoryMode: v.categoryMode,
            categoryExisting: v.categoryExisting ?? null,
            categoryNew: v.categoryNew ?? '',
          }),
          tagRequired: v.tagRequired,
          locationsAvailable: v.allLocations ? null : (v.locationsAvailable ?? []).map(Number),
          preTopUpLocationsAvailable: v.allPreTopUpLocations
            ? null
            : (v.preTopUpLocationsAvailable ?? []).map(Number),
          idsTimeRange: v.idsTimeRange ?? [],
          rolesAccess: v.rolesAccess ?? [],
          idAddons: v.idAddons ?? [],
          articles: v.articles ?? [],
        }),
      remove: (r) => deleteRol(r.id),
      matches: (r, text) => `${r.name} ${r.category ?? ''}`.toLowerCase().includes(text),
      Form: (props) => <RolFields {...props} money={money} />,
    };
  }, [money, t]);
}

export default function RolsPage() {
  // The ticket roles' amounts are inputs: typed in the entry currency.
  const c = useEventCurrency('entry');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currency is its four values
  const money = useMemo(() => moneyOf(c), [c.iso, c.symbol, c.fraction, c.rate]);
  return <ResourceScreen def={useDefinition(money)} />;
}

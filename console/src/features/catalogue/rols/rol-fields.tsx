/** The rol form: its warnings and the tabs General, Ticketing, Access and Addon. */
import { Alert, Badge, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { ROL_NAME_MAX, type Rol, type RolForm, rolCategories, rolWarnings } from '@pulsera/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, Switch01Field, TextField } from '../../../components/form-fields';
import type { ResourceFormProps } from '../../../components/resource/resource-screen';
import { AccessEditor } from './rol-access-editor';
import { AddonsEditor } from './rol-addons-editor';
import { CategoryField, RolImage } from './rol-general-fields';
import type { Money } from './rol-money';
import { type Extra, P } from './rol-options';
import { ArticlesEditor, LocationsChoice, TimeRangesEditor } from './rol-ticketing-editors';

/** The two warnings of 02-catalogue §8, as the form holds the rol now. */
function Warnings() {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const [idsTimeRange, rolesAccess] = useWatch({
    control: form.control,
    name: ['idsTimeRange', 'rolesAccess'],
  });
  const warnings = rolWarnings({ idsTimeRange: idsTimeRange ?? [], rolesAccess: rolesAccess ?? [] });
  if (!warnings.length) return null;
  return (
    <Stack gap={6}>
      {warnings.map((w) => (
        <Alert
          key={w}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          p="xs"
          data-testid={`rol-warning-${w}`}
        >
          {t(`${P}.warnings.${w}`)}
        </Alert>
      ))}
    </Stack>
  );
}

const TAB_FIELDS: Record<string, (keyof RolForm)[]> = {
  general: ['name', 'categoryMode', 'categoryExisting', 'categoryNew', 'price', 'amountBonus', 'tagRequired'],
  ticketing: ['locationsAvailable', 'preTopUpLocationsAvailable', 'idsTimeRange', 'articles'],
  access: ['rolesAccess'],
  addon: ['idAddons'],
};
const tabHasErrors = (errors: FieldErrors<RolForm>, tab: string) =>
  TAB_FIELDS[tab]!.some((f) => errors[f] !== undefined);

/** Tabs General, Ticketing, Access and Addon (02-catalogue §2 Roles); a tab with an error turns red. */
export function RolFields({
  form,
  row,
  rows,
  extra,
  money,
}: ResourceFormProps<Rol, RolForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const [ranges, access, addons] = useWatch({
    control: form.control,
    name: ['idsTimeRange', 'rolesAccess', 'idAddons'],
  });
  const counts: Record<string, number | undefined> = {
    ticketing: ranges?.length ?? 0,
    access: access?.length ?? 0,
    addon: addons?.length ?? 0,
  };
  const suffix = ` ${money.currency.symbol}`;
  return (
    <Stack>
      <Warnings />
      <Tabs defaultValue="general" keepMounted>
        <Tabs.List>
          {(['general', 'ticketing', 'access', 'addon'] as const).map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              data-testid={`rol-tab-${tab}`}
              rightSection={
                counts[tab] !== undefined ? (
                  <Badge size="sm" variant="light">
                    {counts[tab]}
                  </Badge>
                ) : undefined
              }
            >
              <Text size="sm" c={tabHasErrors(errors, tab) ? 'red' : undefined}>
                {t(`${P}.tabs.${tab}`)}
              </Text>
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="general" pt="md">
          <Stack>
            {row && <RolImage rol={row} />}
            <TextField<RolForm> name="name" required maxLength={ROL_NAME_MAX} />
            <CategoryField categories={rolCategories(rows)} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField<RolForm>
                name="price"
                required
                min={0}
                decimalScale={money.decimals}
                suffix={suffix}
              />
              <NumberField<RolForm>
                name="amountBonus"
                min={0}
                decimalScale={money.decimals}
                suffix={suffix}
              />
            </SimpleGrid>
            <Switch01Field<RolForm> name="tagRequired" />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="ticketing" pt="md">
          <Stack>
            <TimeRangesEditor ranges={extra?.timeRanges ?? []} />
            <LocationsChoice
              all="allLocations"
              list="locationsAvailable"
              locations={extra?.locations ?? []}
            />
            <LocationsChoice
              all="allPreTopUpLocations"
              list="preTopUpLocationsAvailable"
              locations={extra?.locations ?? []}
            />
            <ArticlesEditor articles={extra?.articles ?? []} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="access" pt="md">
          <AccessEditor extra={extra} />
        </Tabs.Panel>

        <Tabs.Panel value="addon" pt="md">
          <AddonsEditor addons={extra?.addons ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

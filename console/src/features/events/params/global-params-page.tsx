import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import {
  APP_PARAM_MODULE_MAX,
  APP_PARAM_NAME_MAX,
  APP_PARAM_VALUE_MAX,
  APP_PARAM_VARIABLE_MAX,
  type AppParam,
  AppParamForm,
  type AppParamsResult,
  MODULE_CHOICES,
  moduleOf,
} from '@pulsera/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { deleteAppParam, loadAppParams, paramKeys, saveAppParam } from './api';
import { ExceptionsField } from './exceptions-field';
import { ApplicationCell, groupByApplication } from './shared';

const P = 'params.global';

interface Extra {
  aplis: AppParamsResult['aplis'];
  modules: string[];
  locations: AppParamsResult['locations'];
  devices: AppParamsResult['devices'];
  firstOfGroup: Set<number>;
}

/**
 * admin/configuration/params-default, global mode (02-catalogue §2 Parameters, §5 Global parameter;
 * super admins, docs/decisions.md): every application parameter, grouped by application, with New
 * and Delete. The module is none, an existing one or a new one.
 */
function useDefinition(): ResourceDefinition<AppParam, AppParamForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      queryKey: paramKeys.global(),
      // Event mode lists the same parameters.
      invalidates: [paramKeys.all],
      load: async () => {
        const r = await loadAppParams();
        const { rows, firstOfGroup } = groupByApplication(r.appParams);
        const { aplis, modules, locations, devices } = r;
        return { rows, extra: { aplis, modules, locations, devices, firstOfGroup } };
      },
      rowKey: (r) => r.id,
      listSpan: 6,
      columns: [
        {
          key: 'application',
          render: (r, x) => <ApplicationCell name={r.appName} first={!!x?.firstOfGroup.has(r.id)} />,
        },
        { key: 'name' },
        {
          key: 'nameUnique',
          render: (r) => (
            <Text size="sm" ff="monospace">
              {r.nameUnique}
            </Text>
          ),
        },
        { key: 'description', collapse: true },
        { key: 'defaultValue', collapse: true },
        { key: 'module' },
      ],
      schema: AppParamForm,
      empty: () => ({
        name: '',
        nameUnique: '',
        description: '',
        defaultValue: '',
        idApp: null,
        moduleChoice: 'none',
        moduleExisting: null,
        moduleNew: '',
        exceptions: [],
      }),
      toValues: (r) => ({
        name: r.name,
        nameUnique: r.nameUnique,
        description: r.description,
        defaultValue: r.defaultValue,
        idApp: r.idApp === null ? null : String(r.idApp),
        moduleChoice: r.module ? 'existing' : 'none',
        moduleExisting: r.module,
        moduleNew: '',
        exceptions: r.exceptions.map((e) => ({ ...e })),
      }),
      // The form-save helper drops empty values: put back what the module choice needs.
      save: (v, row) =>
        saveAppParam({
          id: row?.id,
          name: v.name,
          nameUnique: v.nameUnique,
          description: v.description,
          defaultValue: v.defaultValue,
          idApp: Number(v.idApp),
          module: moduleOf({
            moduleChoice: v.moduleChoice,
            moduleExisting: v.moduleExisting ?? null,
            moduleNew: v.moduleNew ?? '',
          }),
          exceptions: (v.exceptions ?? []).map((e) => ({
            idLocation: e.idLocation ?? null,
            idDevice: e.idDevice ?? null,
            value: e.value,
          })),
        }),
      remove: (r) => deleteAppParam(r.id),
      matches: (r, text) =>
        [r.name, r.nameUnique, r.appName ?? '', r.module ?? ''].some((s) => s.toLowerCase().includes(text)),
      Form: AppParamFields,
    }),
    [],
  );
}

function AppParamFields({ form, row, extra }: ResourceFormProps<AppParam, AppParamForm, Extra>) {
  const { t } = useTranslation();
  const choice = useWatch({ control: form.control, name: 'moduleChoice' });
  const modules = extra?.modules ?? [];
  const aplis = (extra?.aplis ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  return (
    <Stack>
      {row?.system && (
        <Alert color="blue" icon={<IconInfoCircle size={16} />} data-testid="params-system">
          {t(`${P}.systemNote`)}
        </Alert>
      )}
      <TextField<AppParamForm> name="name" required maxLength={APP_PARAM_NAME_MAX} />
      <TextField<AppParamForm>
        name="nameUnique"
        required
        maxLength={APP_PARAM_VARIABLE_MAX}
        disabled={row?.system}
        ff="monospace"
      />
      <TextAreaField<AppParamForm> name="description" required rows={2} />
      <TextField<AppParamForm> name="defaultValue" required maxLength={APP_PARAM_VALUE_MAX} />
      <SelectField<AppParamForm> name="idApp" required data={aplis} />
      <Controller
        name="moduleChoice"
        control={form.control}
        render={({ field }) => (
          <Radio.Group
            label={t(`${P}.fields.module`)}
            value={field.value}
            onChange={(v) => field.onChange(v)}
            data-testid="field-moduleChoice"
          >
            <Group mt={4}>
              {MODULE_CHOICES.map((c) => (
                <Radio
                  key={c}
                  value={c}
                  label={t(`${P}.moduleChoices.${c}`)}
                  disabled={c === 'existing' && modules.length === 0}
                  data-testid={`module-${c}`}
                />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {choice === 'existing' && (
        <SelectField<AppParamForm>
          name="moduleExisting"
          data={modules.map((m) => ({ value: m, label: m }))}
          required
        />
      )}
      {choice === 'new' && (
        <TextField<AppParamForm> name="moduleNew" required maxLength={APP_PARAM_MODULE_MAX} />
      )}
      <ExceptionsField
        locations={(extra?.locations ?? []).map((l) => ({
          value: String(l.id),
          label: `${l.eventName} › ${l.name}`,
        }))}
        devices={(extra?.devices ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
      />
      {row && row.eventCount > 0 && (
        <Text size="sm" c="dimmed" data-testid="params-event-count">
          {t(`${P}.eventCount`, { count: row.eventCount })}
        </Text>
      )}
    </Stack>
  );
}

export default function GlobalParamsPage() {
  return <ResourceScreen def={useDefinition()} />;
}

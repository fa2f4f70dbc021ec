/** The waiting-queue scripts of the online top-up site: each one's type, source and start function. */
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type OnlineServicesForm, QUEUE_SCRIPT_TYPES } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageAt, Switch01Field } from '../../../components/form-fields';
import { translateMessage } from '../../../lib/i18n';
import { emptyScript } from './online-services-form';

type Form = OnlineServicesForm;

export function QueueField() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<Form>();
  const scripts = useFieldArray({ control, name: 'queue.scripts' });
  const enabled = useWatch({ control, name: 'queue.enabled' });
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'queue.scripts'));
  const err = (path: string) => translateMessage(t, errorMessageAt(formState.errors, path));
  return (
    <Stack gap="xs">
      <Switch01Field<Form> name="queue.enabled" />
      {scripts.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid={`queue-script-${i}`}>
          <Controller
            name={`queue.scripts.${i}.type`}
            control={control}
            render={({ field }) => (
              <Select
                w={150}
                label={t('onlineServices.fields.queue.type')}
                data={QUEUE_SCRIPT_TYPES.map((v) => ({ value: v, label: v }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                disabled={enabled !== 1}
                error={err(`queue.scripts.${i}.type`)}
                data-testid={`field-queue.scripts.${i}.type`}
              />
            )}
          />
          <TextInput
            style={{ flex: 2 }}
            {...register(`queue.scripts.${i}.src`)}
            label={t('onlineServices.fields.queue.src')}
            placeholder="https://"
            disabled={enabled !== 1}
            error={err(`queue.scripts.${i}.src`)}
            data-testid={`field-queue.scripts.${i}.src`}
          />
          <TextInput
            style={{ flex: 1 }}
            {...register(`queue.scripts.${i}.function`)}
            label={t('onlineServices.fields.queue.function')}
            placeholder="Queue.start"
            disabled={enabled !== 1}
            error={err(`queue.scripts.${i}.function`)}
            data-testid={`field-queue.scripts.${i}.function`}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('common.delete')}
            onClick={() => scripts.remove(i)}
            disabled={enabled !== 1}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text c="red" size="sm" role="alert" data-testid="queue-error">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => scripts.append(emptyScript())}
          disabled={enabled !== 1 || scripts.fields.length >= 10}
        >
          {t('onlineServices.queue.add')}
        </Button>
      </Group>
    </Stack>
  );
}

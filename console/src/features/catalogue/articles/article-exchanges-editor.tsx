/**
 * The Exchange article tab of the article form: the articles it can be exchanged for, when and in
 * which order.
 */
import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ArticleForm } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageAt, MultiSelectField } from '../../../components/form-fields';
import { translateMessage } from '../../../lib/i18n';
import { P } from './article-options';

export function ExchangesEditor({
  articles,
  timeRanges,
}: {
  articles: { value: string; label: string }[];
  timeRanges: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const list = useFieldArray({ control, name: 'exchanges', keyName: 'key' });
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'exchanges'));
  return (
    <Stack>
      <Text size="xs" c="dimmed">
        {t(`${P}.exchangeHint`)}
      </Text>
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      {list.fields.map((f, i) => (
        <Stack
          key={f.key}
          gap="xs"
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
        >
          <MultiSelectField<ArticleForm>
            name={`exchanges.${i}.idArticleExchange`}
            label={t(`${P}.fields.idArticleExchange`)}
            data={articles}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelectField<ArticleForm>
              name={`exchanges.${i}.timeRanges`}
              label={t(`${P}.fields.timeRanges`)}
              data={timeRanges}
            />
            <SortBy index={i} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => list.remove(i)}
            >
              {t(`${P}.removeExchange`)}
            </Button>
          </Group>
        </Stack>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => list.append({ idArticleExchange: [], sortBy: list.fields.length, timeRanges: [] })}
        >
          {t(`${P}.addExchange`)}
        </Button>
      </Group>
    </Stack>
  );
}

function SortBy({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const { field } = useController({ control, name: `exchanges.${index}.sortBy` });
  return (
    <NumberInput
      label={t(`${P}.fields.sortBy`)}
      min={0}
      allowDecimal={false}
      clampBehavior="strict"
      value={field.value ?? ''}
      onChange={(v) => field.onChange(v === '' ? null : Number(v))}
      onBlur={field.onBlur}
      error={translateMessage(t, formState.errors.exchanges?.[index]?.sortBy?.message)}
    />
  );
}

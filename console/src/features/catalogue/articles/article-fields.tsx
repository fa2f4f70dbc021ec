/**
 * The article form: the tabs General, Sales restrictions, Suggested comments, Exchange article and
 * Addons.
 */
import { Group, Input, SegmentedControl, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  ARTICLE_IMAGE,
  ARTICLE_NAME_MAX,
  type Article,
  type ArticleForm,
  complementCandidates,
  FLAG_STATES,
  type FlagState,
} from '@pulsera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  errorMessageAt,
  MoneyField,
  MultiSelectField,
  NumberField,
  SelectField,
  Switch01Field,
  TextField,
} from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import type { ResourceFormProps } from '../../../components/resource/resource-screen';
import { translateMessage } from '../../../lib/i18n';
import type { Money } from '../../../lib/money';
import { ARTICLE_IMAGE_PATH, articleKeys } from './api';
import { CommentsEditor } from './article-comments-editor';
import { ExchangesEditor } from './article-exchanges-editor';
import { type Extra, options, P, withChosen } from './article-options';

/** Which tab holds a field (to mark a tab whose fields have errors). */
const TAB_FIELDS: Record<string, (keyof ArticleForm)[]> = {
  general: [
    'nombre',
    'precio',
    'qrPrint',
    'isComplement',
    'idBase',
    'flags',
    'externalAnalyticsId',
    'id_complemento',
  ],
  restrictions: ['onlyAdults', 'gift', 'bannedRols', 'isNoteRequired', 'permiteImporteManual'],
  comments: ['suggestedComments'],
  exchange: ['exchanges'],
  addons: ['addons'],
};
const tabHasErrors = (errors: FieldErrors<ArticleForm>, tab: string) =>
  TAB_FIELDS[tab]!.some((f) => errors[f] !== undefined);

export function ArticleFields({
  form,
  row,
  rows,
  extra,
  money,
}: ResourceFormProps<Article, ArticleForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const [isComplement] = useWatch({ control: form.control, name: ['isComplement'] });
  const selfId = row?.id ?? null;
  const candidates = complementCandidates(rows, selfId).map((a) => ({
    value: String(a.id),
    label: a.nombre,
  }));
  const tabs = ['general', 'restrictions', 'comments', 'exchange', 'addons'] as const;
  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} color={tabHasErrors(errors, tab) ? 'red' : undefined}>
            <Text size="sm" c={tabHasErrors(errors, tab) ? 'red' : undefined}>
              {t(`${P}.tabs.${tab}`)}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="general" pt="md">
        <Stack>
          {row && <ArticleImage article={row} />}
          <TextField<ArticleForm> name="nombre" required maxLength={ARTICLE_NAME_MAX} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyField<ArticleForm> name="precio" money={money} />
            <NumberField<ArticleForm> name="id_complemento" min={1} allowDecimal={false} />
          </SimpleGrid>
          <TextField<ArticleForm> name="externalAnalyticsId" maxLength={100} />
          <Switch01Field<ArticleForm> name="qrPrint" />
          <CheckboxField<ArticleForm> name="isComplement" />
          {isComplement && <SelectField<ArticleForm> name="idBase" data={candidates} clearable />}
          <FlagsChoice flags={extra?.flags ?? []} />
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="restrictions" pt="md">
        <Stack>
          <Switch01Field<ArticleForm> name="onlyAdults" />
          <Switch01Field<ArticleForm> name="gift" />
          <Switch01Field<ArticleForm> name="isNoteRequired" />
          <CheckboxField<ArticleForm> name="permiteImporteManual" />
          <MultiSelectField<ArticleForm>
            name="bannedRols"
            data={withChosen(options(extra?.rols ?? []), row?.bannedRols ?? [])}
          />
          {(extra?.rols ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t(`${P}.noRoles`)}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="comments" pt="md">
        <CommentsEditor />
      </Tabs.Panel>

      <Tabs.Panel value="exchange" pt="md">
        <ExchangesEditor
          articles={rows
            .filter((a) => a.id !== selfId)
            .map((a) => ({ value: String(a.id), label: a.nombre }))}
          timeRanges={options(extra?.timeRanges ?? [])}
        />
      </Tabs.Panel>

      <Tabs.Panel value="addons" pt="md">
        <Stack>
          <MultiSelectField<ArticleForm>
            name="addons"
            data={withChosen(options(extra?.addons ?? []), row?.addons ?? [])}
          />
          {(extra?.addons ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t(`${P}.noAddons`)}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The 200 × 200 image, saved on its own as soon as it is chosen. */
function ArticleImage({ article }: { article: Article }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [image, setImage] = useState(article.pictureFull);
  return (
    <ImageUploadField
      label={t(`${P}.fields.image`)}
      value={image}
      path={ARTICLE_IMAGE_PATH}
      folder={ARTICLE_IMAGE.folder}
      size={ARTICLE_IMAGE.size}
      extra={{ articleId: article.id }}
      onChange={(saved) => {
        setImage(saved ? { id: saved.id, url: saved.url } : null);
        void qc.invalidateQueries({ queryKey: articleKeys.all });
      }}
    />
  );
}

/** The tri-state choice per flag: enabled, disabled or unused (02-catalogue §4). */
function FlagsChoice({ flags }: { flags: Extra['flags'] }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const { field } = useController({ control, name: 'flags' });
  const value = (field.value ?? []) as ArticleForm['flags'];
  const stateOf = (idFlag: number): FlagState => value.find((f) => f.idFlag === idFlag)?.state ?? 'unused';
  const set = (idFlag: number, state: FlagState) => {
    const others = value.filter((f) => f.idFlag !== idFlag);
    field.onChange(
      state === 'unused' ? others : [...others, { idFlag, state }].sort((a, b) => a.idFlag - b.idFlag),
    );
  };
  return (
    <Input.Wrapper
      label={t(`${P}.fields.flags`)}
      error={translateMessage(t, errorMessageAt(formState.errors, 'flags', true))}
    >
      {flags.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t(`${P}.noFlags`)}
        </Text>
      ) : (
        <Stack gap={6} mt={4}>
          {flags.map((f) => (
            <Group key={f.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{`${f.flagNumber}. ${f.name}`}</Text>
              <SegmentedControl
                size="xs"
                value={stateOf(f.id)}
                onChange={(v) => set(f.id, v as FlagState)}
                data={FLAG_STATES.map((s) => ({ value: s, label: t(`${P}.flagStates.${s}`) }))}
                data-testid={`flag-${f.id}`}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Input.Wrapper>
  );
}

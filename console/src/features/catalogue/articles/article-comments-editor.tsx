/** The Suggested comments tab of the article form: the comments offered with the article. */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ArticleForm, SUGGESTED_COMMENT_MAX_LENGTH, SUGGESTED_COMMENTS_MAX } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageAt } from '../../../components/form-fields';
import { translateMessage } from '../../../lib/i18n';
import { P } from './article-options';
import { newUuid } from './shared';

export function CommentsEditor() {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const list = useFieldArray({ control, name: 'suggestedComments', keyName: 'key' });
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (!value) return;
    list.append({ uuid: newUuid(), text: value });
    setText('');
  };
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'suggestedComments'));
  return (
    <Stack>
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      {list.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${P}.noComments`)}
        </Text>
      )}
      {list.fields.map((f, i) => (
        <Group key={f.key} wrap="nowrap" align="flex-start">
          <Controlled
            name={`suggestedComments.${i}.text`}
            error={translateMessage(t, errorMessageAt(formState.errors, `suggestedComments.${i}`, true))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('common.delete')}
            onClick={() => list.remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {list.fields.length < SUGGESTED_COMMENTS_MAX && (
        <Group wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t(`${P}.newComment`)}
            maxLength={SUGGESTED_COMMENT_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!text.trim()}>
            {t(`${P}.addComment`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A text input registered on a field of the form (the field arrays' rows). */
function Controlled({ name, error }: { name: `suggestedComments.${number}.text`; error?: string }) {
  const { register } = useFormContext<ArticleForm>();
  return (
    <TextInput
      style={{ flex: 1 }}
      maxLength={SUGGESTED_COMMENT_MAX_LENGTH}
      {...register(name)}
      error={error}
    />
  );
}

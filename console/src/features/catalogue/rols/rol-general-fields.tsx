/** The General tab's own fields of the rol form: the category selector and the image. */
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { CATEGORY_MODES, ROL_CATEGORY_MAX, ROL_IMAGE, type Rol, type RolForm } from '@pulsera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { ROL_IMAGE_PATH, rolKeys } from './api';
import { P } from './rol-options';

/** The category selector (02-catalogue §2): any, choose an existing one, or new. */
export function CategoryField({ categories }: { categories: string[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const mode = useWatch({ control: form.control, name: 'categoryMode' });
  return (
    <Input.Wrapper label={t(`${P}.fields.category`)}>
      <Stack gap="xs" mt={4}>
        <Controller
          name="categoryMode"
          control={form.control}
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              data={CATEGORY_MODES.map((m) => ({
                value: m,
                label: t(`${P}.category.${m}`),
                disabled: m === 'existing' && categories.length === 0,
              }))}
              value={field.value}
              onChange={field.onChange}
              data-testid="rol-category-mode"
            />
          )}
        />
        {mode === 'existing' && (
          <SelectField<RolForm>
            name="categoryExisting"
            data={categories.map((c) => ({ value: c, label: c }))}
          />
        )}
        {mode === 'new' && <TextField<RolForm> name="categoryNew" required maxLength={ROL_CATEGORY_MAX} />}
      </Stack>
    </Input.Wrapper>
  );
}

/** The 500 × 140 image, saved on its own as soon as it is chosen (the upload triggers a save). */
export function RolImage({ rol }: { rol: Rol }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [image, setImage] = useState(rol.pictureFull);
  return (
    <ImageUploadField
      label={t(`${P}.fields.image`)}
      value={image}
      path={ROL_IMAGE_PATH}
      folder={ROL_IMAGE.folder}
      size={ROL_IMAGE.size}
      extra={{ rolId: rol.id }}
      onChange={(saved) => {
        setImage(saved ? { id: saved.id, url: saved.url } : null);
        void qc.invalidateQueries({ queryKey: rolKeys.all });
      }}
    />
  );
}

import { Box, Button, Center, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import {
  checkImageSize,
  fittedSize,
  IMAGE_ACCEPT,
  IMAGE_EXTENSIONS,
  IMAGE_PREVIEW_HEIGHT,
  IMAGE_TYPE_LABEL,
  type ImageMime,
  type ImageRule,
  looksLikeSvg,
  SIZE_PROBLEM_ERROR,
  sniffRaster,
  svgDimensions,
  svgUnsafeReason,
  type UploadedImage,
  type UploadImageResult,
} from '@pulsera/contracts';
import { IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../lib/api';
import { handleApiError } from '../lib/error-dialogs';
import { currentLanguage } from '../lib/i18n';
import { loading } from '../lib/loading';
import { confirmDelete, notifySuccess } from './dialogs';

export interface ImageUploadFieldProps {
  /** The current image of the resource, or null. */
  value: { id: number; url: string } | null;
  /** The resource's image call without /api: `PUT {path}` attaches, `PUT {path}/delete` clears. */
  path: string;
  /** The storage folder (e.g. `others`). */
  folder: string;
  /** The size this use needs (01-console §9): exact for PNG and JPEG, same proportions for SVG. */
  size: ImageRule;
  /** Extra params sent with both calls (e.g. the id of the owning row). */
  extra?: Record<string, unknown>;
  label?: string;
  disabled?: boolean;
  onChange(image: UploadedImage | null): void;
}

/** A failure shown under the field (the server's or our own text). */
class FieldFailure extends Error {}

/** A size in the language's units ("1 MB", "1 Mo"), beside texts of that language. */
export const formatBytes = (n: number, lang = currentLanguage()) => {
  const mb = n >= 1_048_576;
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? n / 1_048_576 : n / 1024);
};

/** The type the first bytes show (PNG, JPEG magic numbers; SVG by a strict text sniff). */
async function realType(file: File): Promise<ImageMime | null> {
  const head = new Uint8Array(await file.slice(0, 16_384).arrayBuffer());
  return sniffRaster(head) ?? (looksLikeSvg(new TextDecoder().decode(head)) ? 'image/svg+xml' : null);
}

/** Width and height as the browser shows the image (EXIF orientation applied). */
async function measure(file: File): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = new window.Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * One image of a resource (01-console §7 "Shared uploads"): shows it, checks a chosen file in the
 * browser (extension, real type from the first bytes, SVG safety, size), then asks for an upload
 * address, PUTs the bytes there and attaches the image with `PUT {path}`. The server checks it all
 * again; its refusals are shown under the field.
 */
export function ImageUploadField({
  value,
  path,
  folder,
  size,
  extra,
  label,
  disabled,
  onChange,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  /** Server refusals of the file land under the field; session and access failures keep their dialogs. */
  const show = (e: unknown) => {
    if (e instanceof FieldFailure) return setError(e.message);
    if (e instanceof ApiError) {
      if ([400, 404, 409, 413, 415].includes(e.status) && !e.isNetwork) {
        return setError(e.description || t('messages.errorUploadingFile'));
      }
      handleApiError(e, {});
      return setError(t('messages.errorUploadingFile'));
    }
    setError(t('messages.errorUploadingFile'));
  };

  async function check(file: File) {
    const dot = file.name.lastIndexOf('.');
    const declared = dot >= 0 ? IMAGE_EXTENSIONS[file.name.slice(dot).toLowerCase()] : undefined;
    if (!declared) throw new FieldFailure(t('uploads.wrongExtension'));
    let mime: ImageMime | null;
    let dims: { width: number; height: number } | null;
    try {
      mime = await realType(file);
      if (mime !== declared) {
        throw new FieldFailure(t('errors.imageTypeUnknown', { declared: IMAGE_TYPE_LABEL[declared] }));
      }
      if (mime === 'image/svg+xml') {
        const text = await file.text();
        const unsafe = svgUnsafeReason(text);
        if (unsafe) throw new FieldFailure(t('errors.imageSvgUnsafe', { what: unsafe }));
        dims = svgDimensions(text);
      } else {
        dims = await measure(file);
      }
    } catch (e) {
      if (e instanceof FieldFailure) throw e;
      throw new FieldFailure(t('messages.errorReadFile'));
    }
    if (!dims) throw new FieldFailure(t('messages.fileCouldNotBeRead'));
    if (size.maxBytes !== undefined && file.size > size.maxBytes) {
      throw new FieldFailure(t('errors.imageTooLarge', { limit: formatBytes(size.maxBytes) }));
    }
    const problem = checkImageSize({ mime, ...dims }, size);
    if (problem) {
      const { kind, ...params } = problem;
      throw new FieldFailure(t(`errors.${SIZE_PROBLEM_ERROR[kind]}`, params));
    }
    return { mime, ...dims };
  }

  /** PUTs the bytes to the signed address (our server or the S3 bucket) with the declared type. */
  async function putBytes(up: UploadImageResult, file: File, mime: ImageMime) {
    if (file.size > up.maxBytes) {
      throw new FieldFailure(t('errors.imageTooLarge', { limit: formatBytes(up.maxBytes) }));
    }
    loading.start();
    let res: Response;
    try {
      res = await fetch(up.uploadUrl, { method: 'PUT', headers: { 'content-type': mime }, body: file });
    } catch {
      throw new FieldFailure(t('messages.errorUploadingFile'));
    } finally {
      loading.end();
    }
    if (res.ok) return;
    let description = '';
    try {
      description = ((await res.json()) as { description?: string }).description ?? '';
    } catch {
      description = '';
    }
    throw new FieldFailure(description || t('messages.errorUploadingFile'));
  }

  async function onFile(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const image = await check(file);
      const up = await api.post<UploadImageResult>('/upload-image', { folder, mimeType: image.mime });
      await putBytes(up, file, image.mime);
      const saved = await api.put<UploadedImage>(
        path,
        { ...extra, key: up.key, imageObject: { url: up.url, width: image.width, height: image.height } },
        { silent: true },
      );
      onChange(saved);
      notifySuccess(t('uploads.saved'));
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!(await confirmDelete())) return;
    setError(null);
    setBusy(true);
    try {
      await api.put(`${path}/delete`, { ...extra, delete: 1 }, { silent: true });
      onChange(null);
      notifySuccess(t('uploads.removed'));
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6} data-testid={`image-upload-${path}`}>
      {label && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {size.anySize
          ? t('uploads.hintAny', { limit: formatBytes(size.maxBytes ?? 0) })
          : size.ratios?.length
            ? t('uploads.hintRatios', {
                width: size.width,
                height: size.height,
                ratios: size.ratios.map(([w, h]) => `${w}:${h}`).join(', '),
                minimums: size.ratios
                  .map((r) => fittedSize(size, r))
                  .map((f) => `${f.width}×${f.height}`)
                  .join(', '),
              })
            : t('uploads.hint', { width: size.width, height: size.height })}
      </Text>
      <Box h={IMAGE_PREVIEW_HEIGHT}>
        {value ? (
          <Image
            src={value.url}
            h={IMAGE_PREVIEW_HEIGHT}
            w="auto"
            maw="100%"
            fit="contain"
            alt={label ?? ''}
            radius="sm"
          />
        ) : (
          <Center h="100%" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
            <Stack align="center" gap={4}>
              <IconPhotoOff size={28} color="gray" />
              <Text size="sm" c="dimmed">
                {t('uploads.none')}
              </Text>
            </Stack>
          </Center>
        )}
      </Box>
      <Group gap="xs">
        <FileButton onChange={onFile} accept={IMAGE_ACCEPT} resetRef={resetRef} disabled={disabled || busy}>
          {(props) => (
            <Button {...props} loading={busy} leftSection={<IconUpload size={16} />} variant="light">
              {value ? t('uploads.replace') : t('uploads.choose')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={remove}
            disabled={disabled || busy}
          >
            {t('uploads.remove')}
          </Button>
        )}
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

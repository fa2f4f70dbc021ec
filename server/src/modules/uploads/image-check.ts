import {
  checkImageSize,
  IMAGE_TYPE_LABEL,
  type ImageMime,
  type ImageRule,
  looksLikeSvg,
  type MeasuredImage,
  SIZE_PROBLEM_ERROR,
  svgDimensions,
  svgUnsafeReason,
} from '@pulsera/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { fail } from '../../core/lib/errors';
import { sanitiserVerdict } from './svg-sanitise';

/**
 * The real type from the first bytes: PNG and JPEG by their magic numbers (file-type), SVG by a
 * strict text sniff. Anything else is named by what file-type recognises (ELF, EXE, GIF…), or null.
 */
export async function detectType(bytes: Uint8Array): Promise<{ mime: ImageMime } | { other: string | null }> {
  if (looksLikeSvg(new TextDecoder('utf-8').decode(bytes.subarray(0, 16_384)))) {
    return { mime: 'image/svg+xml' };
  }
  const found = await fileTypeFromBuffer(bytes);
  if (found?.mime === 'image/png' || found?.mime === 'image/jpeg') return { mime: found.mime };
  return { other: found ? found.ext.toUpperCase() : null };
}

export const formatBytes = (n: number) =>
  n >= 1_048_576
    ? `${Number((n / 1_048_576).toFixed(1))} MB`
    : n >= 1024
      ? `${Number((n / 1024).toFixed(1))} KB`
      : `${n} B`;

/**
 * Checks that `bytes` (a whole image) really are an image of the declared type, safe to show, and
 * (with a rule) of the size that use needs; answers the type and its measured size.
 */
export async function inspectImage(
  bytes: Buffer,
  declared: ImageMime,
  rule?: ImageRule,
): Promise<MeasuredImage> {
  if (bytes.length === 0) throw fail('imageUnreadable');
  const detected = await detectType(bytes);
  if (!('mime' in detected) || detected.mime !== declared) {
    const actual = 'mime' in detected ? IMAGE_TYPE_LABEL[detected.mime] : detected.other;
    throw actual
      ? fail('imageTypeMismatch', { params: { declared: IMAGE_TYPE_LABEL[declared], actual } })
      : fail('imageTypeUnknown', { params: { declared: IMAGE_TYPE_LABEL[declared] } });
  }

  let size: { width: number; height: number } | null = null;
  if (declared === 'image/svg+xml') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw fail('imageUnreadable');
    }
    const unsafe = svgUnsafeReason(text);
    if (unsafe) throw fail('imageSvgUnsafe', { params: { what: unsafe } });
    const verdict = await sanitiserVerdict(text);
    if ('unreadable' in verdict) throw fail('imageUnreadable');
    if ('what' in verdict) throw fail('imageSvgUnsafe', { params: { what: verdict.what } });
    size = svgDimensions(text);
  } else {
    try {
      const measured = imageSize(bytes);
      // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it with sides swapped.
      const turned = (measured.orientation ?? 1) >= 5;
      size = turned
        ? { width: measured.height, height: measured.width }
        : { width: measured.width, height: measured.height };
    } catch {
      size = null;
    }
  }
  if (!size || !(size.width > 0) || !(size.height > 0)) throw fail('imageUnreadable');

  const image: MeasuredImage = { mime: declared, width: size.width, height: size.height };
  if (rule) {
    if (rule.maxBytes !== undefined && bytes.length > rule.maxBytes) {
      throw fail('imageTooLarge', { params: { limit: formatBytes(rule.maxBytes) } });
    }
    const problem = checkImageSize(image, rule);
    if (problem) {
      const { kind, ...params } = problem;
      throw fail(SIZE_PROBLEM_ERROR[kind], { params });
    }
  }
  return image;
}

import { z } from 'zod';
import { id } from '../inputs';

/** 01-console §7 Languages: a global list of languages by ISO 639-1 code. */
export const LANGUAGE_ISO_PATTERN = /^[a-z]{2}$/;

export const LanguageRow = z.object({
  id: z.number().int(),
  iso: z.string(),
  name: z.string(),
});
export type LanguageRow = z.infer<typeof LanguageRow>;

/** The form, and the body of POST /global/languages: an id updates, no id creates. */
export const LanguageSave = z.object({
  id: id().optional(),
  iso: z.string().trim().regex(LANGUAGE_ISO_PATTERN, { error: 'validation.languageIso' }),
  name: z.string().trim().min(1).max(150),
});
export type LanguageSave = z.infer<typeof LanguageSave>;

export const LanguageSaveRequest = z.object({ language: LanguageSave });

import { NativeSelect } from '@mantine/core';
import { LANGUAGES, type Language } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

const NAMES: Record<Language, string> = { en: 'English', es: 'Español', it: 'Italiano', fr: 'Français' };

/**
 * The language selector of the sign-in page and the header: the browser's own select, so the first
 * load carries no floating-layer library for four choices.
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size={size}
      w={130}
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l, label: NAMES[l] }))}
      onChange={(e) => void changeLanguage(e.currentTarget.value as Language)}
    />
  );
}

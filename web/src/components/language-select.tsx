import { Select } from '@mantine/core';
import { LANGUAGES, type Language } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

const NAMES: Record<Language, string> = { en: 'English', es: 'Español', it: 'Italiano', fr: 'Français' };

export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      size={size}
      w={130}
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      allowDeselect={false}
      data={LANGUAGES.map((l) => ({ value: l, label: NAMES[l] }))}
      onChange={(v) => v && void changeLanguage(v as Language)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

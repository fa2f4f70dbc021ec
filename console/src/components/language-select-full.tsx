import { Select } from '@mantine/core';
import { LANGUAGES, type Language } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES } from '../lib/language-names';

/** The language selector itself (Mantine's Select), loaded on first use by `LanguageSelect`. */
export default function LanguageSelectFull({ size, opened }: { size: 'xs' | 'sm'; opened: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      size={size}
      w={130}
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      allowDeselect={false}
      autoFocus={opened}
      defaultDropdownOpened={opened}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(v) => v && void changeLanguage(v as Language)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

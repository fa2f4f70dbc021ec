import { Input } from '@mantine/core';
import type { Language } from '@pulsera/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../lib/language-names';

const load = () => import('./language-select-full');
const LanguageSelectFull = lazy(load);

/**
 * The language selector of the sign-in page and the console's header. Until it is first used it is a
 * button that looks like it (the current language and a chevron); hovering or focusing it fetches the
 * real selector, and a click (or Enter, Space, arrow down) swaps it in with its list open. The select's
 * code (Mantine's Combobox, Popover, floating-ui) thus stays out of the sign-in page's first load
 * (issue 17: ≤ 250 KB of JavaScript).
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const [used, setUsed] = useState(false);
  const current = LANGUAGE_NAMES[i18n.language as Language] ?? i18n.language;
  const stand = (
    <Input
      component="button"
      type="button"
      size={size}
      w={130}
      pointer
      aria-label={t('common.language')}
      aria-haspopup="listbox"
      data-testid="language-select"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setUsed(true)}
      onKeyDown={(e: React.KeyboardEvent) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          setUsed(true);
        }
      }}
      rightSection={
        <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true">
          <path d="M4 6l3.5 3.5L11 6" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      }
      rightSectionPointerEvents="none"
    >
      {current}
    </Input>
  );
  if (!used) return stand;
  return (
    <Suspense fallback={stand}>
      <LanguageSelectFull size={size} opened />
    </Suspense>
  );
}

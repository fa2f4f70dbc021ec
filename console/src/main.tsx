import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { router } from './app/router';
import { currentLanguage, loadLanguage } from './lib/i18n';

const language = currentLanguage();
document.documentElement.lang = language;
// The chosen language's texts arrive before the first paint (never a flash of keys).
void loadLanguage(language).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

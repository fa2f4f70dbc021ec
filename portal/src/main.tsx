import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startI18n } from './i18n';
import { receiptTokenOf } from './receipt';
import './styles.css';

/**
 * /portal/<slug>: the festival's site (the slug is the address's first segment after /portal); at the
 * event's subdomain (`<subdomain>.<host>/`) the server names the slug in a meta tag.
 */
const named = document.querySelector<HTMLMetaElement>('meta[name="pulsera-portal-slug"]')?.content;
const slug = (
  named ?? decodeURIComponent(window.location.pathname.replace(/^\/portal\/?/, '').split('/')[0] ?? '')
)
  .toLowerCase()
  .trim();

void startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App slug={slug} receipt={receiptTokenOf(window.location.pathname)} />
    </StrictMode>,
  ),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './app';

// Works offline once loaded: the service worker (vite-plugin-pwa) precaches the app; the data it
// must not lose is in IndexedDB, kept even under storage pressure when the browser grants it.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/terminal/sw.js', { scope: '/terminal/' });
}
void navigator.storage?.persist?.();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

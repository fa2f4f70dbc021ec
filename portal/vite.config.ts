import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The attendee portal (issue 28): served by the server at /portal/<slug> (PORTAL_PATH), so its assets
 * live under /portal/. No console code: it shares only @pulsera/contracts (types).
 */
export default defineConfig({
  base: '/portal/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true },
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** A gzip copy beside every text asset, which the server sends pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pulsera-terminal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const p = path.join(dir, name);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|wasm)$/.test(file) || statSync(file).size < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
      }
    },
  };
}

/**
 * The terminal web app, served by the server at /terminal/: installable (web app manifest) and
 * working with no network once loaded (a service worker precaches the app shell; every route of the
 * app falls back to index.html). The API is never cached: the outbox in IndexedDB holds what waits.
 */
const version = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineConfig({
  base: '/terminal/',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    react(),
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Pulsera terminal',
        short_name: 'Pulsera',
        description: 'Bar sales and top-ups on NFC wristbands, online or offline.',
        start_url: '/terminal/',
        scope: '/terminal/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#101418',
        theme_color: '#101418',
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest,wasm}'],
        navigateFallback: '/terminal/index.html',
        // The demo's terminal links (server/src/seed/demo-terminals.ts) are the server's to answer.
        navigateFallbackDenylist: [/^\/api\//, /^\/terminal\/demo\//],
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        // The kiosk's ad images (uploads folder ads/, on this server or the storage's origin) stay
        // cached for offline use: the cache first, at most 50 images for 30 days.
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.destination === 'image' && /\/ads\/[0-9a-f]{32}\.\w+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'kiosk-ads',
              expiration: { maxEntries: 50, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true },
});

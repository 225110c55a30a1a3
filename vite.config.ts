// The browser app: React, Tailwind, and the PWA (service worker at /sw.js, precached shell).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The user is asked before a new version takes over (the specification's prompt).
      registerType: 'prompt',
      filename: 'sw.js',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Kurban — Çiftlik Yönetim Paneli',
        short_name: 'Kurban',
        description: 'Çiftliğin ürün, cari, ödeme ve Kurban sezonu yönetimi',
        lang: 'tr-TR',
        // A stable identity: the installed app stays the same one if start_url ever changes.
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#10b981',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The hall's board straight from the installed app's menu. No `display_override`:
        // full screen would take the office's windows too; the hall TV gets it from `--kiosk`.
        shortcuts: [
          {
            name: 'Kesim Sırası (Monitör)',
            short_name: 'Monitör',
            description: 'Kesimhane ekranı: günün kesim sırası, canlı',
            url: '/Monitor',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        // The public tracking page is a page of its own (tracking.html), never the app's shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/takip(\/|$)/, /^\/track(\/|$)/],
        globIgnores: ['tracking.html', 'assets/tracking-*'],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The back office, and the public tracking page (/takip): an entry of its own, with none of
      // the back office's code (src/tracking/ imports nothing the app does).
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), tracking: fileURLToPath(new URL('./tracking.html', import.meta.url)) },
      output: {
        // What every page runs at start (React, the router, translations, the API client, the
        // shell's frame) in one chunk rather than dozens of small ones: fewer requests, and gzip
        // compresses it better as a whole. Pages and their libraries stay split. Lingui's message
        // compiler stays out: @lingui/core imports it for development only, and the app loads
        // it on demand (src/lib/i18n.ts).
        codeSplitting: {
          groups: [{ name: 'startup', tags: ['$initial'], includeDependenciesRecursively: false, test: (id) => !/[\\/]node_modules[\\/](@lingui[\\/]message-utils|@messageformat|moo)[\\/]/.test(id) && !/[\\/]src[\\/]tracking[\\/]|[\\/]tracking\.html$|\.tracking\.json$|modulepreload-polyfill/.test(id) }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { WEB_BUILD_NONCE_PLACEHOLDER } from '../../libs/shared/contracts/src/lib/page-render';

// `nx serve web` proxies the API to a server started with `npm start` (or `nx serve api`).
const apiTarget = process.env['API_URL'] ?? 'http://127.0.0.1:3000';

/**
 * The contracts library only declares zod schemas and constants: nothing in it runs for its
 * effect. Saying so lets the bundler drop the schemas a page does not use, and zod with them
 * (the public pages need zod only in the lazily loaded contact form).
 */
const SIDE_EFFECT_FREE = /[\\/]libs[\\/]shared[\\/]contracts[\\/]src[\\/].*\.ts$/;

/** Libraries every page needs and that change rarely: one long-cached chunk. */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|@trpc[\\/][^\\/]+)[\\/]/;

/** The server entry (`entry-server.tsx`), built beside the web build and loaded by the API at run time. */
const SERVER_OUT_DIR = '../../dist/apps/web-server';

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  // `vite build` builds the browser app, then the server entry that renders the public pages.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
    },
  },
  environments: {
    ssr: {
      build: {
        outDir: SERVER_OUT_DIR,
        emptyOutDir: true,
        copyPublicDir: false,
        manifest: false,
        rolldownOptions: {
          input: 'src/entry-server.tsx',
          output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      },
      // Self-contained: the API's production install needs no React, router or query packages.
      resolve: { noExternal: true },
      // React's production build whatever NODE_ENV the API runs with: its development build checks
      // every element and records a stack for each (console.createTask), over twice the cost a page.
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    },
  },
  cacheDir: '../../node_modules/.vite/apps/web',
  server: {
    port: 4200,
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/uploads': apiTarget },
  },
  preview: {
    port: 4300,
    host: '127.0.0.1',
  },
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  // A nonce on every script, style and preload of index.html, and a csp-nonce meta that the lazy
  // chunks' preloads read: the server puts a fresh nonce in their place in each answer.
  html: { cspNonce: WEB_BUILD_NONCE_PLACEHOLDER },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    // `.vite/manifest.json`: which files each entry and lazy chunk loads (tools/scripts/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
      },
      output: {
        advancedChunks: { groups: [{ name: 'vendor', test: VENDOR }] },
      },
    },
  },
}));

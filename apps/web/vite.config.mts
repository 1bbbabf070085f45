import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `nx serve web` proxies the API to a server started with `npm start` (or `nx serve api`).
const apiTarget = process.env['API_URL'] ?? 'http://127.0.0.1:3000';

export default defineConfig(() => ({
  root: import.meta.dirname,
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
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is built into dist/ and served by the reference server (src/server/main.ts).
// In development, API calls from the Vite dev server are proxied to the server on PORT (8080).
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  root: '.',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/login': { target: apiTarget, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/refresh': apiTarget,
      '/logout': apiTarget,
      '/settings': { target: apiTarget, bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined) },
      '/broadcasting': apiTarget,
      '/app': { target: apiTarget, ws: true },
    },
  },
});

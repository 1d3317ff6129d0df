import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

/**
 * The web app. `@vigil/contract` is a workspace package shipped as TypeScript source
 * (with `.ts` extension imports): the workspace symlink makes Vite treat it as source and
 * compile it with the app, so no alias is needed.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      // ws: the real-time channel (/api/realtime) is a WebSocket.
      '/api': { target: 'http://localhost:8080', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
export const webOutDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
  },
  server: {
    // `npm run dev:web` serves the SPA with hot reload next to an API started by `npm start`.
    proxy: { '/api': 'http://localhost:3000' },
  },
});

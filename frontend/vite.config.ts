/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8000';
// The dev server's own Host goes along (no changeOrigin): refresh and sign-out accept an Origin that matches the
// host the request was sent to, and the page's origin is the dev server's (api/auth/cookie.py).
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    // React, antd and the shell load up front (~1.1 MB, 350 kB gzipped); pages that are loaded
    // on demand carry their own widgets (the table, the date picker).
    chunkSizeWarningLimit: 1200,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

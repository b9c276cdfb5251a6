/// <reference types="vitest/config" />
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8000';
// The dev server's own Host goes along (no changeOrigin): refresh and sign-out accept an Origin that matches the
// host the request was sent to, and the page's origin is the dev server's (api/auth/cookie.py).
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false } };

/** What the debug viewer says of the build: the package's version and the commit (GIT_COMMIT, or git's HEAD). */
function buildInfo(): Record<string, string> {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  let commit = process.env.GIT_COMMIT ?? '';
  if (!commit) {
    try {
      commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    } catch {
      commit = 'unknown'; // a build without the repository (the Docker image's)
    }
  }
  return {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
    'import.meta.env.VITE_GIT_COMMIT': JSON.stringify(commit),
  };
}

/**
 * Writes dist/.vite/chunk-modules.json beside Vite's manifest: for each emitted chunk, the modules in it (paths
 * relative to frontend/) and their rendered length. The manifest says which chunks load first; this says what is
 * in them, so the initial-JavaScript check (tests/e2e/test_initial_js.py) can refuse a chart library or a
 * feature page in the first load whatever the chunk happens to be called.
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'crm:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, info]) => [
            id.startsWith('\0') ? id.slice(1) : relative(root, id).replaceAll('\\', '/'),
            info.renderedLength,
          ]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), chunkModules()],
  define: buildInfo(),
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
    // dist/.vite/manifest.json: which chunks index.html loads up front (read by bench/initial_js.py and its test)
    manifest: true,
    // React, antd and the shell load up front (~890 kB, about 280 kB gzipped; budget 300, tests/e2e/test_initial_js.py);
    // pages load with their routes and carry their own widgets (the table, the date picker, the charts).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What index.html needs before the first screen ('$initial': the entry's static imports) goes in two
          // chunks, the libraries and our shell, instead of some forty pieces that lazy pages happen to share:
          // fewer requests and better compression. Modules only pages use are not captured, so this moves
          // nothing into the first download.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    // happy-dom rather than jsdom: the same 736 tests took 177 CPU-s instead of 218 (two pairs, in turns), 93 s
    // instead of 114 on two cores. What it lacks or does otherwise is made up in src/test/setup.ts.
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost:3000',
        // nothing navigates or loads from the network (as in jsdom): a sign-out's move to /signin or a download
        // link's click would leave the window on about:blank or a blob: address for the files after it
        settings: {
          navigation: {
            disableMainFrameNavigation: true,
            disableChildFrameNavigation: true,
            disableFallbackToSetURL: true,
          },
          disableJavaScriptFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // both cores of a developer's or CI's machine (the default keeps one free)
    maxWorkers: 2,
    // A worker runs its files one after another in one environment instead of loading React, antd and jsdom anew
    // for each: the suite runs three times faster. Files share no state: the setup undoes stubs, tokens, storage,
    // fake timers and the rendered tree around each test.
    isolate: false,
    // Twice the default: the longest page tests (a wizard filled in field by field, the first test of a file, which
    // also pays for compiling the code it runs) take 1.5-2 s of one idle core, and three to four times that on two
    // cores shared with as many busy processes again (CI beside the end-to-end tests, `stress-ng --cpu 2`). What a
    // test waits for inside it waits at most 3 s (src/test/setup.ts).
    testTimeout: 10_000,
  },
});

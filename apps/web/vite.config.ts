import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Everything the server answers besides the SPA itself; the dev server forwards it. */
const SERVER_PATHS = ['/api', '/idp', '/mailbox', '/files'] as const;
const SERVER_ORIGIN = process.env.KONTOR_SERVER_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // Keep the browser's Host header so cookies and the identity provider's redirects stay on the dev origin.
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER_ORIGIN, xfwd: true }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effects. Saying so lets the bundler drop the
        // @kontor/domain schemas a chunk does not use (the guard needs decideEntry, not zod).
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|sonner|tailwind-merge|clsx|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

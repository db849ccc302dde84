import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);

/** Everything the server answers besides the SPA itself; the dev server forwards it. */
const SERVER_PATHS = ['/api', '/idp', '/mailbox', '/files'] as const;
const SERVER_ORIGIN = process.env.KONTOR_SERVER_ORIGIN ?? 'http://localhost:3000';

/**
 * React Router 7's package exports only its development build (remix-run/react-router#12532,
 * #14102): warnings, invariants and their messages ship to production. A production build takes
 * the package's own production build instead.
 */
const reactRouterProductionBuild = (command: 'build' | 'serve') => {
  if (command !== 'build') return [];
  // Its exports map hides dist/production: the files are addressed by path.
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ];
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactRouterProductionBuild(command)],
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
            // An icon is a few hundred bytes: one chunk of them all (9 KB gzip) instead of a request
            // each (the invoice overview asked for 12 one by one on a browser's 6 connections).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
}));

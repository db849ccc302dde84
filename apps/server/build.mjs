// Bundles the server into dist/main.js. Packages from node_modules stay external; the
// workspace packages (@kontor/*, TypeScript sources) are bundled in, their own dependencies
// stay external too (tesseract.js finds its worker script and language data in node_modules).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const readPackage = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const dependenciesOf = (pkg) => Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies });
const workspaces = ['../../packages/domain/package.json', '../../packages/formats/package.json'];
const external = [
  ...new Set([readPackage('./package.json'), ...workspaces.map(readPackage)].flatMap(dependenciesOf)),
  // Loaded by unpdf's page rendering (scanned PDFs) through a dynamic import; a native module.
  '@napi-rs/canvas',
].filter((name) => !name.startsWith('@kontor/'));

rmSync('dist', { recursive: true, force: true });
await build({
  // The e-invoice XML reader's worker thread sits beside the chunks that start it (dist/einvoice-worker.js).
  entryPoints: { main: 'src/main.ts', 'einvoice-worker': 'src/lib/xml-worker/einvoice-worker.ts' },
  outdir: 'dist',
  // main.ts loads the server's code through import(): split into chunks, so that a cluster's
  // primary starts its first api process before loading it. Chunks stay beside main.js, where
  // import.meta.dirname finds the migrations and the SEPA schemas.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __kontorCreateRequire } from 'node:module'; const require = __kontorCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// @kontor/formats reads its SEPA schemas with new URL('./xsd/…', import.meta.url); bundled,
// import.meta.url is dist/main.js, so the schemas go beside it.
cpSync('../../packages/formats/src/sepa-credit-transfer/xsd', 'dist/xsd', { recursive: true });

#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed since the last
// build (or no build exists), then starts Kontor. A second start skips the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'apps/server/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'packages/domain/src',
  'packages/formats/src',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
const hasBuild =
  existsSync(path.join(root, 'apps/web/dist/index.html')) && existsSync(path.join(root, 'apps/server/dist/main.js'));
if (!hasBuild || changedAt > builtAt || process.env.KONTOR_FORCE_BUILD === '1') {
  console.log('Building Kontor …');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

// V8 lets the old generation grow to up to 4x what survived the last full collection before it
// collects again. The server keeps ~50 MB alive, so streaming a 100,000-entry bank file left ~100 MB
// of garbage standing (peak RSS ~300 MB); growing by at most 50 % keeps the peak near 250 MB at the
// same speed (npm run bench:bank-import), and the API pages were no slower. Only a command-line
// flag works: NODE_OPTIONS refuses it and v8.setFlagsFromString comes too late.
// The young generation stays at V8's default of up to 16 MB per semi-space. 32 MB saved some
// scavenges (counterparty search 0.60 → 0.55 ms of API CPU per request, a target met with room
// either way) but raised every process's peak by about 30 MB: the camt.053 import 253 → 281 MB,
// and an accounting export of 100,000 invoices 286 → 318 MB, over its 300 MB target (issue 57,
// npm run bench:accounting-export, alternating runs). The api processes of the cluster inherit
// these flags (cluster.fork uses execArgv).
const v8Flags = ['--heap-growing-percent=50', '--max-semi-space-size=16'];
const server = spawn(process.execPath, [...v8Flags, '--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Pass stop signals on, so that the server shuts PostgreSQL down cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

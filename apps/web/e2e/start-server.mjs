// Starts the built Kontor server for the browser tests: a throwaway data folder, demo data,
// a free port for the embedded PostgreSQL; everything is removed when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const port = process.env.KONTOR_E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-'));

const pgPort = await new Promise((resolve, reject) => {
  const server = net.createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});

// The browser tests reach the database through this file (e.g. to expire a session).
const infoFile = path.join(os.tmpdir(), `kontor-e2e-${port}.json`);
writeFileSync(
  infoFile,
  JSON.stringify({ databaseUrl: `postgres://postgres:kontor-local@127.0.0.1:${pgPort}/postgres`, dataDir }),
);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    KONTOR_DATA_DIR: dataDir,
    KONTOR_PG_PORT: String(pgPort),
    KONTOR_DEMO: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
});

const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  process.exit(code ?? 0);
});

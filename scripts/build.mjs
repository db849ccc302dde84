// `npm run build`: the web app and the server side by side. They share nothing, and the build is
// part of the first `npm start` (target ≤ 10 s): the server's bundle (0.5 s) and npm's own start-up
// now overlap the web build instead of following it.
import { spawn } from 'node:child_process';

const build = (workspace) =>
  new Promise((resolve) => {
    spawn('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' })
      .on('error', () => resolve(1))
      .on('exit', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all([build('@kontor/web'), build('@kontor/server')]);
process.exit(Math.max(...codes));

/**
 * Turns a Schematron file into a SaxonJS SEF (compiled XSLT, JSON text), cached on disk.
 *
 * Compiling the generated XSLT takes seconds (14–19 s for each EN 16931 rule file, 2–3 s for
 * XRechnung's, on a 2-core machine), validating a document then 0.1 s at most; so the SEF is
 * kept under `node_modules/.cache/kontor-schematron/` (or `KONTOR_SCHEMATRON_CACHE`), named
 * by the SHA-256 of the generated XSLT and the SaxonJS version: a changed rule file, include
 * or generator yields a new name, and only the first run after a change pays the compile.
 *
 * The compiler is the `xslt3` command of Saxonica's xslt3 package (a devDependency), run as a
 * child process: saxon-js itself can compile XSLT only inside fn:transform, which neither
 * returns nor keeps the compiled form, so it would recompile on every call.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { readSchematron, schematronToXslt } from './schematron-to-xslt';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

function cacheDir(): string {
  if (process.env.KONTOR_SCHEMATRON_CACHE) return process.env.KONTOR_SCHEMATRON_CACHE;
  // saxon-js/SaxonJS2N.js → the node_modules folder that holds it, the usual home of tool caches.
  const nodeModules = path.dirname(path.dirname(require.resolve('saxon-js')));
  return path.join(nodeModules, '.cache', 'kontor-schematron');
}

function xslt3Command(): string {
  try {
    return require.resolve('xslt3/xslt3.js');
  } catch {
    throw new Error('Compiling Schematron needs the xslt3 package (a devDependency of @kontor/formats); run npm install');
  }
}

/** The SEF for a Schematron file, as JSON text; compiled on the first call after any change. */
export async function compileSchematron(schematronFile: string, saxonVersion: string): Promise<string> {
  const xslt = schematronToXslt(readSchematron(schematronFile));
  const key = createHash('sha256').update(xslt).update(`\0SaxonJS ${saxonVersion}`).digest('hex');
  const dir = cacheDir();
  const sefFile = path.join(dir, `${key}.sef.json`);
  if (existsSync(sefFile)) return readFile(sefFile, 'utf8');

  await mkdir(dir, { recursive: true });
  // Unique names for the work files, then an atomic rename: test workers may compile the same
  // rules at the same time, and none of them may read a half-written SEF.
  const work = path.join(dir, `${key}.${randomUUID()}`);
  try {
    await writeFile(`${work}.xsl`, xslt);
    await run(process.execPath, [xslt3Command(), `-xsl:${work}.xsl`, `-export:${work}.sef.json`, '-nogo', '-relocate:on'], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`Compiling ${path.basename(schematronFile)} failed: ${error.stderr || error.message}`);
    });
    await rename(`${work}.sef.json`, sefFile);
  } finally {
    await rm(`${work}.xsl`, { force: true });
    await rm(`${work}.sef.json`, { force: true });
  }
  return readFile(sefFile, 'utf8');
}

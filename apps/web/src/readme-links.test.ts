import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is the newcomer's map and docs/ holds the design notes: every link between them and
 * every code path they name must exist. A repository-level check, kept in the web project because
 * that vitest project runs without a database (the server project's global setup starts one).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const docsDir = path.join(root, 'docs');
const documents = [
  'README.md',
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Inline code that reads as a path inside the repository: a top-level folder, then path characters only. */
const REPO_PATH = /^(?:apps|packages|bench|docs|scripts)\/[\w.\-/]*$/;
/** What a build or a run makes (not in a fresh clone): named in the docs, not checked. */
const GENERATED = /(?:^|\/)(?:dist|node_modules|results)(?:\/|$)/;
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
const withoutInlineCode = (markdown: string) => markdown.replace(/`[^`\n]+`/g, '');

/** Relative targets of `[text](target)` links (external links and same-page anchors left out), without #fragment. */
function linkTargets(markdown: string): string[] {
  const text = withoutInlineCode(withoutFences(markdown));
  const targets: string[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (EXTERNAL.test(target) || target.startsWith('#')) continue;
    targets.push(decodeURI(target.replace(/[#?].*$/, '')));
  }
  return targets;
}

/** Inline code spans that name a repository path, e.g. `apps/server/src/modules/team`. */
function codePaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const match of withoutFences(markdown).matchAll(/`([^`\n]+)`/g)) {
    const candidate = match[1]!.trim();
    if (REPO_PATH.test(candidate) && !GENERATED.test(candidate)) paths.push(candidate.replace(/#.*$/, ''));
  }
  return paths;
}

describe('README and docs links', () => {
  it('leaves out what a build or a run makes', () => {
    expect(codePaths('`apps/web/dist` `bench/results/` `apps/web/src`')).toEqual(['apps/web/src']);
  });

  it('finds links and code paths in what it parses', () => {
    expect(linkTargets('[a](docs/x.md#part) [b](https://example.com) [c](#here) `[d](y.md)`')).toEqual(['docs/x.md']);
    expect(codePaths('`apps/web/src` `apps/web/src/features/<feature>` `npm test` `../shared/fixtures`')).toEqual([
      'apps/web/src',
    ]);
    expect(codePaths('```\n`apps/missing`\n```\n')).toEqual([]);
  });

  it.each(documents)('%s: every relative link and every code path exists', (document) => {
    const markdown = readFileSync(path.join(root, document), 'utf8');
    const links = linkTargets(markdown).map((target) =>
      path.relative(root, path.resolve(path.dirname(path.join(root, document)), target)),
    );
    const paths = codePaths(markdown);
    const missing = [
      ...links.filter((target) => !existsSync(path.join(root, target))).map((target) => `link ${target}`),
      ...paths.filter((target) => !existsSync(path.join(root, target))).map((target) => `path ${target}`),
    ];
    expect(missing).toEqual([]);
  });

  it('the README links every design note in docs/', () => {
    const linked = new Set(
      linkTargets(readFileSync(path.join(root, 'README.md'), 'utf8')).map((target) => path.normalize(target)),
    );
    const unlinked = documents.filter((document) => document.startsWith('docs/') && !linked.has(path.normalize(document)));
    expect(unlinked).toEqual([]);
  });
});

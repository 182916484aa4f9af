// The README is the front door and docs/ holds the rest (issue #19): every relative link in them
// must lead to a file or folder that exists, and every docs page must be reachable from the README.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './render.js';

const DOCS_DIR = join(REPO_ROOT, 'docs');

/** Every Markdown file under `dir`, as absolute paths. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The targets of the inline links `[text](target)` of a Markdown text, outside fenced code blocks. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/\[[^\]\n]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** A relative target's path on disk (anchor and query dropped), or null for URLs and same-page anchors. */
function localPath(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return null;
  return resolve(dirname(file), decodeURIComponent(target.replace(/[#?].*$/, '')));
}

const pages = [join(REPO_ROOT, 'README.md'), ...markdownFiles(DOCS_DIR)];

describe('README and docs/ links', () => {
  it('finds the links of a Markdown text, ignoring fenced code', () => {
    const text = 'See [a](docs/a.md#x) and [b](https://example.com).\n```sh\necho [c](nowhere.md)\n```\n[d](../e/)';
    expect(linkTargets(text)).toEqual(['docs/a.md#x', 'https://example.com', '../e/']);
  });

  it.each(pages.map((page) => [relative(REPO_ROOT, page), page]))('every relative link in %s points at an existing path', (_name, page) => {
    const broken = linkTargets(readFileSync(page, 'utf8')).filter((target) => {
      const path = localPath(page, target);
      return path !== null && !existsSync(path);
    });
    expect(broken).toEqual([]);
  });

  it('links every docs page from the README', () => {
    const readme = join(REPO_ROOT, 'README.md');
    const linked = new Set(
      linkTargets(readFileSync(readme, 'utf8'))
        .map((target) => localPath(readme, target))
        .filter((path): path is string => path !== null),
    );
    const docs = markdownFiles(DOCS_DIR);
    expect(docs.length).toBeGreaterThan(10);
    expect(docs.filter((page) => !linked.has(page)).map((page) => relative(REPO_ROOT, page))).toEqual([]);
  });
});

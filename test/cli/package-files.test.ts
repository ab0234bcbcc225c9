/**
 * What the packed tarball carries (issue 33 part 6): every relative link and image of README.md and of the
 * docs pages it ships resolves to a file in the tarball (the installed README's pictures were broken), and
 * package.json says what the package is about. The file list is npm's own (`npm pack --dry-run --json`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function packedFiles(): Set<string> {
  const r = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(r.status, 0, r.stderr);
  return new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}

/** The link and image targets of a Markdown page, outside code blocks and code spans. */
export function markdownTargets(text: string): string[] {
  const prose = text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

test('markdownTargets: links and images, not code', () => {
  const page = '[a](docs/x.md) ![b](img/y.png "title") `[c](z.md)`\n```\n[d](w.md)\n```\n[e](https://x.org) [f](#top)';
  assert.deepEqual(markdownTargets(page), ['docs/x.md', 'img/y.png', 'https://x.org', '#top']);
});

test('every relative link and image of the shipped Markdown pages is in the tarball', () => {
  const files = packedFiles();
  const pages = [...files].filter((f) => f.endsWith('.md') && (f === 'README.md' || f.startsWith('docs/')));
  assert.ok(pages.includes('README.md') && pages.includes('docs/specs.md') && pages.includes('docs/explorer.md'), pages.join(' '));
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    for (const target of markdownTargets(readFileSync(`${root}/${page}`, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = posix.normalize(posix.join(posix.dirname(page), decodeURI(target.split('#')[0]!)));
      checked++;
      // A folder link (docs/census/) resolves when the tarball holds something inside it.
      const found = path.endsWith('/') ? [...files].some((f) => f.startsWith(path)) : files.has(path);
      if (!found) broken.push(`${page}: ${target}`);
    }
  }
  assert.ok(checked > 80, `${checked} relative links checked`);
  assert.deepEqual(broken, []);
});

test('package.json: keywords a search finds it by; no address is invented (the project has none yet)', () => {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as Record<string, unknown>;
  const keywords = pkg.keywords as string[];
  for (const k of ['combinatorial game theory', 'impartial games', 'sprague-grundy', 'nim', 'octal games', 'wythoff', 'walnut', 'automata']) {
    assert.ok(keywords.includes(k), `keyword ${k}`);
  }
  // repository and homepage are left out until the project has a public address: see README "Installing".
  for (const field of ['repository', 'homepage', 'bugs']) {
    if (pkg[field] === undefined) continue;
    const url = typeof pkg[field] === 'string' ? pkg[field] : (pkg[field] as { url: string }).url;
    assert.match(url as string, /^(git\+)?https:\/\//, `${field} is a URL`);
  }
});

#!/usr/bin/env node
/**
 * The API reports (docs/api.md): for every entry point in package.json `exports`, API Extractor reads its
 * built .d.ts (tsc -b first) and writes api/<name>.api.md, each export with its signature and release tag.
 *
 *   node api/report.mjs            writes the reports (`npm run api`)
 *   node api/report.mjs --check    writes them into a temporary folder and compares them with api/: exits 1
 *                                  with the difference when the surface changed (`npm run api:check`, a test)
 *   --root DIR                     the package to report (default: this repository)
 *
 * Either way an export without a release tag (@public, @beta), or with one that is not ours (@alpha,
 * @internal: internals stay out of the entry points), is an error, and so is a @public export whose
 * signature needs a @beta type.
 */
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TAGS = new Set(['@public', '@beta']);

/** Report name and .d.ts of every entry of package.json `exports`: `.` is the package, `./plot` is NAME-plot. */
function entries(root, pkg) {
  return Object.entries(pkg.exports).map(([sub, target]) => ({
    report: sub === '.' ? pkg.name : `${pkg.name}-${sub.replace(/^\.\//, '').replace(/\//g, '-')}`,
    dts: resolve(root, target.types),
  }));
}

/** Writes the report of one entry into `folder`; returns the error lines (missing or wrong release tags). */
function extract(root, entry, folder) {
  const errors = [];
  const none = { logLevel: 'none', addToApiReportFile: false };
  const configObject = {
    projectFolder: root,
    newlineKind: 'lf',
    mainEntryPointFilePath: entry.dts,
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022'],
          typeRoots: [join(repo, 'node_modules', '@types')],
          types: ['node'],
          strict: true,
          skipLibCheck: true,
        },
        files: [entry.dts],
      },
    },
    apiReport: { enabled: true, reportFileName: entry.report, reportFolder: folder, reportTempFolder: folder },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: 'error' } },
      // The doc comments are prose (braces, backslashes, @ in text): only the release tags are read.
      tsdocMessageReporting: { default: none },
      extractorMessageReporting: {
        default: { logLevel: 'warning' },
        'ae-undocumented': none,
        'ae-missing-release-tag': { logLevel: 'error', addToApiReportFile: false },
        'ae-incompatible-release-tags': { logLevel: 'error', addToApiReportFile: false },
        // A type a signature uses but the entry does not export: listed in the report, not an error.
        'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
      },
    },
  };
  const config = ExtractorConfig.prepare({ configObject, packageJsonFullPath: join(root, 'package.json') });
  Extractor.invoke(config, {
    localBuild: true,
    messageCallback(message) {
      message.handled = true;
      // Console messages narrate the run ("the report changed"): the comparison below says that.
      if (message.category !== 'Console' && (message.logLevel === 'error' || message.logLevel === 'warning')) {
        const where = message.sourceFilePath ? `${message.sourceFilePath.replace(root + '/', '')}:${message.sourceFileLine}: ` : '';
        errors.push(`${where}${message.text} (${message.messageId})`);
      }
    },
  });
  const text = readFileSync(join(folder, `${entry.report}.api.md`), 'utf8');
  for (const [, tag] of text.matchAll(/^\s*\/\/ (@\w+)/gm)) {
    if (!TAGS.has(tag)) errors.push(`${entry.report}.api.md: an export is ${tag}; the entry points carry @public or @beta only (docs/api.md)`);
  }
  return errors;
}

/** The reports' differences, as `diff -u` prints them (or the names of the files when diff is missing). */
function difference(committed, fresh) {
  const d = spawnSync('diff', ['-u', committed, fresh], { encoding: 'utf8' });
  return d.error ? `${committed} differs from ${fresh}\n` : d.stdout;
}

function main(argv) {
  const check = argv.includes('--check');
  const at = argv.indexOf('--root');
  const root = at >= 0 ? resolve(argv[at + 1]) : repo;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const apiDir = join(root, 'api');
  const folder = check ? mkdtempSync(join(tmpdir(), 'sprague-api-')) : apiDir;
  try {
    const list = entries(root, pkg);
    const missing = list.filter((e) => !existsSync(e.dts));
    if (missing.length) {
      console.error(`api: ${missing.map((e) => e.dts).join(', ')} not built; run \`npx tsc -b\` first`);
      return 2;
    }
    const errors = list.flatMap((e) => extract(root, e, folder));
    if (errors.length) {
      console.error(errors.join('\n'));
      console.error(`api: ${errors.length} problem(s) above: every export of an entry point carries @public or @beta, and a @public one uses no @beta type (docs/api.md)`);
      return 1;
    }
    if (!check) return 0;
    const wanted = new Set(list.map((e) => `${e.report}.api.md`));
    const committed = existsSync(apiDir) ? readdirSync(apiDir).filter((f) => f.endsWith('.api.md')) : [];
    let diffs = '';
    for (const f of wanted) {
      const old = join(apiDir, f);
      if (!existsSync(old)) diffs += `api/${f} is missing\n`;
      else if (readFileSync(old, 'utf8') !== readFileSync(join(folder, f), 'utf8')) diffs += difference(old, join(folder, f));
    }
    for (const f of committed) if (!wanted.has(f)) diffs += `api/${f} reports no entry of package.json exports\n`;
    if (diffs) {
      process.stdout.write(diffs);
      console.error('api: the public API changed (diff above). If the change is intended, run `npm run api` and commit api/.');
      return 1;
    }
    return 0;
  } finally {
    if (check) rmSync(folder, { recursive: true, force: true });
  }
}

process.exitCode = main(process.argv.slice(2));

/**
 * Issue 70 item 3: the installable package that `npm run build -w shell-elements` writes into `dist/`
 * (scripts/build-package.mjs), as an intranet team gets it: `npm pack`, unpacked into an empty folder's
 * node_modules (its `dependencies` — lit, lit-html, i18next — and React's types linked from the repository's, as
 * an install would bring them), then compiled against with `tsc --strict` and no `skipLibCheck`: the README's
 * "Install as a package" and "From React 19" snippets exactly as written, and a consumer that must fail where the
 * types say no. Needs the build first (the root `npm test` builds).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '..');
const dist = join(packageDir, 'dist');

interface PackageJson {
  name: string;
  version: string;
  type?: string;
  types?: string;
  exports: Record<string, string | Record<string, string>>;
  customElements?: string;
  sideEffects?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

let work: string;
let installed: string;
let files: string[];
let published: PackageJson;

/** Every file under `dir`, relative, with `/`. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name), base) : [relative(base, join(dir, entry.name)).split('\\').join('/')],
  );
}

/** The `ts` and `tsx` code blocks of a README section (from its `## title` to the next `## `). */
function snippets(title: string): { lang: string; code: string }[] {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no section "${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1]!, code: match[2]! }));
}

/** Parsed declaration files (lib.dom, React's, lit's…), shared by the compilations: parsing them is most of the time. */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Compiles `sources` (file name → text) in a consumer folder; the diagnostics as `file(line): message`. */
function compile(sources: Record<string, string>, resolution: 'nodenext' | 'bundler'): string[] {
  const project = mkdtempSync(join(work, `consumer-${resolution}-`));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  for (const [name, text] of Object.entries(sources)) writeFileSync(join(project, name), text);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    // TypeScript's own lib files (lib.dom…) need no checking here: the package's and React's declarations do.
    skipDefaultLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    types: [],
    verbatimModuleSyntax: true,
    resolveJsonModule: true,
    ...(resolution === 'nodenext'
      ? { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
      : { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }),
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.endsWith('.d.ts')) return getSourceFile(fileName, languageVersion, ...rest);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, ...rest));
    return parsed.get(key);
  };
  const program = ts.createProgram({ rootNames: Object.keys(sources).map((name) => join(project, name)), options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${relative(work, diagnostic.file.fileName)}(${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1})`
      : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

beforeAll(() => {
  if (!existsSync(join(dist, 'package.json'))) {
    throw new Error('shell-elements/dist/package.json is missing: run npm run build -w shell-elements first');
  }
  published = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')) as PackageJson;
  work = mkdtempSync(join(tmpdir(), 'erp-elements-package-'));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', dist, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8' }),
  ) as { filename: string }[];
  installed = join(work, 'node_modules', '@erp', 'shell-elements');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, packed[0]!.filename), '-C', installed, '--strip-components=1']);
  files = walk(installed).sort();
  // What `npm install` of the tarball brings besides: its dependencies, and the app's own React types.
  for (const name of ['lit', 'lit-html', 'i18next', 'react', '@types/react']) {
    mkdirSync(dirname(join(work, 'node_modules', name)), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', name), join(work, 'node_modules', name), 'dir');
  }
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('is named and versioned as shell-elements, an ES module with its manifest declared', () => {
    const own = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
    expect([published.name, published.version, published.type]).toEqual([own.name, own.version, 'module']);
    expect(published.customElements).toBe('custom-elements.json');
    expect(published.sideEffects).toContain('./shell-elements.standalone.js');
  });

  it('holds the standalone file, every chunk it loads, the types and the manifest; not the import-map build or the demo', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'shell-elements.standalone.js', 'custom-elements.json', 'types/index.d.ts', 'types/react.d.ts']));
    const bundle = readFileSync(join(installed, 'shell-elements.standalone.js'), 'utf8');
    const chunks = [...new Set([...bundle.matchAll(/["'`]\.\/(chunks\/[^"'`]+\.js)["'`]/g)].map((match) => match[1]!))];
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => !files.includes(chunk))).toEqual([]);
    // Chunks are named by their content (the server's immutable rule, and a long cache wherever they are served).
    expect(files.filter((file) => file.startsWith('chunks/') && file.endsWith('.js') && !/-[\w-]{8}\.js$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith('demo/') || file === 'shell-elements.js')).toEqual([]);
    expect(readFileSync(join(installed, 'custom-elements.json'), 'utf8')).toBe(readFileSync(join(packageDir, 'custom-elements.json'), 'utf8'));
  });

  it('has an existing file behind every export', () => {
    const targets = Object.values(published.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    expect(targets.length).toBeGreaterThan(4);
    expect(targets.filter((target) => !existsSync(join(installed, target)))).toEqual([]);
    expect(published.exports['.']).toEqual({ types: './types/index.d.ts', default: './shell-elements.standalone.js' });
  });

  it('leaks no workspace specifier into its types: every bare import is a dependency (or React, the app\'s)', () => {
    const declared = new Set([...Object.keys(published.dependencies ?? {}), ...Object.keys(published.peerDependencies ?? {}), 'react']);
    const bare = new Set<string>();
    for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
      const text = readFileSync(join(installed, file), 'utf8');
      for (const match of text.matchAll(/(?:from |import\()(['"])([^'"]+)\1/g)) {
        if (!match[2]!.startsWith('.')) bare.add(match[2]!.startsWith('@') ? match[2]!.split('/').slice(0, 2).join('/') : match[2]!.split('/')[0]!);
      }
    }
    expect([...bare].filter((name) => !declared.has(name) && name !== '@types/react')).toEqual([]);
    expect([...bare].some((name) => name.startsWith('@erp/'))).toBe(false);
  });
});

/** A consumer that must compile, with the places where the types must say no (`@ts-expect-error`: unused = an error). */
const CONSUMER_TS = `
import { connect, ERP_EVENT_NAMES, type EmbedSession, type EmbedSessionState, type ErpMenuSelectDetail } from '@erp/shell-elements';
import manifest from '@erp/shell-elements/custom-elements.json' with { type: 'json' };

const tags: (keyof HTMLElementTagNameMap)[] = ['erp-top-bar', 'erp-loading-overlay', 'erp-menu-bar', 'erp-tab-bar',
  'erp-command-palette', 'erp-dialog', 'erp-about', 'erp-banner', 'erp-portal-badge', 'erp-portal-bar', 'erp-session'];
const bar = document.createElement('erp-top-bar');
bar.signedIn = true;
bar.userName = 'Dana';
// @ts-expect-error a number is no list of applications
bar.applications = 5;
const badge = document.querySelector('erp-portal-badge')!;
badge.count = 3;
// @ts-expect-error count is a number
badge.count = 'three';
const tabs = document.querySelector('erp-tab-bar')!;
tabs.tabs = [{ id: 'a', label: 'A', isNew: false }];
document.addEventListener('erp-menu-select', (event) => {
  const detail: ErpMenuSelectDetail = event.detail;
  console.log(detail.path, detail.menu);
  // @ts-expect-error no such detail field
  console.log(event.detail.nope);
});
document.addEventListener('erp-session-change', (event) => console.log(event.detail.badges.cart));
const session: EmbedSession = await connect({ server: 'https://erp.example' });
const state: EmbedSessionState = session.state;
const names: readonly string[] = ERP_EVENT_NAMES;
console.log(tags, state.portal, names, manifest.schemaVersion, document.querySelector('erp-session')?.state);
`;

const CONSUMER_TSX = `
import '@erp/shell-elements';
import type {} from '@erp/shell-elements/react';
import { useRef } from 'react';
import type { ErpDialog } from '@erp/shell-elements';

export function Page() {
  const dialog = useRef<ErpDialog>(null);
  return (
    <>
      <erp-dialog ref={dialog} open heading="Save?" actions={[{ id: 'ok', label: 'OK' }]} onerp-dialog-action={(event) => console.log(event.detail.id)} />
      <erp-portal-badge count={2} label="Cart" />
      <erp-session server="https://erp.example" onerp-session-change={(event) => console.log(event.detail.userName)} />
      {/* @ts-expect-error count is a number */}
      <erp-portal-badge count="2" />
      {/* @ts-expect-error the detail of erp-navigate has a path, no id */}
      <erp-top-bar onerp-navigate={(event) => console.log(event.detail.id)} />
    </>
  );
}
`;

describe('a TypeScript consumer of the installed package (tsc --strict, no skipLibCheck)', () => {
  // One compilation per module resolution (each some seconds: React's, lit's and the DOM's declarations).
  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`compiles the README's snippets as written, and types what they do not show (${resolution} resolution)`, () => {
      const blocks = [...snippets('Install as a package'), ...snippets('From React 19')];
      expect(blocks.map((block) => block.lang)).toEqual(['ts', 'tsx', 'tsx']);
      const sources = Object.fromEntries(blocks.map((block, i) => [`readme-${i}.${block.lang}`, block.code]));
      sources['consumer.ts'] = resolution === 'nodenext' ? CONSUMER_TS : CONSUMER_TS.replace(" with { type: 'json' }", '');
      sources['page.tsx'] = CONSUMER_TSX;
      expect(compile(sources, resolution)).toEqual([]);
    }, 300_000);
  }
});

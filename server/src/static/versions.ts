/**
 * Content versions of the built front end's files, for the `?v=<version>` URLs of the shell page.
 *
 * - `contentVersion(bytes)`: the first 12 hex digits of the SHA-256 of the bytes.
 * - `FileVersions`: one file's version, cached per absolute path and keyed by the file's identity (inode,
 *   size, mtime), so a file is read again only after it changed — a rebuild while the server runs shows
 *   on the next page load, and an unchanged file costs a stat, never a read.
 * - `FileTexts`: a small file's text (the shell page's parts), cached the same way: an unchanged file costs a stat.
 * - `TreeVersions`: one version over every file of a folder (or of several seen as one) (relative names and contents), and the
 *   snapshots it named, so a file can be checked against a folder version without walking the folder.
 *
 * `known(path, stat)` is the synchronous check the static routes make with the very stat of the file they
 * send: a version is only ever vouched for the exact bytes it was computed from.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Hex digits of a version: 48 bits, plenty to tell builds of one file apart. */
export const VERSION_LENGTH = 12;

export function contentVersion(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, VERSION_LENGTH);
}

/** What identifies one state of a file without reading it. */
function identity(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

export class FileTexts {
  private readonly cache = new Map<string, { identity: string; text: string }>();

  /**
   * The UTF-8 text of the file at `path` (absolute); null when it is not a readable file. Synchronous: the shell
   * page's few small parts (index.html, the import map, the inlined files) are read from the kernel's cache in
   * microseconds, once per change (issue 44: the page from the server as fast as a file).
   */
  text(path: string): string | null {
    try {
      const before = statSync(path, { throwIfNoEntry: false });
      if (!before?.isFile()) return null;
      const cached = this.cache.get(path);
      if (cached?.identity === identity(before)) return cached.text;
      const text = readFileSync(path, 'utf8');
      // A file rewritten while it was read (a build in progress) is not cached: the next request reads it again.
      const after = statSync(path, { throwIfNoEntry: false });
      if (after && identity(after) === identity(before)) this.cache.set(path, { identity: identity(before), text });
      return text;
    } catch {
      return null;
    }
  }
}

export class FileVersions {
  private readonly cache = new Map<string, { identity: string; version: string }>();
  /** Reads in flight, so simultaneous page loads hash a changed file once. */
  private readonly reading = new Map<string, Promise<string | null>>();

  /** The version of the file at `path` (absolute); null when it is not a readable file. */
  async version(path: string): Promise<string | null> {
    // The stat is synchronous on purpose: the shell page checks some 130 files per request, each a few microseconds
    // from the kernel's cache; one promise through libuv's thread pool each made the page 8 ms slower (issue 44).
    let stats: Stats | undefined;
    try {
      stats = statSync(path, { throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!stats?.isFile()) return null;
    const cached = this.cache.get(path);
    const key = identity(stats);
    if (cached?.identity === key) return cached.version;
    const readingKey = `${path}\0${key}`;
    let pending = this.reading.get(readingKey);
    if (!pending) {
      pending = this.read(path, key).finally(() => this.reading.delete(readingKey));
      this.reading.set(readingKey, pending);
    }
    return pending;
  }

  /** The version already computed for exactly this state of the file, else null (never reads). */
  known(path: string, stats: Stats): string | null {
    const cached = this.cache.get(path);
    return cached && cached.identity === identity(stats) ? cached.version : null;
  }

  private async read(path: string, key: string): Promise<string | null> {
    let bytes: Buffer;
    let after: Stats;
    try {
      bytes = await readFile(path);
      after = await stat(path);
    } catch {
      return null;
    }
    const version = contentVersion(bytes);
    // A file rewritten while it was read (a build in progress) is not cached under either state: the
    // next request hashes it again once it is stable.
    if (identity(after) === key) this.cache.set(path, { identity: key, version });
    return version;
  }
}

/** How many folder versions stay checkable: enough for pages loaded just before a few rebuilds. */
const SNAPSHOTS_KEPT = 8;

export class TreeVersions {
  /** Folder version → relative file name (with `/`) → file version, most recent last. */
  private readonly snapshots = new Map<string, Map<string, string>>();

  /** `dirs`: folders seen as one (a name in an earlier folder hides the same name in a later one). */
  constructor(
    private readonly dirs: readonly string[],
    private readonly fileVersions: FileVersions,
  ) {}

  /** The last walk: each folder seen with its identity then (null: absent), and the files found. */
  private walked: { folders: ReadonlyMap<string, string | null>; named: readonly (readonly [name: string, path: string])[] } | null = null;

  /**
   * The folder's version now: a hash over every file's relative name and content version, sorted. Costs a stat
   * per folder and per file; the folders are walked again only when one of them changed (a file added, removed or
   * renamed changes its folder), and only changed files are read (issue 44: the shell page asks for this version at
   * each load; walking the locale folders took 1 ms of its 2.3). An absent folder has the version of no files.
   */
  async version(): Promise<string> {
    const sorted = this.namedFiles();
    const versions = await Promise.all(sorted.map(([, path]) => this.fileVersions.version(path)));
    const entries = new Map<string, string>();
    sorted.forEach(([name], i) => {
      const version = versions[i];
      if (version) entries.set(name, version);
    });
    const folderVersion = contentVersion([...entries].map(([name, version]) => `${name}\0${version}\n`).join(''));
    this.snapshots.delete(folderVersion);
    this.snapshots.set(folderVersion, entries);
    while (this.snapshots.size > SNAPSHOTS_KEPT) this.snapshots.delete(this.snapshots.keys().next().value!);
    return folderVersion;
  }

  /** Relative name → path of every file, sorted by name (a name in an earlier folder hides it in a later one). */
  private namedFiles(): readonly (readonly [string, string])[] {
    const last = this.walked;
    if (last && [...last.folders].every(([dir, known]) => folderIdentity(dir) === known)) return last.named;
    const folders = new Map<string, string | null>();
    const named = new Map<string, string>();
    for (const dir of this.dirs) {
      const found: string[] = [];
      walkFolder(dir, folders, found);
      for (const path of found) {
        const name = relative(dir, path).split(sep).join('/');
        if (!named.has(name)) named.set(name, path);
      }
    }
    const sorted = [...named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.walked = { folders, named: sorted };
    return sorted;
  }

  /** True when the folder version `version` was computed with the file `name` at `fileVersion`. */
  includes(version: string, name: string, fileVersion: string): boolean {
    return this.snapshots.get(version)?.get(name) === fileVersion;
  }

  /** True when `version` names a snapshot this process computed. */
  knows(version: string): boolean {
    return this.snapshots.has(version);
  }
}

/** A folder's identity (as a file's: inode, size, mtime), or null when it is not a folder. */
function folderIdentity(dir: string): string | null {
  try {
    const stats = statSync(dir, { throwIfNoEntry: false });
    return stats?.isDirectory() ? identity(stats) : null;
  } catch {
    return null;
  }
}

/** Adds every file under `dir` to `files` and every folder walked, with its identity before it was read, to `folders`. */
function walkFolder(dir: string, folders: Map<string, string | null>, files: string[]): void {
  folders.set(dir, folderIdentity(dir));
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walkFolder(path, folders, files);
    else if (entry.isFile()) files.push(path);
  }
}

// Which manifest files of the project mention some names, among thousands: git grep lists the
// files holding one telling piece of each name (its longest), and only those are read and checked
// piece by piece (name-scan.ts). Files git cannot vouch for are always read: ignored or symlinked
// ones (git does not search them), and those where an escape or a variable may hide a name.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { display } from '../manifest/find-files.js';
import type { FileRef } from '../manifest/read-files.js';
import { filesContaining, filesMatching, type Repository, visibleFiles } from './git.js';
import { type Needle, type ScanContext, ScannedFile } from './name-scan.js';

export class MentionFinder {
  private alwaysRead: Set<string> | undefined;
  private readonly scanned = new Map<string, ScannedFile>();

  constructor(
    private readonly repo: Repository,
    /** The project root (a real path). */
    private readonly root: string,
    private readonly files: readonly FileRef[],
    private readonly context: ScanContext,
  ) {}

  /** Files not loaded yet that hold every piece of one of the needles. */
  async mentioning(needles: readonly Needle[], loaded: ReadonlyMap<string, FileRef>): Promise<FileRef[]> {
    if (needles.length === 0) return [];
    const unloaded = this.files.filter((f) => !loaded.has(f.file));
    // A name with no piece any spelling keeps: any file may mention it.
    if (needles.some((n) => n.length === 0)) return unloaded;
    this.alwaysRead ??= await this.unvouched();
    const pieces = [...new Set(needles.map(longest))];
    const found = await filesContaining(this.repo, pieces, [this.root]);
    const hits = new Set(found.map((f) => display(this.root, f)));
    const out: FileRef[] = [];
    for (const ref of unloaded) {
      if (!hits.has(ref.file) && !this.alwaysRead.has(ref.file)) continue;
      const file = await this.scan(ref);
      if (needles.some((needle) => file.mentions(needle))) out.push(ref);
    }
    return out;
  }

  private async scan(ref: FileRef): Promise<ScannedFile> {
    let file = this.scanned.get(ref.file);
    if (!file) {
      file = new ScannedFile(ref.file, await readFile(ref.path).catch(() => undefined), this.context);
      this.scanned.set(ref.file, file);
    }
    return file;
  }

  /** The files whose raw text git's search cannot be trusted with (see the header). */
  private async unvouched(): Promise<Set<string>> {
    const hiding = ['\\\\[xuU]', '\\\\.?$', '\\$\\{var\\.'];
    if (Object.keys(this.context.plainEnv).length > 0) hiding.push('\\$\\{env\\.');
    const [visible, hidden] = await Promise.all([
      visibleFiles(this.repo, [this.root]),
      filesMatching(this.repo, hiding, [this.root]),
    ]);
    const seen = new Set([...visible].map((f) => display(this.root, f)));
    const out = new Set(hidden.map((f) => display(this.root, f)));
    for (const ref of this.files)
      if (!seen.has(ref.file) || path.join(this.root, ref.file) !== ref.path) out.add(ref.file);
    return out;
  }
}

function longest(needle: Needle): string {
  return needle.reduce((a, b) => (b.length > a.length ? b : a), '');
}

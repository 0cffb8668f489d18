// Where an exported object goes: one file per top-level object (`sources/sales_db.yaml`), and the
// objects below it in a folder next to that file, one file per kind (`sources/sales_db/tables.yaml`).
import { ancestorKinds, type KindName } from '../kinds/index.js';

/** `TableGroup` → `table-groups`. */
function kindFolder(kind: KindName): string {
  return `${kind.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}s`;
}

/**
 * A file name for an object name: characters that are unsafe in paths (or special to shells and
 * manifest discovery, such as a leading dot) become `_`. Different names may map to the same
 * file name; `FileNames` keeps them apart.
 */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9@._+-]/g, '_').replace(/^[.-]/, '_');
  return cleaned === '' ? '_' : cleaned.slice(0, 120);
}

/** Hands out one file stem per root object, unique even on case-insensitive file systems. */
export class FileNames {
  private readonly byRoot = new Map<string, string>();
  private readonly used = new Set<string>();

  stem(rootKind: KindName, rootName: string): string {
    const key = `${rootKind}\u0000${rootName}`;
    const known = this.byRoot.get(key);
    if (known !== undefined) return known;
    const base = `${kindFolder(rootKind)}/${safeFileName(rootName)}`;
    let stem = base;
    for (let n = 2; this.used.has(stem.toLowerCase()); n++) stem = `${base}-${n}`;
    this.used.add(stem.toLowerCase());
    this.byRoot.set(key, stem);
    return stem;
  }
}

/** Relative path (with `/`) of the file that holds an object of `kind` with these ancestor names. */
export function filePathFor(
  names: FileNames,
  kind: KindName,
  ancestors: readonly string[],
  name: string,
): string {
  const [rootKind] = [...ancestorKinds(kind), kind];
  const rootName = ancestors[0] ?? name;
  const stem = names.stem(rootKind as KindName, rootName);
  return rootKind === kind ? `${stem}.yaml` : `${stem}/${kindFolder(kind)}.yaml`;
}

// Grows a seeded emulator store to N bench sources without N applies: every document reachable
// from the template source (its tables, groups, advanced configurations...) is copied with fresh
// ids and the template's name replaced, so each copy is what `dpac apply` of that source's
// manifests would have stored. The bench checks it: a plan of the N-source manifests is a no-op.
import type { Doc, StoreSnapshot } from '../emulator/store.js';

export interface CloneOptions {
  /** Name of the seeded source to copy (its name appears in its children's names and paths). */
  template: string;
  /** Names of the copies; each replaces `template` in every string of the copied documents. */
  names: readonly string[];
}

/** A new snapshot holding the template's subtree once more per name. */
export function cloneSources(snapshot: StoreSnapshot, options: CloneOptions): StoreSnapshot {
  const source = (snapshot.sources ?? []).find((s) => s.name === options.template);
  if (!source) throw new Error(`no source named ${options.template} to clone`);
  const subtree = reachableFrom(snapshot, source);
  const ids = new Set(subtree.map(([, doc]) => doc.id));
  const text = JSON.stringify(subtree);
  const out: StoreSnapshot = Object.fromEntries(Object.entries(snapshot).map(([c, docs]) => [c, [...docs]]));
  options.names.forEach((name, copy) => {
    const cloned = text
      .replaceAll(options.template, name)
      .replace(/[0-9a-f]{24}/g, (id) => (ids.has(id) ? copyId(id, copy) : id));
    for (const [collection, doc] of JSON.parse(cloned) as [string, Doc][]) out[collection]?.push(doc);
  });
  return out;
}

/** The template and every document referring, directly or not, to one already taken. */
function reachableFrom(snapshot: StoreSnapshot, root: Doc): [string, Doc][] {
  const taken = new Set([root.id]);
  const chosen: [string, Doc][] = [['sources', root]];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [collection, docs] of Object.entries(snapshot)) {
      for (const doc of docs) {
        if (taken.has(doc.id) || !refersTo(doc, taken)) continue;
        chosen.push([collection, doc]);
        taken.add(doc.id);
        grew = true;
      }
    }
  }
  return chosen;
}

function refersTo(value: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof value === 'string') return ids.has(value);
  if (Array.isArray(value)) return value.some((v) => refersTo(v, ids));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key !== 'id' && refersTo(v, ids));
  }
  return false;
}

/** A 24-hex id unique per copy: the copy number replaces the time prefix (never a live one). */
function copyId(id: string, copy: number): string {
  return `${(copy + 1).toString(16).padStart(8, '0')}${id.slice(8)}`;
}

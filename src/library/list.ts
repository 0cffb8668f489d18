// listManaged(): what the project manages, for `dpac ls` — each declared object with its live id
// (or none yet), whether this project can prove it owns it (the same judgement destroy deletes
// by), and where its manifest is. Read-only; it reads what a plan reads.
import type { Diagnostic } from '../core/diagnostic.js';
import { runUser, userNames } from '../diff/last-change.js';
import { ownerResolver } from '../diff/ownership.js';
import { provableOwner } from '../diff/provable-owner.js';
import { renameRules } from '../diff/renames.js';
import { KIND_NAMES, type KindName } from '../kinds/index.js';
import { readLive } from '../live/read-live.js';
import { manifestScope } from '../live/read-scope.js';
import type { LoadManifestsResult } from '../manifest/load-manifests.js';
import { scopeOf, unmatchedSelectors } from '../plan/select.js';
import type { Connection } from './connect.js';
import { Refusal } from './refusal.js';

export interface ListOptions {
  /** `KIND[/NAME...]` selectors, like `--select`. */
  select?: readonly string[];
  /** `KIND[/NAME...]` globs, like `--exclude`: wins over select. */
  exclude?: readonly string[];
}

/** One declared object. `dpac ls -o json` prints these (src/render/output-schemas.ts). */
export interface ManagedObject {
  address: string;
  kind: KindName;
  /** The live id; null while it does not exist yet. */
  id: string | null;
  /** Whose it provably is; null while it does not exist yet. */
  ownership: 'ours' | 'theirs' | 'unowned' | null;
  /** The owning project's tag, when another project's tag marks it. */
  owner?: string;
  /** By what proof it is this project's, or why it is not. */
  why: string;
  /** Its manifest: the file (relative to the project root) and the line of its `kind:`. */
  file: string;
  line: number;
}

export interface ManagedList {
  url: string;
  ownership_tag: string;
  objects: ManagedObject[];
}

/** The declared objects in scope, in kind order; a Refusal for manifest errors or a selector matching nothing. */
export async function listManaged(
  connection: Connection,
  project: LoadManifestsResult,
  options: ListOptions = {},
): Promise<ManagedList> {
  if (project.diagnostics.some((d) => d.severity === 'error'))
    throw new Refusal('The manifests have errors; nothing was listed.', project.diagnostics);
  const { inScope } = scopeOf(options.select, options.exclude);
  const unmatched: Diagnostic[] = [
    ...unmatchedSelectors('--select', options.select, project.manifests),
    ...unmatchedSelectors('--exclude', options.exclude, project.manifests),
  ];
  if (unmatched.length > 0)
    throw new Refusal('A selector matches no manifest; nothing was listed.', unmatched);
  const ownershipTag = project.project.ownership_tag;
  const live = await readLive({
    client: connection.client,
    scope: manifestScope({ manifests: project.manifests, externals: project.externals }),
    ownershipTag,
    renames: renameRules(project.manifests),
  });
  const context = {
    owner: ownerResolver(live, ownershipTag),
    ownershipTag,
    me: runUser(connection.client.identity?.(), live),
    userName: userNames(live),
  };
  const objects = project.manifests.filter(inScope).map((m): ManagedObject => {
    const where = { file: m.source.file, line: m.source.line };
    const obj = live.objects.get(m.address);
    if (!obj)
      return {
        address: m.address,
        kind: m.kind,
        id: null,
        ownership: null,
        why: 'not created yet',
        ...where,
      };
    const ownership = provableOwner(obj, context);
    return {
      address: m.address,
      kind: m.kind,
      id: obj.id,
      ownership: ownership.state,
      ...(ownership.state === 'theirs' && ownership.owner ? { owner: ownership.owner } : {}),
      why: ownership.state === 'ours' ? ownership.via : ownership.why,
      ...where,
    };
  });
  const order = (k: KindName) => KIND_NAMES.indexOf(k);
  objects.sort((a, b) => order(a.kind) - order(b.kind) || (a.address < b.address ? -1 : 1));
  return { url: connection.url, ownership_tag: ownershipTag, objects };
}

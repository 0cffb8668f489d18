// The tags-and-description document of an owner that carries them (sources, tables): one
// `PUT …/metadata` that adds and removes tags as set differences and sets the description.
import type { CallDraft } from '../../core/call.js';
import { compact, sortedSet } from './canonical.js';

export interface Described {
  tags?: string[] | undefined;
  description?: string | undefined;
}

/** On create: always written, since the engine has put the ownership tag into `tags`. */
export function createMetadataCall(path: string, spec: Described): CallDraft {
  const body = compact({
    tags_to_add: sortedSet(spec.tags),
    tags_to_remove: [],
    description: spec.description,
  });
  return { method: 'PUT', path, body, note: 'tags and description' };
}

/**
 * On update: the tag difference and the description, when either changed. A description removed
 * from the manifest is written as `''`, which clears it (omitting it would leave the old text).
 */
export function updateMetadataCalls(
  path: string,
  change: { before: Described; after: Described; changed: ReadonlySet<string> },
): CallDraft[] {
  const { before, after, changed } = change;
  const tagsChanged = changed.has('tags') && after.tags !== undefined;
  const live = new Set(before.tags ?? []);
  const wanted = new Set(after.tags ?? []);
  const add = tagsChanged ? sortedSet([...wanted].filter((t) => !live.has(t))) : [];
  const remove = tagsChanged ? sortedSet([...live].filter((t) => !wanted.has(t))) : [];
  const description = changed.has('description') ? (after.description ?? '') : undefined;
  if (add.length === 0 && remove.length === 0 && description === undefined) return [];
  const body = compact({ tags_to_add: add, tags_to_remove: remove, description });
  return [{ method: 'PUT', path, body, note: 'tags and description' }];
}

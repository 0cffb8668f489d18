// Prune and protect patterns of dpac.yaml: a kind and a glob (manifest/glob.ts) over the object's
// name, or, when the glob holds a `/`, over its parent names and name (`sales_db/tmp_*`).
import { namePath } from '../core/address.js';
import { matchesGlob } from './glob.js';
import type { ScopePattern } from './project-config.js';

export interface NamedObject {
  kind: string;
  /** Parent names, outermost first. */
  ancestors: readonly string[];
  name: string;
}

export function matchesPattern(pattern: ScopePattern, object: NamedObject): boolean {
  if (pattern.kind !== object.kind) return false;
  const subject = pattern.name.includes('/') ? namePath(object.ancestors, object.name) : object.name;
  return matchesGlob(pattern.name, subject);
}

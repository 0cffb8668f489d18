// Every problem of a document in one pass. zod skips an object's cross-field rules (its refinements)
// while anything inside the object is wrong, so a file used to take rounds: the type errors, then
// the rule errors they hid, then the reference errors of the now-valid documents. Here the values
// with structural problems are taken out of a copy and the copy is parsed again (a few times), so
// the rules run on what is left; their findings are kept unless they touch a value taken out (that
// one is already reported). When the copy parses, its data stands in for the document's references.
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** Enough for nested objects: each round uncovers the rules one level further out, the last frees the references. */
const ROUNDS = 4;

export interface DeeperIssues {
  /** Issues the first parse could not see, none at or around a value already reported. */
  issues: Issue[];
  /** The parsed copy without the broken values, when it parses (for reference checks only). */
  data?: unknown;
}

export function deeperIssues(schema: z.ZodType, input: unknown, first: readonly Issue[]): DeeperIssues {
  const copy = structuredClone(input);
  const removed: Path[] = [];
  const seen = new Set(first.map(issueKey));
  const found: Issue[] = [];
  let issues = first;
  for (let round = 0; round < ROUNDS; round++) {
    const structural = issues.filter((i) => i.code !== 'custom');
    // Once only rule findings are left, the objects whose rules failed are taken out, so the rest
    // of the document can stand in for its references.
    const targets = structural.length > 0 ? structural : issues;
    for (const issue of targets) {
      const paths =
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((k) => [...issue.path, k])
          : issue.code === 'custom'
            ? [issue.path.slice(0, -1)]
            : [issue.path];
      for (const path of paths) {
        if (path.length === 0) return { issues: found };
        removeAt(copy, path);
        removed.push(path);
      }
    }
    const parsed = schema.safeParse(copy);
    if (parsed.success) return { issues: found, data: parsed.data };
    issues = parsed.error.issues;
    for (const issue of issues) {
      const key = issueKey(issue);
      if (seen.has(key) || removed.some((r) => related(r, issue.path))) continue;
      seen.add(key);
      found.push(issue);
    }
  }
  return { issues: found };
}

function issueKey(issue: Issue): string {
  return `${issue.path.map(String).join('/')}|${issue.message}`;
}

/** One path is the other or lies inside it. */
function related(a: Path, b: Path): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Deletes the value at a path; an array item becomes a hole, so later indexes keep their place. */
function removeAt(root: unknown, path: Path): void {
  let node = root;
  for (const segment of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  if (node !== null && typeof node === 'object')
    delete (node as Record<PropertyKey, unknown>)[path.at(-1) as PropertyKey];
}

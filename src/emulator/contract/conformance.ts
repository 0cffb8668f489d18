// checkRequest(): one request held to the references the emulator copies — the published contract
// (contract-operations.ts) with what the seed, the vendor SDK and the contract's own quirks add
// (reference-operations.ts, reference-extensions.ts). It says which operation the request is, and
// every way it departs from it: an operation no reference documents, a query parameter, a content
// type, a body field or an enum value the references do not have. The emulator refuses on it; the
// conformance test counts it.
import { CONTRACT_OPERATIONS } from './contract-operations.js';
import type { ContractOperation, Extension, FieldTree } from './field-tree.js';
import { EXTENSIONS } from './reference-extensions.js';
import { REFERENCE_OPERATIONS } from './reference-operations.js';

export interface RequestFacts {
  method: string;
  /** After `/v3`, without the query. */
  path: string;
  query: Readonly<Record<string, string>>;
  /** The content-type header, parameters included. */
  contentType?: string;
  /** The parsed body (multipart: its fields by name); undefined when none was sent. */
  body: unknown;
}

type DeviationKind = 'operation' | 'query' | 'content-type' | 'field' | 'value';

interface Deviation {
  kind: DeviationKind;
  /** The parameter, content type or JSON pointer (array items as `*`) at fault. */
  at: string;
  message: string;
}

export interface Verdict {
  /** `METHOD /path` with `{}` for ids: the operation matched, when one is. */
  operation?: string;
  deviations: Deviation[];
}

interface Operation {
  op: string;
  segments: string[];
  query: Set<string>;
  bodies: Map<string, FieldTree>;
}

const OPERATIONS = buildOperations();

export function checkRequest(req: RequestFacts): Verdict {
  const operation = findOperation(req.method, req.path);
  if (!operation) {
    return {
      deviations: [
        {
          kind: 'operation',
          at: `${req.method} ${req.path}`,
          message: `${req.method} /v3${req.path} is not in the published API: no reference documents it (the emulator serves it with --allow-undocumented)`,
        },
      ],
    };
  }
  const deviations: Deviation[] = [];
  for (const name of Object.keys(req.query)) {
    if (!operation.query.has(name)) {
      deviations.push({
        kind: 'query',
        at: name,
        message: `query parameter ${name} is not one ${operation.op} declares${declared(operation.query)}`,
      });
    }
  }
  if (req.body !== undefined) {
    const media = mediaType(req.contentType);
    const tree = operation.bodies.get(media);
    if (tree === undefined) {
      const takes = [...operation.bodies.keys()];
      deviations.push({
        kind: 'content-type',
        at: media || '(none)',
        message:
          takes.length === 0
            ? `${operation.op} takes no body`
            : `${operation.op} takes ${takes.join(' or ')}, not ${media || 'a body without a content type'}`,
      });
    } else walk(req.body, tree, '', deviations);
  }
  return { operation: operation.op, deviations };
}

/** The media type of a content-type header, lower-cased, without parameters. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function declared(names: Set<string>): string {
  return names.size === 0 ? ' (it declares none)' : ` (${[...names].join(', ')})`;
}

function walk(value: unknown, tree: FieldTree, pointer: string, out: Deviation[]): void {
  if (tree === true || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, tree, `${pointer}/*`, out);
    return;
  }
  if (isEnum(tree)) {
    if (typeof value === 'object' || tree.includes(String(value))) return;
    out.push({
      kind: 'value',
      at: pointer,
      message: `${pointer} is ${JSON.stringify(value)}, not one of ${tree.join(', ')}`,
    });
    return;
  }
  if (typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${key}`;
    const sub = tree[key];
    if (sub === undefined) {
      out.push({ kind: 'field', at, message: `unknown field ${at}` });
      continue;
    }
    walk(child, sub, at, out);
  }
}

function isEnum(tree: FieldTree): tree is readonly string[] {
  return Array.isArray(tree);
}

function findOperation(method: string, path: string): Operation | undefined {
  const parts = path.split('/').filter((s) => s !== '');
  let best: { operation: Operation; literals: number } | undefined;
  for (const operation of OPERATIONS.get(method.toUpperCase()) ?? []) {
    if (operation.segments.length !== parts.length) continue;
    let literals = 0;
    const matches = operation.segments.every((segment, i) => {
      if (segment === '{}') return true;
      literals++;
      return segment === parts[i];
    });
    // A literal segment wins over a parameter (`/tables/source_tables` over `/tables/{}`).
    if (matches && (!best || literals > best.literals)) best = { operation, literals };
  }
  return best?.operation;
}

function buildOperations(): Map<string, Operation[]> {
  const byOp = new Map<string, Operation>();
  const add = (entry: ContractOperation, bodies = entry.bodies) => {
    const [, path = ''] = entry.op.split(' ');
    byOp.set(entry.op, {
      op: entry.op,
      segments: path.split('/').filter((s) => s !== ''),
      query: new Set(entry.query ?? []),
      bodies: new Map(Object.entries(bodies ?? {})),
    });
  };
  for (const entry of CONTRACT_OPERATIONS) add(entry);
  for (const entry of REFERENCE_OPERATIONS) {
    const like = entry.bodiesLike && CONTRACT_OPERATIONS.find((c) => c.op === entry.bodiesLike);
    if (entry.bodiesLike && !like)
      throw new Error(`reference-operations.ts: ${entry.bodiesLike} is no contract operation`);
    add(entry, like ? like.bodies : entry.bodies);
  }
  // Content types first: a field extension then applies to every body the operation takes.
  const ordered = [...EXTENSIONS].sort((a, b) => rank(a) - rank(b));
  for (const extension of ordered) {
    const operation = byOp.get(extension.op);
    if (!operation) throw new Error(`reference-extensions.ts: ${extension.op} is no operation`);
    extend(operation, extension);
  }
  const byMethod = new Map<string, Operation[]>();
  for (const operation of byOp.values()) {
    const method = operation.op.split(' ')[0] ?? '';
    byMethod.set(method, [...(byMethod.get(method) ?? []), operation]);
  }
  return byMethod;
}

function rank(extension: Extension): number {
  return 'content' in extension ? 0 : 'fields' in extension ? 1 : 2;
}

function extend(operation: Operation, extension: Extension): void {
  if ('query' in extension) for (const name of extension.query) operation.query.add(name);
  else if ('content' in extension) {
    const tree = extension.tree ?? operation.bodies.values().next().value ?? true;
    operation.bodies.set(extension.content, tree);
  } else if ('fields' in extension) {
    for (const [type, tree] of operation.bodies) {
      let extended = tree;
      for (const field of extension.fields)
        extended = withAt(extended, pointerParts(field), () => extension.tree ?? true);
      operation.bodies.set(type, extended);
    }
  } else {
    for (const [type, tree] of operation.bodies) {
      const more = extension.add;
      operation.bodies.set(
        type,
        withAt(tree, pointerParts(extension.values), (old) =>
          isEnum(old) ? [...new Set([...old, ...more])] : old,
        ),
      );
    }
  }
}

function pointerParts(pointer: string): string[] {
  return pointer.split('/').filter((s) => s !== '' && s !== '*');
}

/** A copy of `tree` with the node at `parts` replaced (made where missing); an open node stays open. */
function withAt(
  tree: FieldTree,
  parts: readonly string[],
  replace: (old: FieldTree) => FieldTree,
): FieldTree {
  const [head, ...rest] = parts;
  if (head === undefined) return replace(tree);
  if (tree === true) return true;
  const node: Record<string, FieldTree> = isEnum(tree) ? {} : { ...tree };
  const child = node[head];
  if (child !== undefined) node[head] = withAt(child, rest, replace);
  else node[head] = rest.length === 0 ? replace(true) : withAt({}, rest, replace);
  return node;
}

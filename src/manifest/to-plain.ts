// Turns one YAML document's node tree into plain JSON-like data plus a pointer → location map,
// refusing what a manifest never needs: anchors/aliases, tags beyond the core schema, prototype
// keys, non-scalar keys and nesting deeper than MAX_DEPTH. Never quotes source text.
import { isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node, type ParsedNode } from 'yaml';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { escapeSegment } from '../core/json-pointer.js';
import { MAX_DEPTH } from './limits.js';
import type { NodeLocation } from './locator.js';

const CORE_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`),
);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface PlainResult {
  value: unknown;
  nodes: Map<string, NodeLocation>;
  diagnostics: Diagnostic[];
}

interface Walk {
  file: string;
  lines: LineCounter;
  nodes: Map<string, NodeLocation>;
  diagnostics: Diagnostic[];
}

export function toPlain(root: ParsedNode | null, file: string, lines: LineCounter): PlainResult {
  const walk: Walk = { file, lines, nodes: new Map(), diagnostics: [] };
  const value = root ? convert(walk, root, '', 0) : null;
  return { value, nodes: walk.nodes, diagnostics: walk.diagnostics };
}

function locationOf(walk: Walk, node: Node | null | undefined): SourceLocation {
  const offset = node?.range?.[0] ?? 0;
  const { line, col } = walk.lines.linePos(offset);
  return { file: walk.file, line, col };
}

function refuse(walk: Walk, at: SourceLocation, summary: string, detail: string): undefined {
  walk.diagnostics.push({ severity: 'error', summary, detail, source: at });
  return undefined;
}

function convert(walk: Walk, node: Node, pointer: string, depth: number, key?: SourceLocation): unknown {
  const at = locationOf(walk, node);
  walk.nodes.set(pointer, key ? { key, value: at } : { value: at });
  if (isAlias(node) || (node as { anchor?: string }).anchor) {
    return refuse(
      walk,
      at,
      'YAML anchors and aliases are not supported in manifests',
      'Write the value out in full (anchors make small files expand into huge ones).',
    );
  }
  const tag = (node as { tag?: string }).tag;
  if (tag !== undefined && !CORE_TAGS.has(tag)) {
    return refuse(
      walk,
      at,
      `Unsupported YAML tag ${tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice(18)}` : tag}`,
      'Manifests use plain strings, numbers, booleans, lists and mappings; remove the tag.',
    );
  }
  if (depth > MAX_DEPTH) {
    return refuse(walk, at, `Nesting deeper than ${MAX_DEPTH} levels`, 'Manifests are never this deep.');
  }
  if (isScalar(node)) return scalarValue(walk, node.value, at);
  if (isSeq(node)) {
    const out: unknown[] = [];
    node.items.forEach((item, i) => {
      out.push(isNode(item) ? convert(walk, item, `${pointer}/${i}`, depth + 1) : null);
    });
    return out;
  }
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = mapKey(walk, pair.key);
      if (key === undefined) continue;
      const child = `${pointer}/${escapeSegment(key.name)}`;
      out[key.name] = isNode(pair.value)
        ? convert(walk, pair.value, child, depth + 1, key.at)
        : placeholder(walk, child, key.at);
    }
    return out;
  }
  return refuse(walk, at, 'Unsupported YAML node', 'Use plain scalars, lists and mappings.');
}

/** `key:` with nothing after it: null, located at the key. */
function placeholder(walk: Walk, pointer: string, key: SourceLocation): null {
  walk.nodes.set(pointer, { key, value: key });
  return null;
}

function mapKey(walk: Walk, node: unknown): { name: string; at: SourceLocation } | undefined {
  const at = locationOf(walk, isNode(node) ? node : undefined);
  if (!isScalar(node) || node.value === null || typeof node.value === 'object') {
    return refuse(walk, at, 'Mapping keys must be plain strings', 'Write the key as a plain word.');
  }
  const tag = node.tag;
  if (tag !== undefined && !CORE_TAGS.has(tag)) {
    return refuse(walk, at, `Unsupported YAML tag ${tag}`, 'Remove the tag from the key.');
  }
  if (node.anchor)
    return refuse(walk, at, 'YAML anchors are not supported in manifests', 'Remove the anchor.');
  const name = String(node.value);
  if (FORBIDDEN_KEYS.has(name)) {
    return refuse(
      walk,
      at,
      `The key "${name}" is not allowed`,
      '`__proto__`, `constructor` and `prototype` are refused as keys in manifests.',
    );
  }
  return { name, at };
}

function scalarValue(walk: Walk, value: unknown, at: SourceLocation): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    return refuse(walk, at, 'Infinite or NaN numbers are not allowed', 'Use a finite number.');
  }
  return refuse(walk, at, 'Unsupported YAML scalar', 'Use a string, number, boolean or null.');
}

function isNode(value: unknown): value is Node {
  return isScalar(value) || isMap(value) || isSeq(value) || isAlias(value);
}

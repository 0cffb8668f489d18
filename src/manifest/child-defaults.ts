// Defaults a parent manifest gives its children (a Source's `table_defaults`, see
// ResourceKind.childDefaults): merged under each child's `spec` before the child is validated, so
// validation, the plan and apply all see the merged spec. Precedence: the child's own values win;
// mappings merge key by key; lists and scalars are replaced whole. A problem in a defaulted value
// is located at the default that supplied it. Pure.
import type { SourceLocation } from '../core/diagnostic.js';
import { getPointer } from '../core/json-pointer.js';
import type { KindName } from '../kinds/index.js';
import { Locator } from './locator.js';
import { ancestorKindsIn, type KindRegistry } from './manifest.js';
import type { ParsedDocument } from './parse-yaml.js';

type Plain = Record<string, unknown>;

interface Defaults {
  value: Plain;
  /** The parent document's locator and the pointer of its defaults key. */
  locator: Locator;
  at: string;
}

export function mergeChildDefaults(
  documents: readonly ParsedDocument[],
  registry: KindRegistry,
): ParsedDocument[] {
  const defaults = new Map<string, Defaults>();
  for (const doc of documents) {
    const record = asPlain(doc.value);
    const kind = kindOf(record, registry);
    const key = kind && registry[kind]?.childDefaults?.key;
    const value = key ? asPlain(record?.[key]) : undefined;
    const parentKey = kind && value && identity(record, kind, registry, true);
    // A duplicate parent is reported by the rules; its first declaration's defaults apply.
    if (key && value && parentKey && !defaults.has(parentKey))
      defaults.set(parentKey, { value, locator: doc.locator, at: `/${key}` });
  }
  if (defaults.size === 0) return [...documents];
  return documents.map((doc) => {
    const record = asPlain(doc.value);
    const kind = kindOf(record, registry);
    if (!record || !kind) return doc;
    const parent = registry[kind]?.parent;
    const given =
      parent && registry[parent]?.childDefaults?.kind === kind
        ? identity(record, kind, registry, false)
        : undefined;
    const found = given ? defaults.get(given) : undefined;
    if (!found) return doc;
    const own = record.spec ?? {};
    const spec = merge(found.value, own);
    return { ...doc, value: { ...record, spec }, locator: new MergedLocator(doc.locator, record, found) };
  });
}

/** `base` under `over`: `over` wins; two mappings merge key by key; anything else is replaced. */
function merge(base: unknown, over: unknown): unknown {
  const a = asPlain(base);
  const b = asPlain(over);
  if (!a || !b) return over === undefined ? base : over;
  const out: Plain = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = merge(a[key], value);
  return out;
}

/**
 * The key that matches children to their parent: the parent's own address names (ancestors and
 * name) or, for a child, its ancestors' names.
 */
function identity(record: Plain | undefined, kind: KindName, registry: KindRegistry, self: boolean) {
  const metadata = asPlain(record?.metadata);
  if (!metadata) return undefined;
  const names = ancestorKindsIn(registry, kind).map((k) => metadata[registry[k]?.metadataKey ?? k]);
  if (self) names.push(metadata.name);
  return names.every((n) => typeof n === 'string') ? JSON.stringify(names) : undefined;
}

function kindOf(record: Plain | undefined, registry: KindRegistry): KindName | undefined {
  const kind = record?.kind;
  return typeof kind === 'string' && Object.hasOwn(registry, kind) ? (kind as KindName) : undefined;
}

function asPlain(value: unknown): Plain | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Plain) : undefined;
}

/** Locates a spec pointer in the child when the child writes it, else in the defaults that gave it. */
class MergedLocator extends Locator {
  constructor(
    private readonly own: Locator,
    private readonly record: Plain,
    private readonly defaults: Defaults,
  ) {
    super(own.file, () => new Map());
  }

  private fromDefaults(pointer: string): string | undefined {
    if (!pointer.startsWith('/spec/') || getPointer(this.record, pointer) !== undefined) return undefined;
    const rest = pointer.slice('/spec'.length);
    return getPointer(this.defaults.value, rest) === undefined ? undefined : `${this.defaults.at}${rest}`;
  }

  override value(pointer: string): SourceLocation | undefined {
    const there = this.fromDefaults(pointer);
    return there ? this.defaults.locator.value(there) : this.own.value(pointer);
  }

  override key(pointer: string): SourceLocation | undefined {
    const there = this.fromDefaults(pointer);
    return there ? this.defaults.locator.key(there) : this.own.key(pointer);
  }
}

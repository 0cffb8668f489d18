// Spec defaults, merged under each manifest's own spec before it is validated, so validation, the
// plan and apply all see the merged spec. Two sources, lowest precedence first: dpac.yaml's
// `defaults` (by kind and name pattern, in file order), then the defaults a parent gives its
// children (a Source's `table_defaults`, see ResourceKind.childDefaults); the manifest's own values
// win. Mappings merge key by key; lists and scalars are replaced whole. A problem in a defaulted
// value is located at the default that supplied it. Pure.
import type { SourceLocation } from '../core/diagnostic.js';
import { getPointer } from '../core/json-pointer.js';
import type { KindName } from '../kinds/index.js';
import { Locator } from './locator.js';
import { ancestorKindsIn, type KindRegistry } from './manifest.js';
import { matchesPattern } from './name-pattern.js';
import type { ParsedDocument } from './parse-yaml.js';
import type { SpecDefaults } from './project-config.js';

type Plain = Record<string, unknown>;

/** One layer of defaults: its values and where they are written (locator and pointer). */
interface Layer {
  value: Plain;
  locator: Locator;
  at: string;
}

export interface ProjectDefaults {
  defaults: readonly SpecDefaults[];
  /** dpac.yaml's locator (its entries are located at `/defaults/<i>/spec`). */
  locator?: Locator;
}

export function mergeDefaults(
  documents: readonly ParsedDocument[],
  registry: KindRegistry,
  project: ProjectDefaults = { defaults: [] },
): ParsedDocument[] {
  const parents = parentDefaults(documents, registry);
  if (parents.size === 0 && project.defaults.length === 0) return [...documents];
  return documents.map((doc) => {
    const record = asPlain(doc.value);
    const kind = kindOf(record, registry);
    if (!record || !kind) return doc;
    const layers: Layer[] = [];
    const metadata = asPlain(record.metadata);
    const ancestors = namesOf(record, kind, registry);
    if (project.locator && ancestors && typeof metadata?.name === 'string') {
      const named = { kind, ancestors, name: metadata.name };
      project.defaults.forEach((d, i) => {
        if (matchesPattern(d, named))
          layers.push({ value: d.spec, locator: project.locator as Locator, at: `/defaults/${i}/spec` });
      });
    }
    const parent = registry[kind]?.parent;
    const fromParent =
      parent && registry[parent]?.childDefaults?.kind === kind && ancestors
        ? parents.get(JSON.stringify(ancestors))
        : undefined;
    if (fromParent) layers.push(fromParent);
    if (layers.length === 0) return doc;
    const spec = layers.reduceRight<unknown>((over, layer) => merge(layer.value, over), record.spec ?? {});
    // What the document's own text says about `$` no longer holds once defaults are merged in.
    const { withoutDollar: _, ...own } = doc;
    return { ...own, value: { ...record, spec }, locator: new MergedLocator(doc.locator, record, layers) };
  });
}

/** The defaults each parent document gives its children, by the parent's names (ancestors + name). */
function parentDefaults(documents: readonly ParsedDocument[], registry: KindRegistry): Map<string, Layer> {
  const out = new Map<string, Layer>();
  for (const doc of documents) {
    const record = asPlain(doc.value);
    const kind = kindOf(record, registry);
    const key = kind && registry[kind]?.childDefaults?.key;
    const value = key ? asPlain(record?.[key]) : undefined;
    const names = kind && value && namesOf(record, kind, registry);
    const name = asPlain(record?.metadata)?.name;
    if (!key || !value || !names || typeof name !== 'string') continue;
    const id = JSON.stringify([...names, name]);
    // A duplicate parent is reported by the rules; its first declaration's defaults apply.
    if (!out.has(id)) out.set(id, { value, locator: doc.locator, at: `/${key}` });
  }
  return out;
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

/** The names of a document's ancestors (from its metadata), when all are written. */
function namesOf(record: Plain | undefined, kind: KindName, registry: KindRegistry): string[] | undefined {
  const metadata = asPlain(record?.metadata);
  if (!metadata) return undefined;
  const names = ancestorKindsIn(registry, kind).map((k) => metadata[registry[k]?.metadataKey ?? k]);
  return names.every((n): n is string => typeof n === 'string') ? names : undefined;
}

function kindOf(record: Plain | undefined, registry: KindRegistry): KindName | undefined {
  const kind = record?.kind;
  return typeof kind === 'string' && Object.hasOwn(registry, kind) ? (kind as KindName) : undefined;
}

function asPlain(value: unknown): Plain | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Plain) : undefined;
}

/**
 * Locates a spec pointer in the manifest when it writes the value, else in the layer of highest
 * precedence that supplied it.
 */
class MergedLocator extends Locator {
  constructor(
    private readonly own: Locator,
    private readonly record: Plain,
    private readonly layers: readonly Layer[],
  ) {
    super(own.file, () => new Map());
  }

  private supplier(pointer: string): { layer: Layer; pointer: string } | undefined {
    if (!pointer.startsWith('/spec/') || getPointer(this.record, pointer) !== undefined) return undefined;
    const rest = pointer.slice('/spec'.length);
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i] as Layer;
      if (getPointer(layer.value, rest) !== undefined) return { layer, pointer: `${layer.at}${rest}` };
    }
    return undefined;
  }

  override value(pointer: string): SourceLocation | undefined {
    const from = this.supplier(pointer);
    return from ? from.layer.locator.value(from.pointer) : this.own.value(pointer);
  }

  override key(pointer: string): SourceLocation | undefined {
    const from = this.supplier(pointer);
    return from ? from.layer.locator.key(from.pointer) : this.own.key(pointer);
  }
}

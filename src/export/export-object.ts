// One live object → one manifest document: secrets as placeholders, schema key order, defaults
// omitted, `${` escaped; then proved: parsing the document back must give a desired spec that
// plans no change against the live object. Pure.
import { escapeSegment, toPointer } from '../core/json-pointer.js';
import { compareOptionsOf } from '../diff/compare-options.js';
import { compareSpecs, type FieldChange } from '../diff/compare-specs.js';
import { ancestorKinds, KINDS, type KindName, policyOf } from '../kinds/index.js';
import type { LiveObject } from '../live/live-object.js';
import { safeParse } from '../manifest/fast-parse.js';
import { type Canonical, type OmitMemo, omitNeutral } from './omit-neutral.js';
import type { ExportDocument } from './render-documents.js';
import { placeSecrets, type SecretVariable } from './secret-placeholders.js';
import { stripDefaults } from './strip-defaults.js';

export type ExportedObject =
  | {
      ok: true;
      document: ExportDocument;
      /** The desired spec the document parses to (what refs() and the plan see). */
      desired: Record<string, unknown>;
      variables: SecretVariable[];
      /** Fields a plan would still change after adopting this document (a projection bug). */
      differs: FieldChange[];
    }
  | { ok: false; why: string };

/** State shared by the objects of one export. */
export interface ExportContext {
  /** Secret variable names handed out so far. */
  takenNames: Set<string>;
  /** One omission memo per kind. */
  memos: Map<KindName, OmitMemo>;
}

export function exportObject(obj: LiveObject, context: ExportContext): ExportedObject {
  const kind = KINDS[obj.kind];
  // The spec omitNeutral settles on was parsed on the way (it is the input or a neutral trial):
  // its canonical form is reused rather than parsed once more.
  const parsedForms = new WeakMap<object, unknown>();
  const canonical: Canonical = (spec) => {
    const parsed = safeParse(kind.spec, spec);
    const form = parsed.success ? (kind.normalize ? kind.normalize(parsed.data) : parsed.data) : undefined;
    parsedForms.set(spec, form);
    return form;
  };
  const placed = placeSecrets({
    kind: obj.kind,
    address: obj.address,
    names: [...obj.ancestors, obj.name],
    spec: obj.spec,
    schema: kind.spec,
    secrets: policyOf(kind).secret,
    raw: obj.raw,
    taken: context.takenNames,
  });
  const shaped = stripDefaults(placed.spec, kind.spec) as Record<string, unknown>;
  const holdsSecret = (pointer: string) =>
    placed.pointers.some((p) => p === pointer || p.startsWith(`${pointer}/`));
  const memo: OmitMemo = context.memos.get(obj.kind) ?? new Map();
  context.memos.set(obj.kind, memo);
  const spec = omitNeutral(shaped, { canonical, keep: holdsSecret, memo });

  const desired = (parsedForms.get(spec) ?? canonical(spec)) as Record<string, unknown> | undefined;
  if (desired === undefined) {
    const issue = kind.spec.safeParse(spec).error?.issues[0];
    const at = issue ? toPointer(issue.path) : '';
    return {
      ok: false,
      why: `its live configuration does not fit the manifest schema (${at}: ${issue?.message})`,
    };
  }
  const differs = compareSpecs(desired, obj.spec, compareOptionsOf(obj.kind));
  return {
    ok: true,
    document: {
      kind: obj.kind,
      metadata: metadataOf(obj),
      spec: escapeInterpolation(spec, '', holdsSecret) as Record<string, unknown>,
    },
    desired,
    variables: placed.variables,
    differs,
  };
}

/** `name`, then each ancestor under its kind's metadata key, outermost first. */
export function metadataOf(obj: Pick<LiveObject, 'kind' | 'name' | 'ancestors'>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { name: obj.name };
  ancestorKinds(obj.kind).forEach((k, i) => {
    metadata[KINDS[k].metadataKey] = obj.ancestors[i];
  });
  return metadata;
}

/** A live `${` would be read as a reference: manifests spell a literal one `$${`. Secrets are left alone. */
function escapeInterpolation(
  value: unknown,
  pointer: string,
  isSecret: (pointer: string) => boolean,
): unknown {
  // Most specs hold no `${` at all: they are kept as they are, without a copy or a pointer per field.
  if (!holdsInterpolation(value)) return value;
  if (typeof value === 'string') return isSecret(pointer) ? value : value.replaceAll('${', () => '$${');
  if (Array.isArray(value)) return value.map((v, i) => escapeInterpolation(v, `${pointer}/${i}`, isSecret));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${escapeSegment(key)}`;
      out[key] = escapeInterpolation(child, at, isSecret);
    }
    return out;
  }
  return value;
}

function holdsInterpolation(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${');
  if (Array.isArray(value)) return value.some(holdsInterpolation);
  if (value !== null && typeof value === 'object') {
    for (const key in value) if (holdsInterpolation((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

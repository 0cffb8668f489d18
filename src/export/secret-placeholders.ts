// Secrets are never exported: each write-only field an exported object needs becomes a
// `${env.NAME}` placeholder. NAME rule (documented in docs/adopting.md): KIND, parent names, name
// and the field's JSON pointer, in upper snake case, e.g. Source sales_db /connection/password →
// SOURCE_SALES_DB_CONNECTION_PASSWORD; a clash with an earlier name gets _2, _3...
import type { z } from 'zod';
import type { PointerPatterns } from '../core/field-policy.js';
import { getPointer, parsePointer, setPointer, toPointer } from '../core/json-pointer.js';
import type { KindName, LiveRecord } from '../kinds/kind.js';

export interface SecretVariable {
  /** Environment variable the user must set before plan/apply. */
  name: string;
  address: string;
  /** JSON pointer of the field in the spec. */
  pointer: string;
}

export interface PlaceSecretsInput {
  kind: KindName;
  address: string;
  /** Ancestor names then name. */
  names: readonly string[];
  spec: Record<string, unknown>;
  schema: z.ZodType;
  /** The kind's secret fields. */
  secrets: PointerPatterns;
  raw: LiveRecord;
  /** Names already handed out in this export (updated). */
  taken: Set<string>;
}

export interface PlacedSecrets {
  spec: Record<string, unknown>;
  variables: SecretVariable[];
  /** Pointers now holding a placeholder or a secret-store reference (never escaped or trimmed). */
  pointers: string[];
}

/** Upper snake case of one name part: `salesDb-EU.v2` → `SALES_DB_EU_V2`. */
function upperSnake(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export function secretVariableName(kind: KindName, names: readonly string[], pointer: string): string {
  const parts = [kind, ...names, ...parsePointer(pointer)].map(upperSnake).filter((p) => p !== '');
  return parts.join('_');
}

/**
 * A secret gets a placeholder when live shows it is set (the read echoes cipher text or a
 * secret-store reference) or when the schema requires it (a user's password, a schedule user's
 * token); a placeholder the schema rejects for this variant is taken back.
 */
export function placeSecrets(input: PlaceSecretsInput): PlacedSecrets {
  const candidates = input.secrets.slotsIn(input.spec);
  // Nothing to place and nothing the schema could ask for: most objects (a table has no secret).
  if (candidates.length === 0) return { spec: input.spec, variables: [], pointers: [] };
  let spec = input.spec;
  const placed = new Map<string, unknown>();
  const put = (pointer: string, value: unknown) => {
    placed.set(pointer, value);
    spec = setPointer(spec, pointer, value);
  };
  const placeholderFor = (pointer: string) =>
    `\${env.${secretVariableName(input.kind, input.names, pointer)}}`;

  for (const pointer of candidates) {
    const evidence = liveSecret(input.raw, pointer);
    if (evidence === undefined) continue;
    put(pointer, isStoreReference(evidence) ? evidence : placeholderFor(pointer));
  }
  const take = (pointer: string) => {
    placed.delete(pointer);
    spec = setPointer(spec, pointer, undefined);
  };
  for (let round = 0; round < 3; round++) {
    const result = input.schema.safeParse(spec);
    if (result.success) break;
    let changed = false;
    for (const issue of result.error.issues) {
      const at = issue.path.map(String);
      const pointer = toPointer(at);
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const rejected = toPointer([...at, key]);
          if (placed.has(rejected)) {
            take(rejected);
            changed = true;
          }
        }
      } else if (placed.has(pointer)) {
        take(pointer);
        changed = true;
      } else if (candidates.includes(pointer) && getPointer(spec, pointer) === undefined) {
        put(pointer, placeholderFor(pointer));
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Names are handed out last, so a placeholder taken back above never reserves one.
  const variables: SecretVariable[] = [];
  for (const [pointer, value] of placed) {
    if (typeof value !== 'string') continue;
    const name = reserve(input, pointer);
    spec = setPointer(spec, pointer, `\${env.${name}}`);
    variables.push({ name, address: input.address, pointer });
  }
  return { spec, variables, pointers: [...placed.keys()] };
}

function reserve(input: PlaceSecretsInput, pointer: string): string {
  const base = secretVariableName(input.kind, input.names, pointer);
  let name = base;
  for (let n = 2; input.taken.has(name); n++) name = `${base}_${n}`;
  input.taken.add(name);
  return name;
}

/**
 * What live holds for a secret, found by the pointer's last two segments anywhere in the raw
 * record (list item, detail or sub-documents): enough to tell `cluster_authentication_details/
 * password` from `password` without knowing each kind's API layout.
 */
function liveSecret(raw: LiveRecord, pointer: string): unknown {
  const segments = parsePointer(pointer).filter((s) => !/^\d+$/.test(s));
  const suffix = segments.slice(-2);
  return findSuffix({ item: raw.item, ...raw.docs }, suffix, 0);
}

function findSuffix(node: unknown, suffix: readonly string[], depth: number): unknown {
  if (node === null || typeof node !== 'object' || depth > 12) return undefined;
  if (!Array.isArray(node)) {
    const hit = suffix.reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' && !Array.isArray(at)
          ? (at as Record<string, unknown>)[key]
          : undefined,
      node,
    );
    if (hit !== undefined && hit !== null && hit !== '') return hit;
  }
  for (const child of Object.values(node)) {
    const found = findSuffix(child, suffix, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A secret-store or service-authentication reference is not a secret: it is exported as it is. */
function isStoreReference(value: unknown): value is Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.password_type === 'secret_store' && typeof v.secret_id === 'string' && Object.keys(v).length === 2) ||
    (v.password_type === 'service_authentication' &&
      typeof v.service_auth_id === 'string' &&
      Object.keys(v).length === 2)
  );
}

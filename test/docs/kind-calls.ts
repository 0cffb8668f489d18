// Every API path the kinds read and write, as `METHOD /path` with ids as `{}`: read paths from each
// kind's read spec, write paths from create, update (from an empty spec, so every document is
// written) and remove over a set of manifests that uses every field family.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Address, IdRef, makeAddress } from '../../src/core/address.js';
import type { CallDraft } from '../../src/core/call.js';
import { KIND_NAMES, KINDS, type KindName } from '../../src/kinds/index.js';
import type { IdExpr, WriteContext } from '../../src/kinds/kind.js';
import { loadManifests } from '../../src/manifest/load-manifests.js';
import { RICH_MANIFESTS } from '../export/rich-platform.js';

export interface KindCall {
  kind: KindName;
  /** `GET /sources/{}/tables` */
  call: string;
  /** What is sent, for a write: the drafted call (its path and body still hold placeholders). */
  draft?: CallDraft;
}

/** Ids, placeholders and `{slot}`s become `{}`; the query is dropped. */
export function normalizePath(p: string): string {
  return p
    .split('?')[0]!
    .replace(/\$\{[^}]+\}/g, '{}')
    .replace(/\/advance\/[^/]+$/, '/advance/{}')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/$/, '');
}

/** The features the shipped examples and the rich platform leave out. */
const EXTRA = `apiVersion: dpac/v1
kind: Table
metadata:
  name: clicks_table
  source: events_stream
spec:
  source_table:
    table_name: clicks
    schema_name: events
  schema:
    columns:
      - name: id
        target_sql_type: 12
        description: Click id.
    column_order: [id]
  streaming:
    state: enabled
    streaming_frequency: minutes
    streaming_value: 5
---
apiVersion: dpac/v1
kind: GenericSourceType
metadata:
  name: uploaded
spec:
  driver_class_name: org.example.Driver
  upload_option: fileUpload
  files: [driver.jar]
`;

export async function kindCalls(): Promise<KindCall[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpac-coverage-'));
  try {
    await cp(path.resolve('examples'), path.join(dir, 'examples'), { recursive: true });
    await writeFile(path.join(dir, 'examples/rich.yaml'), `${RICH_MANIFESTS}\n---\n${EXTRA}`);
    await writeFile(path.join(dir, 'examples/driver.jar'), 'driver');
    const loaded = await loadManifests({
      cwd: dir,
      paths: ['examples'],
      env: new Proxy({}, { get: () => 'value' }),
    });
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new Error(errors.map((d) => d.summary).join('\n'));
    const out: KindCall[] = [];
    const add = (kind: KindName, method: string, p: string, draft?: CallDraft) =>
      out.push({ kind, call: `${method} ${normalizePath(p)}`, ...(draft ? { draft } : {}) });
    for (const kind of KIND_NAMES) {
      const read = KINDS[kind].read;
      for (const p of [read.list, read.detail, ...Object.values(read.documents ?? {})])
        if (p) add(kind, 'GET', p);
    }
    for (const m of loaded.manifests) {
      const kind = KINDS[m.kind];
      const ctx = contextFor(m.kind, m.name);
      const spec = m.spec as Record<string, unknown>;
      const calls = [
        ...kind.create(spec, ctx),
        ...kind.update({}, spec, new Set(Object.keys(spec)), ctx),
        ...kind.remove(spec, ctx),
      ];
      for (const c of calls) add(m.kind, c.method, c.path, c);
      // Lists emptied, then every item's value changed: the calls that remove and rewrite sub-items.
      for (const after of [emptied(spec), revalued(spec)]) {
        for (const c of kind.update(spec, after, new Set(Object.keys(spec)), ctx))
          add(m.kind, c.method, c.path, c);
      }
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function emptied(spec: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, Array.isArray(v) ? [] : v]));
}

/** Items of top-level lists with a `value` get another one (advanced configurations). */
function revalued(spec: Record<string, unknown>): Record<string, unknown> {
  const change = (item: unknown) =>
    item && typeof item === 'object' && 'value' in item
      ? { ...item, value: `${String(item.value)}-changed` }
      : item;
  return Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, Array.isArray(v) ? v.map(change) : v]));
}

/** Every id is one not created yet (an IdRef, as the engine gives it), so paths show placeholders. */
function contextFor(kind: KindName, name: string): WriteContext {
  const ancestors: Partial<Record<KindName, IdExpr>> = {};
  for (const k of KIND_NAMES) ancestors[k] = new IdRef(makeAddress(k, [], 'x'));
  return {
    name,
    self: new IdRef(makeAddress(kind, [], name)),
    ancestors,
    idOf: (address: Address) => new IdRef(address),
    idAt: (pointer: string) => new IdRef(makeAddress('Ref', [], pointer)),
  };
}

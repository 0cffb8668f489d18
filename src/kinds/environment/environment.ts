// Environment: a platform + compute engine pairing with its connection, metastore and optional
// data warehouse. Written whole (POST, then PATCH of the full managed document), as real clients do.
import { type Address, makeAddress } from '../../core/address.js';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath, type WriteContext } from '../kind.js';
import { platformName } from '../shared/fields.js';
import { auditMarker } from '../shared/ownership.js';
import { renameByName } from '../shared/rename-call.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { type EnvironmentSpec, environmentObject, environmentSpec } from './schema.js';

export type { EnvironmentSpec } from './schema.js';

const ITEM = '/admin/environment/{id}';
const CLONE_FROM = '/clone_from';

/** Secrets live throughout the document, so the whole managed document is re-sent. */
function patchCall(s: EnvironmentSpec, ctx: WriteContext): CallDraft {
  const { platform: _platform, compute_engine: _engine, clone_from: _clone, ...patch } = s;
  return { method: 'PATCH', path: renderPath(ITEM, pathIds(ctx)), body: { name: ctx.name, ...patch } };
}

/** The environment a create copies (`clone_from`), if any. */
function cloneOf(s: EnvironmentSpec): Address | undefined {
  return s.clone_from === undefined ? undefined : makeAddress('Environment', [], s.clone_from);
}

export const Environment = defineKind<EnvironmentSpec>({
  kind: 'Environment',
  description: 'An environment: where data is stored and processed (platform, compute engine, metastore).',
  metadataKey: 'environment',
  name: platformName,
  spec: environmentSpec,
  // The PATCH variants of the v3 API carry neither field.
  ownership: auditMarker('no tags or free-form properties'),
  cloneSource: cloneOf,
  refs: (s) => {
    const from = cloneOf(s);
    return from ? [{ address: from, path: CLONE_FROM }] : [];
  },
  // With fetch_all the list holds full documents (connection, metastore), so no per-item GET.
  writes: ['POST /admin/environment', 'PATCH /admin/environment/{}', 'DELETE /admin/environment/{}'],
  read: { list: '/admin/environment?fetch_all=true' },
  fromApi: ({ item }) => projectLive(item, environmentObject),
  // Desired specs are folded the same way, so an empty string declared is an empty string read.
  normalize: (s) => projectToSchema(s, environmentObject) as EnvironmentSpec,
  create: (s, ctx) => {
    const { clone_from: cloneFrom, ...spec } = s;
    if (cloneFrom === undefined) {
      return [
        { method: 'POST', path: '/admin/environment', body: { name: ctx.name, ...spec }, creates: true },
      ];
    }
    // A clone copies the source's document and ignores the body but the name; the PATCH then
    // makes the copy what the manifest declares.
    const path = `/admin/environment?resource_id_to_clone=${ctx.idAt(CLONE_FROM)}`;
    return [
      { method: 'POST', path, body: { name: ctx.name }, creates: true, note: `clone of ${cloneFrom}` },
      patchCall(spec, ctx),
    ];
  },
  update: (_before, after, _changed, ctx) => [patchCall(after, ctx)],
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
  // The PATCH is partial: `{name}` alone renames without re-sending the secrets.
  rename: renameByName(ITEM),
});

// The API calls that create, update and delete a source: the source document, then its connection,
// tags and description, advanced configurations and domain access, each by its own call. Pure.

import { makeAddress } from '../../core/address.js';
import type { CallDraft } from '../../core/call.js';
import { pathIds, renderPath, type WriteContext } from '../kind.js';
import { advancedCalls } from '../shared/advanced-configurations.js';
import { sortedSet } from '../shared/canonical.js';
import { createMetadataCall, updateMetadataCalls } from '../shared/metadata-call.js';
import type { SourceConnection } from './connection-schema.js';
import { type SourceSpec, sourceObject } from './schema.js';

export const SOURCE = '/sources/{id}';

// Written with their own calls, or fixed at creation: never in a PATCH of the source.
const SEPARATE = new Set(['connection', 'advanced_configurations', 'tags', 'domains', 'description']);
const FIXED = new Set(['type', 'sub_type', 'environment', 'storage']);
const BODY_KEYS = Object.keys(sourceObject.shape).filter((k) => !SEPARATE.has(k) && !FIXED.has(k));

export function createSourceCalls(s: SourceSpec, ctx: WriteContext): CallDraft[] {
  const item = renderPath(SOURCE, pathIds(ctx));
  return [
    {
      method: 'POST',
      path: '/sources',
      body: {
        name: ctx.name,
        type: s.type,
        sub_type: s.sub_type,
        data_lake_path: s.data_lake_path,
        data_lake_schema: s.data_lake_schema ?? '',
        environment_id: ctx.idAt('/environment'),
        storage_id: ctx.idAt('/storage'),
        is_source_ingested: true,
        ...bodyFields(s, BODY_KEYS),
      },
      creates: true,
      note: 'source',
    },
    ...(s.connection ? [connectionCall(item, s.connection)] : []),
    createMetadataCall(`${item}/metadata`, s),
    ...advancedCalls(`${item}/configurations/advance`, [], s.advanced_configurations ?? []),
    ...domainCalls(ctx, [], s.domains ?? []),
  ];
}

export function updateSourceCalls(
  before: SourceSpec,
  after: SourceSpec,
  changed: ReadonlySet<string>,
  ctx: WriteContext,
): CallDraft[] {
  const item = renderPath(SOURCE, pathIds(ctx));
  const calls: CallDraft[] = [];
  const patch = bodyFields(
    after,
    BODY_KEYS.filter((k) => changed.has(k)),
  );
  if (changed.has('storage')) patch.storage_id = ctx.idAt('/storage');
  if (Object.keys(patch).length > 0) calls.push({ method: 'PATCH', path: item, body: patch, note: 'source' });
  // The connection holds secrets, so it is always written whole.
  if (changed.has('connection') && after.connection) calls.push(connectionCall(item, after.connection));
  calls.push(...updateMetadataCalls(`${item}/metadata`, { before, after, changed }));
  if (changed.has('advanced_configurations') && after.advanced_configurations) {
    const base = `${item}/configurations/advance`;
    calls.push(...advancedCalls(base, before.advanced_configurations ?? [], after.advanced_configurations));
  }
  if (changed.has('domains') && after.domains)
    calls.push(...domainCalls(ctx, before.domains ?? [], after.domains));
  return calls;
}

export function removeSourceCalls(ctx: WriteContext): CallDraft[] {
  return [{ method: 'DELETE', path: renderPath(SOURCE, pathIds(ctx)), note: 'source' }];
}

function bodyFields(s: SourceSpec, keys: readonly string[]): Record<string, unknown> {
  const record = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
  return out;
}

function connectionCall(item: string, connection: SourceConnection): CallDraft {
  return { method: 'PUT', path: `${item}/configurations/connection`, body: connection, note: 'connection' };
}

/** Access is granted per domain: POST grants, DELETE revokes. */
function domainCalls(ctx: WriteContext, before: readonly string[], after: readonly string[]): CallDraft[] {
  const grant = (domain: string, method: 'POST' | 'DELETE'): CallDraft => ({
    method,
    path: `/domains/${ctx.idOf(makeAddress('Domain', [], domain))}/accessible-sources`,
    body: { entity_ids: [ctx.self] },
    note: `domain access ${domain}`,
  });
  return [
    ...sortedSet(after)
      .filter((d) => !before.includes(d))
      .map((d) => grant(d, 'POST')),
    ...sortedSet(before)
      .filter((d) => !after.includes(d))
      .map((d) => grant(d, 'DELETE')),
  ];
}

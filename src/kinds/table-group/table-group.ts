// TableGroup: tables of one source ingested together on one compute, optionally on a schedule.
import { type Address, makeAddress } from '../../core/address.js';
import { defineKind, type Ref, type RefContext } from '../kind.js';
import { sortedBy } from '../shared/canonical.js';
import { asRecord, liveText } from '../shared/live-values.js';
import {
  createTableGroupCalls,
  removeTableGroupCalls,
  renameTableGroupCalls,
  TABLE_GROUP,
  TABLE_GROUPS,
  updateTableGroupCalls,
} from './calls.js';
import { normalizeTableGroup, tableGroupFromApi } from './projection.js';
import { type TableGroupSpec, tableGroupSpec } from './schema.js';

export type { TableGroupSpec } from './schema.js';

export const TableGroup = defineKind<TableGroupSpec>({
  kind: 'TableGroup',
  description: 'A table group: tables of one source ingested together on one compute, optionally scheduled.',
  parent: 'Source',
  metadataKey: 'table_group',
  spec: tableGroupSpec,
  // Owned with its source, unless it lists another project's tables; under a source dpac does not
  // own, owned when every table it lists is dpac's (a team's groups over its own tables).
  ownership: {
    proof: 'parent',
    members: (spec, ancestors) =>
      (Array.isArray(spec.tables) ? (spec.tables as { table: string }[]) : []).map((t) =>
        makeAddress('Table', ancestors, t.table),
      ),
  },
  refs: (s, ctx) => {
    const source = ctx.ancestors[0];
    if (source === undefined) return [];
    const refs: Ref[] = [];
    const compute = computeAddress(s.compute, source, ctx);
    if (compute !== undefined) refs.push({ address: compute, path: '/compute' });
    // Paths follow the canonical (sorted) order, the order create() and update() write tables in.
    sortedBy(s.tables, 'table').forEach((t, i) => {
      refs.push({ address: makeAddress('Table', [source], t.table), path: `/tables/${i}/table` });
    });
    if (s.schedule?.user !== undefined)
      refs.push({ address: makeAddress('User', [], s.schedule.user), path: '/schedule/user' });
    return refs;
  },
  writes: [
    'POST /sources/{}/table-groups',
    'PUT /sources/{}/table-groups/{}',
    'PUT /sources/{}/table-groups/{}/schedules/enable',
    'PUT /sources/{}/table-groups/{}/schedules/disable',
    'PUT /sources/{}/table-groups/{}/schedules/user',
    'DELETE /sources/{}/table-groups/{}',
  ],
  read: {
    list: TABLE_GROUPS,
    documents: { schedule: `${TABLE_GROUP}/schedules` },
    documentKeys: { schedule: ['schedule'] },
  },
  fromApi: tableGroupFromApi,
  normalize: normalizeTableGroup,
  create: createTableGroupCalls,
  update: updateTableGroupCalls,
  remove: (_before, ctx) => removeTableGroupCalls(ctx),
  rename: renameTableGroupCalls,
});

/** A compute is named within the source's environment; templates win over clusters of the same name. */
function computeAddress(compute: string, source: string, ctx: RefContext): Address | undefined {
  const env = liveText(asRecord(ctx.declared(makeAddress('Source', [], source)))?.environment);
  if (env === undefined) return undefined;
  const template = makeAddress('ComputeTemplate', [env], compute);
  const cluster = makeAddress('InteractiveCluster', [env], compute);
  if (ctx.declared(template) !== undefined) return template;
  return ctx.declared(cluster) !== undefined ? cluster : template;
}

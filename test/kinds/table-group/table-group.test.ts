import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { KindName, NameLookup, RefContext, WriteContext } from '../../../src/kinds/kind.js';
import { TableGroup, type TableGroupSpec } from '../../../src/kinds/table-group/table-group.js';
import { pending } from '../shared/id-refs.js';

const SOURCE = '${Source/sales_db.id}';
const SELF = '${TableGroup/sales_db/sales_nightly.id}';
const ITEM = `/sources/${SOURCE}/table-groups/${SELF}`;

const weekly = {
  start_date: '01/05/2026',
  start_hour: 2,
  start_min: 30,
  repeat_interval_unit: 'WEEK',
  repeat_interval_measure: 1,
  specified_days: [1, 3, 5],
};
const enableBody = {
  schedule_status: 'enabled',
  ...weekly,
  repeat_on_last_day: false,
  ends: false,
  is_custom_job: false,
};

const manifest = {
  compute: 'etl-small',
  max_connections: 4,
  max_parallel_entities: 2,
  tables: [
    { table: 'orders', connection_quota: 30 },
    { table: 'customers', connection_quota: 40 },
    { table: 'events', connection_quota: 30 },
  ],
  schedule: weekly,
};

function parse(input: unknown): TableGroupSpec {
  return TableGroup.normalize!(TableGroup.spec.parse(input));
}

function refContext(declared: Record<string, unknown>): RefContext {
  return { ancestors: ['sales_db'], declared: (address) => declared[address] };
}

const declaredAll = {
  'Source/sales_db': { environment: 'prod' },
  'ComputeTemplate/prod/etl-small': {},
};

/** The engine's write context: ids are placeholders, idAt resolves through refs() as the engine does. */
function writeContext(spec: TableGroupSpec): WriteContext {
  const refs = TableGroup.refs(spec, refContext(declaredAll));
  const idOf = pending;
  return {
    name: 'sales_nightly',
    self: pending('TableGroup/sales_db/sales_nightly'),
    ancestors: { Source: pending('Source/sales_db') },
    idOf,
    idAt: (pointer) => {
      const ref = refs.find((r) => r.path === pointer);
      if (!ref) throw new Error(`no ref at ${pointer}`);
      return idOf(ref.address);
    },
  };
}

const groupBody = {
  name: 'sales_nightly',
  environment_compute_template: { environment_compute_template_id: '${ComputeTemplate/prod/etl-small.id}' },
  max_connections: 4,
  max_parallel_entities: 2,
  tables: [
    { table_id: '${Table/sales_db/customers.id}', connection_quota: 40 },
    { table_id: '${Table/sales_db/events.id}', connection_quota: 30 },
    { table_id: '${Table/sales_db/orders.id}', connection_quota: 30 },
  ],
};

describe('TableGroup schema', () => {
  it('accepts a realistic group and applies the documented defaults', () => {
    const s = TableGroup.spec.parse({ compute: 'etl-small', tables: [{ table: 'orders' }] });
    expect(s).toEqual({
      compute: 'etl-small',
      max_connections: 1,
      max_parallel_entities: 1,
      tables: [{ table: 'orders' }],
    });
  });

  it('refuses a table listed twice, at the second entry', () => {
    const r = TableGroup.spec.safeParse({ ...manifest, tables: [...manifest.tables, { table: 'orders' }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('/'), i.message])).toEqual([
      ['tables/3/table', 'table orders is listed twice in tables: list each table once'],
    ]);
  });

  it('refuses a connection quota above 100 percent and max_connections below 1', () => {
    const r = TableGroup.spec.safeParse({
      ...manifest,
      max_connections: 0,
      tables: [{ table: 'orders', connection_quota: 101 }],
    });
    expect(r.error?.issues.map((i) => i.path.join('/'))).toEqual([
      'max_connections',
      'tables/0/connection_quota',
    ]);
  });

  it('reports a schedule rule at its path inside the group', () => {
    const r = TableGroup.spec.safeParse({ ...manifest, schedule: { ...weekly, specified_days: [9] } });
    expect(r.error?.issues.map((i) => [i.path.join('/'), i.message])).toEqual([
      [
        'schedule/specified_days/0',
        'specified_days must list weekdays 0–6 (0 = Sunday) when repeat_interval_unit is WEEK',
      ],
    ]);
  });

  it('refuses a field the API does not have', () => {
    const r = TableGroup.spec.safeParse({ ...manifest, environment_compute_template_id: 'x' });
    expect(r.error?.issues[0]?.message).toContain('environment_compute_template_id');
  });

  it('sorts tables by name as a set', () => {
    expect(parse(manifest).tables.map((t) => t.table)).toEqual(['customers', 'events', 'orders']);
  });
});

describe('TableGroup refs', () => {
  const s = parse({ ...manifest, schedule: { ...weekly, user: 'bob@example.com', user_token: '${env.T}' } });

  it('resolves the compute to a compute template of the source environment', () => {
    expect(TableGroup.refs(s, refContext(declaredAll))).toEqual([
      { address: 'ComputeTemplate/prod/etl-small', path: '/compute' },
      { address: 'Table/sales_db/customers', path: '/tables/0/table' },
      { address: 'Table/sales_db/events', path: '/tables/1/table' },
      { address: 'Table/sales_db/orders', path: '/tables/2/table' },
      { address: 'User/bob@example.com', path: '/schedule/user' },
    ]);
  });

  it('resolves the compute to an interactive cluster when only a cluster of that name is declared', () => {
    const ctx = refContext({
      'Source/sales_db': { environment: 'prod' },
      'InteractiveCluster/prod/etl-small': {},
    });
    expect(TableGroup.refs(s, ctx)[0]).toEqual({
      address: 'InteractiveCluster/prod/etl-small',
      path: '/compute',
    });
  });

  it('falls back to a compute template address when neither is declared, so validation names it', () => {
    const ctx = refContext({ 'Source/sales_db': { environment: 'dev' } });
    expect(TableGroup.refs(s, ctx)[0]).toEqual({
      address: 'ComputeTemplate/dev/etl-small',
      path: '/compute',
    });
  });

  it('leaves out the compute when the source is not declared', () => {
    const refs = TableGroup.refs(s, refContext({}));
    expect(refs.map((r) => r.path)).toEqual([
      '/tables/0/table',
      '/tables/1/table',
      '/tables/2/table',
      '/schedule/user',
    ]);
  });
});

describe('TableGroup create', () => {
  it('posts the group, makes dpac the schedule user, then enables the schedule', () => {
    const s = parse(manifest);
    expect(TableGroup.create(s, writeContext(s))).toEqual([
      { method: 'POST', path: `/sources/${SOURCE}/table-groups`, body: groupBody, creates: true },
      { method: 'PUT', path: `${ITEM}/schedules/user`, note: 'schedule user' },
      { method: 'PUT', path: `${ITEM}/schedules/enable`, body: enableBody, note: 'schedule' },
    ]);
  });

  it('sets a named schedule user by re-sending the group with their token reference', () => {
    const s = parse({
      ...manifest,
      query_tag: 'dpac',
      schedule: { ...weekly, user: 'bob@example.com', user_token: '${env.BOB_TOKEN}' },
    });
    expect(TableGroup.create(s, writeContext(s))).toEqual([
      {
        method: 'POST',
        path: `/sources/${SOURCE}/table-groups`,
        body: { ...groupBody, query_tag: 'dpac' },
        creates: true,
      },
      {
        method: 'PUT',
        path: ITEM,
        body: {
          ...groupBody,
          query_tag: 'dpac',
          scheduler_username: 'bob@example.com',
          scheduler_auth_token: '${env.BOB_TOKEN}',
        },
        note: 'table group',
      },
      { method: 'PUT', path: `${ITEM}/schedules/enable`, body: enableBody, note: 'schedule' },
    ]);
  });

  it('sends no schedule call for a paused schedule on a new group (it reads back as paused)', () => {
    const s = parse({ ...manifest, schedule: { enabled: false } });
    expect(TableGroup.create(s, writeContext(s)).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /sources/${SOURCE}/table-groups`,
    ]);
  });
});

describe('TableGroup update', () => {
  /** Live as fromApi reports it: a schedule user is always visible, tokens never are. */
  const liveWith = (user: string, extra: Partial<TableGroupSpec> = {}): TableGroupSpec => {
    const desired = parse(manifest);
    return { ...desired, ...extra, schedule: { ...desired.schedule!, user } };
  };
  const live = parse({ ...manifest, schedule: undefined });
  const liveWithUser = liveWith('admin@dpac.local');

  it('only re-enables the schedule when only its timing changed', () => {
    const after = parse({ ...manifest, schedule: { ...weekly, start_min: 45 } });
    const calls = TableGroup.update(liveWithUser, after, new Set(['schedule']), writeContext(after));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `${ITEM}/schedules/enable`,
        body: { ...enableBody, start_min: 45 },
        note: 'schedule',
      },
    ]);
  });

  it('only replaces the group when only its tables changed', () => {
    const after = parse({ ...manifest, tables: manifest.tables.slice(0, 2) });
    const calls = TableGroup.update(liveWithUser, after, new Set(['tables']), writeContext(after));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: ITEM,
        body: { ...groupBody, tables: [groupBody.tables[0], groupBody.tables[2]] },
        note: 'table group',
      },
    ]);
  });

  it('disables the schedule when enabled turns false', () => {
    const after = parse({ ...manifest, schedule: { ...weekly, enabled: false } });
    const calls = TableGroup.update(liveWithUser, after, new Set(['schedule']), writeContext(after));
    expect(calls).toEqual([{ method: 'PUT', path: `${ITEM}/schedules/disable`, note: 'schedule' }]);
  });

  it('makes dpac the schedule user when enabling a schedule live has no user for', () => {
    const unscheduled: TableGroupSpec = { ...live, schedule: { enabled: false } };
    const after = parse(manifest);
    const calls = TableGroup.update(unscheduled, after, new Set(['schedule']), writeContext(after));
    expect(calls.map((c) => c.path)).toEqual([`${ITEM}/schedules/user`, `${ITEM}/schedules/enable`]);
  });

  it('changes a named schedule user with the group PUT alone when the timing is unchanged', () => {
    const after = parse({
      ...manifest,
      schedule: { ...weekly, user: 'bob@example.com', user_token: '${env.BOB}' },
    });
    const calls = TableGroup.update(liveWithUser, after, new Set(['schedule']), writeContext(after));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: ITEM,
        body: { ...groupBody, scheduler_username: 'bob@example.com', scheduler_auth_token: '${env.BOB}' },
        note: 'table group',
      },
    ]);
  });

  it('re-sends the schedule user token whenever the group document is written', () => {
    const before = liveWith('bob@example.com');
    const after = parse({
      ...manifest,
      max_connections: 8,
      schedule: { ...weekly, user: 'bob@example.com', user_token: '${env.BOB}' },
    });
    const calls = TableGroup.update(before, after, new Set(['max_connections']), writeContext(after));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: ITEM,
        body: {
          ...groupBody,
          max_connections: 8,
          scheduler_username: 'bob@example.com',
          scheduler_auth_token: '${env.BOB}',
        },
        note: 'table group',
      },
    ]);
  });

  it('keeps live optional fields the manifest leaves unmanaged, and leaves an omitted schedule alone', () => {
    const before = liveWith('admin@dpac.local', { warehouse: 'ETL_WH', query_tag: 'nightly' });
    const after = parse({ ...manifest, max_parallel_entities: 3, schedule: undefined });
    const calls = TableGroup.update(before, after, new Set(['max_parallel_entities']), writeContext(after));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: ITEM,
        body: { ...groupBody, max_parallel_entities: 3, query_tag: 'nightly', warehouse: 'ETL_WH' },
        note: 'table group',
      },
    ]);
  });
});

describe('TableGroup remove', () => {
  it('deletes the group', () => {
    const s = parse(manifest);
    expect(TableGroup.remove(s, writeContext(s))).toEqual([
      { method: 'DELETE', path: ITEM, note: 'table group' },
    ]);
  });
});

describe('TableGroup fromApi', () => {
  const ids: Record<string, string> = {
    'ComputeTemplate:64c0ffee0000000000000001': 'etl-small',
    'InteractiveCluster:64c0ffee0000000000000002': 'interactive-dev',
    'Table:64aa00000000000000000001': 'customers',
    'Table:64aa00000000000000000002': 'events',
    'Table:64aa00000000000000000003': 'orders',
  };
  const names: NameLookup = { nameOf: (kind: KindName, id: string) => ids[`${kind}:${id}`] };
  const audit = {
    created_at: '2026-01-02T10:00:00.000Z',
    created_by: '6RkfybTRQQByEey3v',
    modified_at: '2026-01-02T10:00:00.000Z',
    modified_by: '',
  };
  const storedTable = (n: number, quota: number) => ({
    table_id: `64aa0000000000000000000${n}`,
    connection_quota: quota,
    sync_type: 'incremental',
    state: 'ready',
    schema_name_at_source: 'dbo',
  });
  const item = {
    id: '65bb00000000000000000009',
    name: 'sales_nightly',
    source: '65aa00000000000000000001',
    environment_compute_template: { environment_compute_template_id: '64c0ffee0000000000000001' },
    compute_cluster_name: 'etl-small',
    max_connections: 4,
    max_parallel_entities: 2,
    tables: [storedTable(3, 30), storedTable(1, 40), storedTable(2, 30)],
    query_tag: 'dpac',
    warehouse: 'ETL_WH',
    scheduler_username: 'bob@example.com',
    ...audit,
  };
  const scheduleContent = {
    entity_id: item.id,
    schedule_type: 'table-group-cdc',
    schedule_username: 'bob@example.com',
    schedule_details: {
      schedule_status: 'enabled',
      ...weekly,
      specified_days: [1, 3, 5],
      repeat_on_last_day: false,
      ends: true,
      end_date: '12/31/2026',
      end_hour: 23,
      end_min: 0,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '01:00',
        ends_daily_at: '05:00',
        repeat_interval_measure: 1,
        repeat_interval_unit: 'HOUR',
      },
    },
  };
  const everyField = {
    ...manifest,
    query_tag: 'dpac',
    warehouse: 'ETL_WH',
    schedule: {
      ...weekly,
      user: 'bob@example.com',
      user_token: '${env.BOB_TOKEN}',
      ends: true,
      end_date: '12/31/2026',
      end_hour: 23,
      end_min: 0,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '01:00',
        ends_daily_at: '05:00',
        repeat_interval_measure: 1,
        repeat_interval_unit: 'HOUR',
      },
    },
  };
  const withoutToken = (s: TableGroupSpec) => ({ ...s, schedule: { ...s.schedule!, user_token: undefined } });

  it('round-trips a spec using every field through what the API stores (the token aside)', () => {
    const live = TableGroup.fromApi({ id: item.id, item, docs: { schedule: scheduleContent } }, names);
    expect(live).toEqual(JSON.parse(JSON.stringify(withoutToken(parse(everyField)))));
  });

  it('reads the schedule document whether or not it is still wrapped in result', () => {
    const wrapped = { message: 'Schedule found', ...scheduleContent, result: scheduleContent };
    const fromWrapped = TableGroup.fromApi(
      { id: item.id, item, docs: { schedule: { result: scheduleContent } } },
      names,
    );
    const fromBoth = TableGroup.fromApi({ id: item.id, item, docs: { schedule: wrapped } }, names);
    expect(fromWrapped.schedule).toEqual(fromBoth.schedule);
    expect(fromWrapped.schedule?.user).toBe('bob@example.com');
  });

  it('names an interactive cluster and keeps unknown ids raw so the diff shows them', () => {
    const odd = {
      ...item,
      environment_compute_template: { environment_compute_template_id: { $oid: '64c0ffee0000000000000002' } },
      tables: [{ table_id: '64ffffffffffffffffffffff' }],
      max_connections: '4',
      query_tag: '',
    };
    const live = TableGroup.fromApi({ id: item.id, item: odd, docs: {} }, names);
    expect(live).toEqual({
      compute: 'interactive-dev',
      max_connections: 4,
      max_parallel_entities: 2,
      warehouse: 'ETL_WH',
      tables: [{ table: '64ffffffffffffffffffffff' }],
    });
  });
});

describe('the sales_nightly example', () => {
  it('parses into the weekly Mon/Wed/Fri group on etl-small', () => {
    const text = readFileSync(
      new URL('../../../examples/sources/sales_db/table-groups.yaml', import.meta.url),
      'utf8',
    );
    const docs = parseAllDocuments(text).map((d) => d.toJS());
    const doc = docs.find((d) => d.kind === 'TableGroup' && d.metadata.name === 'sales_nightly');
    expect(doc?.metadata.source).toBe('sales_db');
    expect(parse(doc.spec)).toEqual(
      parse({ ...manifest, schedule: { ...weekly, enabled: true, specified_days: [5, 3, 1] } }),
    );
  });
});

// fast-check arbitraries for platforms within the manifest schema: sources of two types with tables
// (full loads, appends, merges with derived partitions), advanced configurations, tags and table
// groups with schedules of every repeat unit. Free text is hostile: `${`, quotes, YAML keywords.
import fc from 'fast-check';
import { stringify } from 'yaml';

export interface GeneratedPlatform {
  /** Manifest documents as plain objects, semantic values (a literal `${` is still `${`). */
  documents: Record<string, unknown>[];
}

const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s.length > 0),
  fc.constantFrom(
    'yes',
    'no',
    'null',
    '10',
    '0x1F',
    'cost in ${currency}',
    'a: b',
    '- item',
    'it\'s "quoted"',
    '#hash',
    'ünïcödé ✓',
  ),
);
const tag = fc.stringMatching(/^[a-z][a-z0-9:_-]{0,12}$/).filter((t) => t !== 'managed-by:dpac');

const advanced = fc.uniqueArray(
  fc.record(
    { key: ident, value: text, description: text, is_active: fc.boolean() },
    { requiredKeys: ['key', 'value'] },
  ),
  { selector: (a) => a.key, maxLength: 3 },
);

const ingestion = (table: string) =>
  fc
    .oneof(
      fc.constant({ sync_type: 'full-load' }),
      fc.record({
        sync_type: fc.constant('incremental'),
        update_strategy: fc.constant('append'),
        watermark_columns: fc.constant(['updated_at']),
      }),
      fc.record({
        sync_type: fc.constant('incremental'),
        update_strategy: fc.constant('merge'),
        natural_keys: fc.constant(['id']),
        watermark_columns: fc.constant(['updated_at']),
        partition_keys: fc.constantFrom(
          [{ parent_column: 'created_at', derive_format: 'yyyyMM' }],
          [{ parent_column: 'created_at', derive_format: 'yyyy' }, { partition_column: 'region' }],
        ),
      }),
    )
    .map((i) => ({ ...i, storage_format: 'delta', target_schema_name: 'gen', target_table_name: table }));

const day = fc.integer({ min: 1, max: 28 }).map((d) => `03/${String(d).padStart(2, '0')}/2026`);
const schedule = fc.oneof(
  fc.constant({ enabled: false }),
  fc.record({
    start_date: day,
    start_hour: fc.integer({ min: 0, max: 23 }),
    start_min: fc.integer({ min: 0, max: 59 }),
  }),
  fc.record({
    start_date: day,
    start_hour: fc.integer({ min: 0, max: 23 }),
    start_min: fc.integer({ min: 0, max: 59 }),
    repeat_interval_unit: fc.constantFrom('MINUTE', 'HOUR', 'DAY'),
    repeat_interval_measure: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({
    start_date: day,
    start_hour: fc.integer({ min: 0, max: 23 }),
    start_min: fc.integer({ min: 0, max: 59 }),
    repeat_interval_unit: fc.constant('WEEK'),
    repeat_interval_measure: fc.integer({ min: 1, max: 4 }),
    specified_days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  }),
);

const table = fc.record(
  {
    name: ident,
    description: text,
    tags: fc.uniqueArray(tag, { maxLength: 3 }),
    advanced_configurations: advanced,
  },
  { requiredKeys: ['name'] },
);

const source = fc.record({
  name: ident,
  type: fc.constantFrom('rdbms', 'file'),
  description: fc.option(text, { nil: undefined }),
  tags: fc.uniqueArray(tag, { maxLength: 3 }),
  advanced_configurations: advanced,
  tables: fc.uniqueArray(table, { selector: (t) => t.name, maxLength: 4 }),
  grouped: fc.boolean(),
  max_connections: fc.integer({ min: 1, max: 8 }),
  schedule: fc.option(schedule, { nil: undefined }),
});

export const platformArbitrary: fc.Arbitrary<GeneratedPlatform> = fc
  .uniqueArray(source, { selector: (s) => s.name, minLength: 1, maxLength: 3 })
  .chain((sources) =>
    fc
      .tuple(...sources.map((s) => fc.tuple(...s.tables.map((t) => ingestion(t.name)))))
      .map((ingestions) => ({
        documents: sources.flatMap((s, i) => sourceDocuments(s, ingestions[i] ?? [])),
      })),
  );

type SourceInput = typeof source extends fc.Arbitrary<infer T> ? T : never;

function sourceDocuments(
  s: SourceInput,
  ingestions: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  const file = s.type === 'file';
  const doc = (kind: string, metadata: Record<string, unknown>, spec: Record<string, unknown>) => ({
    apiVersion: 'dpac/v1',
    kind,
    metadata,
    spec,
  });
  const docs = [
    doc(
      'Source',
      { name: s.name },
      clean({
        type: s.type,
        sub_type: file ? 'structured' : 'mysql',
        description: s.description,
        data_lake_path: `/iw/sources/${s.name}`,
        environment: 'prod',
        storage: 'lake',
        connection: file
          ? { source_base_path: `/data/${s.name}`, storage: { storage_type: 'dbfs' } }
          : {
              connection_mode: 'jdbc',
              connection_url: `jdbc:mysql://${s.name}.internal:3306/${s.name}`,
              username: 'reader',
              password: '${env.GEN_DB_PASSWORD}',
              database: 'MYSQL',
              driver_name: 'com.mysql.cj.jdbc.Driver',
            },
        tags: s.tags,
        advanced_configurations: s.advanced_configurations,
      }),
    ),
  ];
  s.tables.forEach((t, i) => {
    docs.push(
      doc(
        'Table',
        { name: t.name, source: s.name },
        clean({
          description: t.description,
          ...(file
            ? {
                file: {
                  source_relative_path: `/${t.name}`,
                  source_file_type: 'csv',
                  target_relative_path: `/${t.name}`,
                },
              }
            : { source_table: { schema_name: 'gen', table_name: t.name } }),
          tags: t.tags,
          ingestion: ingestions[i],
          advanced_configurations: t.advanced_configurations,
        }),
      ),
    );
  });
  if (s.grouped && s.tables.length > 0)
    docs.push(
      doc(
        'TableGroup',
        { name: `${s.name}_group`, source: s.name },
        clean({
          compute: 'etl-small',
          max_connections: s.max_connections,
          tables: s.tables.map((t) => ({ table: t.name })),
          schedule: s.schedule,
        }),
      ),
    );
  return docs;
}

function clean(spec: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined));
}

/** YAML text of the documents; free text spells a literal `${` as `$${`, as manifests must. */
export function toYaml(platform: GeneratedPlatform): string {
  const escaped = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.startsWith('${env.') ? value : value.replaceAll('${', () => '$${');
    if (Array.isArray(value)) return value.map(escaped);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escaped(v)]));
    return value;
  };
  return platform.documents.map((d) => stringify(escaped(d), { version: '1.2' })).join('---\n');
}

// A table read back (the list item holds its identity, tags, description, the configuration
// document with file and ingestion keys together, export_configuration and columns) and the
// canonical form both sides of a diff are folded into. Sub-documents are projected onto their
// schemas; the code here only says what the API says differently from the manifest.
import type { LiveRecord, NameLookup, SpecProblem } from '../kind.js';
import { advancedFromApi, sortAdvanced } from '../shared/advanced-configurations.js';
import { compact, sortedBy, sortedSet } from '../shared/canonical.js';
import { asArray, asRecord, liveBoolean, liveStrings, liveText } from '../shared/live-values.js';
import { projectLive } from '../shared/spec-projection.js';
import type { IngestionSpec } from './ingestion-schema.js';
import {
  type DerivedKeyForm,
  type DerivedShape,
  functionOf,
  PARTITION_KEY,
  SPLIT_KEY,
} from './partitioning-schema.js';
import { type TableSpec, tableSpec } from './schema.js';

export function tableFromApi({ item, docs }: LiveRecord, names: NameLookup): TableSpec {
  const config = asRecord(item.configuration) ?? {};
  const isFile = isFileConfiguration(config);
  const columns = columnsOf(item.columns);
  // Only these two spec fields are read as the item has them; a spread of the whole item (thirty
  // keys, per table of 10k) cost more than the projection itself.
  const live = {
    description: item.description,
    tags: item.tags,
    source_table: isFile ? undefined : sourceTableOf(item, config),
    file: isFile ? fileOf(config) : undefined,
    ingestion: liveText(config.sync_type) === undefined ? undefined : ingestionOf(config),
    export: exportOf(item.export_configuration, names),
    schema: { columns, column_order: columnOrderOf(columns) },
    // The streaming GET answers the table's status with the stored configuration beside it.
    streaming: asRecord(docs.streaming)?.configuration,
  };
  const spec = projectLive<TableSpec>(live, tableSpec);
  // Not normalized here: reading applies the kind's `normalize` next (once per table of 10k). The
  // projection is a fresh object, so it takes the advanced configurations without another copy.
  const advanced = advancedFromApi(docs.advanced);
  if (advanced !== undefined) spec.advanced_configurations = advanced;
  return spec;
}

/** Canonical form: sets sorted, table types upper-cased, derived keys naming their function and column. */
export function normalizeTable(s: TableSpec): TableSpec {
  // One copy (both sides of 10k tables pass here), then the members that change are replaced.
  const out = compact(s);
  if (s.source_table)
    out.source_table = { ...s.source_table, table_type: s.source_table.table_type.toUpperCase() };
  if (s.tags) out.tags = sortedSet(s.tags);
  if (s.ingestion) out.ingestion = normalizeIngestion(s.ingestion);
  if (s.schema)
    out.schema = {
      ...s.schema,
      columns: s.schema.columns && sortedBy(s.schema.columns.map(clearedDescription), 'name'),
    };
  if (s.advanced_configurations) out.advanced_configurations = sortAdvanced(s.advanced_configurations);
  return out;
}

/**
 * The API drops an empty description, so live never shows one: an empty description in a manifest
 * is `null`, which compares equal to "none" and still differs from any text (so it clears it).
 */
function clearedDescription<C extends { description?: string | null }>(column: C): C {
  return column.description === '' ? { ...column, description: null } : column;
}

function normalizeIngestion(s: IngestionSpec): IngestionSpec {
  const engines = (list: string[]) => sortedSet(list.map((e) => e.toUpperCase()));
  const out = compact(s);
  if (s.partition_keys)
    out.partition_keys = s.partition_keys.map((p) => normalizeDerivedKey(p, PARTITION_KEY));
  if (s.split_by_key) out.split_by_key = normalizeDerivedKey(s.split_by_key, SPLIT_KEY);
  if (s.read_supported_engines) out.read_supported_engines = engines(s.read_supported_engines);
  if (s.write_supported_engines) out.write_supported_engines = engines(s.write_supported_engines);
  return out;
}

/** Canonical form of a partition or split key: a derived key always names its function and column. */
export function normalizeDerivedKey<K extends DerivedShape>(key: K, form: DerivedKeyForm): K {
  if (key.parent_column === undefined) return key;
  const column = (key as Record<string, unknown>)[form.column] ?? form.derivedColumn;
  return compact({
    ...key,
    derive_function: key.derive_function ?? functionOf(key.derive_format),
    [form.column]: column,
  });
}

/** A live table is a file table when its configuration says where the files are. */
function isFileConfiguration(config: Record<string, unknown>): boolean {
  return (
    liveText(config.source_file_type) !== undefined || liveText(config.source_relative_path) !== undefined
  );
}

/**
 * The source table under its API names. The list item does not echo the table type, so a live
 * table without one is read as the default TABLE rather than left out (which would diff forever).
 */
function sourceTableOf(item: Record<string, unknown>, config: Record<string, unknown>) {
  return {
    table_name: liveText(item.original_table_name) ?? item.name,
    schema_name: item.schema_name_at_source,
    catalog_name: item.catalog_name,
    table_type: liveText(item.table_type) ?? liveText(config.table_type) ?? 'TABLE',
  };
}

/** Mainframe payloads spell the subfolder flag include_subdirectories; the file-mapping endpoint, widths singular. */
function fileOf(config: Record<string, unknown>) {
  const properties = asRecord(config.source_file_properties);
  return {
    ...config,
    ingest_subdirectories: config.ingest_subdirectories ?? config.include_subdirectories,
    source_file_properties: properties && {
      ...properties,
      columns_configurations: properties.columns_configurations ?? properties.columns_configuration,
    },
  };
}

/**
 * Real payloads list watermark columns; the spec's singular string is read as a one-column list.
 * Full-load tables may keep a stale update_strategy the platform ignores.
 */
function ingestionOf(config: Record<string, unknown>) {
  return {
    ...config,
    watermark_columns: liveStrings(config.watermark_columns) ?? config.watermark_column,
    update_strategy: config.sync_type === 'full-load' ? undefined : config.update_strategy,
    partition_keys:
      config.partition_keys && asArray(config.partition_keys).map((p) => derivedKeyOf(p, PARTITION_KEY)),
    split_by_key: derivedKeyOf(config.split_by_key, SPLIT_KEY),
  };
}

/**
 * The API flags a derived key (`is_derived_partition`); the spec tells it by `parent_column`. Bare
 * column names occur; `null` and a lone `{is_derived_split: false}` mean "no key".
 */
function derivedKeyOf(value: unknown, form: DerivedKeyForm): unknown {
  if (typeof value === 'string') return { [form.column]: value };
  const item = asRecord(value);
  if (!item) return undefined;
  if (liveBoolean(item[form.flag]) ?? liveText(item.parent_column) !== undefined) return item;
  const column = liveText(item[form.column]) ?? (form.columnAlias && liveText(item[form.columnAlias]));
  return column === undefined ? undefined : { [form.column]: column };
}

/** No export without a sync type; the data connection is named rather than given by id. */
function exportOf(value: unknown, names: NameLookup) {
  const live = asRecord(value);
  if (liveText(live?.sync_type) === undefined) return undefined;
  const connection = asRecord(live?.connection);
  const id = liveText(connection?.data_connection_id);
  return {
    ...live,
    connection: id === undefined ? connection : { data_connection: names.nameOf('DataConnection', id) ?? id },
  };
}

/**
 * Every column the platform crawled except its audit columns and deleted ones. The diff compares
 * only the columns a manifest lists (by name): a manifest lists overrides, not the whole table.
 */
function columnsOf(value: unknown): Record<string, unknown>[] {
  return asArray(value)
    .map((c) => asRecord(c) ?? {})
    .filter((column) => {
      const crawled = liveBoolean(column.is_audit_column) !== true && liveBoolean(column.is_deleted) !== true;
      return crawled && liveText(column.name) !== undefined;
    });
}

/** Those columns' names by `target_column_order` (their list position where it is missing). */
function columnOrderOf(columns: readonly Record<string, unknown>[]): string[] {
  const position = (c: Record<string, unknown>, i: number) =>
    typeof c.target_column_order === 'number' ? c.target_column_order : i + 1;
  return columns
    .map((c, i) => ({ name: String(c.name), at: position(c, i) }))
    .sort((a, b) => a.at - b.at)
    .map((c) => c.name);
}

/**
 * A column order may name only columns the table has (live, or added by an override of the same
 * manifest, which is written first); the API would refuse the move at apply.
 */
export function unknownOrderedColumns(desired: TableSpec, live: TableSpec): SpecProblem[] {
  const known = new Set([
    ...(live.schema?.column_order ?? []),
    ...(desired.schema?.columns ?? []).map((c) => c.name),
  ]);
  const problems: SpecProblem[] = [];
  (desired.schema?.column_order ?? []).forEach((name, i) => {
    if (known.has(name)) return;
    problems.push({
      path: `/schema/column_order/${i}`,
      message: `column_order names ${name}, which the table does not have`,
      fix: `Use one of its columns (${[...known].join(', ') || 'none yet'}), or remove ${name}.`,
    });
  });
  return problems;
}

/** A source's live item or spec: streaming sources (Kafka, Confluent) have type `streaming`. */
export function isStreamingSource(source: Record<string, unknown>): boolean {
  return source.type === 'streaming';
}

export function streamingOnlyUnderStreamingSource(
  spec: TableSpec,
  source: Record<string, unknown>,
): SpecProblem[] {
  if (spec.streaming === undefined || isStreamingSource(source)) return [];
  return [
    {
      path: '/streaming',
      message: `streaming is only for tables of streaming sources, and its source is of type ${String(source.type)} (sub_type ${String(source.sub_type)})`,
      fix: 'Remove the streaming block, or move the table to a Kafka or Confluent source.',
    },
  ];
}

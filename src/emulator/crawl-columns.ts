// The metadata crawl the platform runs when source tables are added: the table's columns as the
// source reports them (seed.ts holds the catalogue), in the stored column shape, followed by the
// two audit columns the platform adds to every table. Deterministic: the same table, the same set.
import { GENERIC_SOURCE_COLUMNS, SOURCE_TABLE_COLUMNS, type SourceColumn } from './seed.js';

/** Date and timestamp columns carry a format (java.sql.Types 91 date, 93 timestamp). */
const FORMATS: Readonly<Record<number, string>> = { 91: 'yyyy-MM-dd', 93: 'yyyy-MM-dd HH:mm:ss' };

const AUDIT_COLUMNS: readonly SourceColumn[] = [
  { name: 'ziw_target_timestamp', sql_type: 93, col_type_name: 'timestamp' },
  { name: 'ziw_is_deleted', sql_type: 16, col_type_name: 'boolean' },
];

/** The crawled columns of the source table `tableName`, audit columns last. */
export function crawlColumns(tableName: string): Record<string, unknown>[] {
  const found = SOURCE_TABLE_COLUMNS[tableName.toLowerCase()] ?? GENERIC_SOURCE_COLUMNS;
  const columns = [...found.map((c) => [c, false] as const), ...AUDIT_COLUMNS.map((c) => [c, true] as const)];
  return columns.map(([c, audit], i) => storedColumn(c, audit, i + 1));
}

function numeric(precision: number, scale: number): Record<string, unknown> {
  return { precision, scale, target_precision: String(precision), target_scale: String(scale) };
}

/** Target types start as the source types; precision and scale are strings, as real exports show. */
function storedColumn(c: SourceColumn, audit: boolean, order: number): Record<string, unknown> {
  const format = FORMATS[c.sql_type];
  return {
    name: c.name,
    original_name: c.name,
    sql_type: c.sql_type,
    target_sql_type: c.sql_type,
    col_type_name: c.col_type_name,
    ...(c.col_size === undefined ? {} : { col_size: c.col_size }),
    ...(c.precision === undefined ? {} : numeric(c.precision, c.scale ?? 0)),
    target_column_order: order,
    is_deleted: false,
    is_audit_column: audit,
    is_excluded_column: false,
    ...(format === undefined ? {} : { format }),
  };
}

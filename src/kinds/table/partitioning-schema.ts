// Partition keys and the split-by key of a table's ingestion: plain or derived from a date column.
// Schemas with precise messages and the documented derive_format → derive_function map.
import { z } from 'zod';

const DERIVE_FORMATS = ['dd', 'MM', 'yyyy', 'yyyyMM', 'MMdd', 'yyyyMMdd'] as const;
type DeriveFormat = (typeof DERIVE_FORMATS)[number];

/** The derive_format → derive_function map the v3 API documents for derived partitions. */
const DERIVE_FUNCTIONS: Readonly<Record<DeriveFormat, string>> = {
  dd: 'day num in month',
  MM: 'month',
  yyyy: 'year',
  yyyyMM: 'year month',
  MMdd: 'month day',
  yyyyMMdd: 'year month day',
};

/** Name the platform gives a derived partition column unless told otherwise. */
const DERIVED_PARTITION_COLUMN = 'iw_partition_column';
/** Name the platform gives a derived split column (the only value seen in real payloads). */
const DERIVED_SPLIT_COLUMN = 'iwDerivedColumn';

const SPLIT_FORMATS = [...DERIVE_FORMATS, 'mod', 'hashamp_hashbucket_hashrow'] as const;
const column = z.string().min(1);

/** The documented derive_function of a date derive_format. */
export function functionOf(format: string | undefined): string | undefined {
  return format !== undefined && format in DERIVE_FUNCTIONS
    ? DERIVE_FUNCTIONS[format as DeriveFormat]
    : undefined;
}

/** The fields a partition key and a split key share: plain by column, or derived from a parent column. */
export interface DerivedShape {
  parent_column?: string | undefined;
  derive_format?: string | undefined;
  derive_function?: string | undefined;
}

/** How the API spells one of the two keys: its column field, its derived flag, its derived column. */
export interface DerivedKeyForm {
  column: 'partition_column' | 'split_column';
  flag: 'is_derived_partition' | 'is_derived_split';
  /** The name a derived column gets unless the manifest names it. */
  derivedColumn: string;
  /** Another spelling of the column field seen in payloads. */
  columnAlias?: string;
}

export const PARTITION_KEY: DerivedKeyForm = {
  column: 'partition_column',
  flag: 'is_derived_partition',
  derivedColumn: DERIVED_PARTITION_COLUMN,
  columnAlias: 'partitionKeyColumn',
};

export const SPLIT_KEY: DerivedKeyForm = {
  column: 'split_column',
  flag: 'is_derived_split',
  derivedColumn: DERIVED_SPLIT_COLUMN,
};

/** Rules shared by partition and split keys: derived needs a parent and a format, and a matching function. */
function checkDerived(
  value: DerivedShape,
  plainColumn: string,
  ctx: z.RefinementCtx,
  plainHas: boolean,
): void {
  if (value.parent_column === undefined) {
    if (value.derive_format !== undefined || value.derive_function !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['parent_column'],
        message: 'a derived key needs parent_column (the date column it derives from)',
      });
    } else if (!plainHas) {
      ctx.addIssue({
        code: 'custom',
        path: [plainColumn],
        message: `give ${plainColumn}, or parent_column + derive_format`,
      });
    }
    return;
  }
  if (value.derive_format === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['derive_format'],
      message: `a derived key needs derive_format (one of ${DERIVE_FORMATS.join(', ')})`,
    });
    return;
  }
  const documented = functionOf(value.derive_format);
  if (documented === undefined && value.derive_function === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['derive_function'],
      message: `derive_format ${value.derive_format} has no documented derive_function; give derive_function`,
    });
  } else if (
    documented !== undefined &&
    value.derive_function !== undefined &&
    value.derive_function !== documented
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['derive_function'],
      message: `derive_format ${value.derive_format} derives '${documented}'; set derive_function to that or omit it`,
    });
  }
}

export const partitionKey = z
  .object({
    partition_column: column
      .optional()
      .describe(
        `Plain: the column to partition by. Derived: name of the derived column (default ${DERIVED_PARTITION_COLUMN}).`,
      ),
    parent_column: column
      .optional()
      .describe('Derived partition: the date/time column the partition derives from.'),
    derive_format: z
      .enum(DERIVE_FORMATS, { error: `derive_format must be one of ${DERIVE_FORMATS.join(', ')}` })
      .optional()
      .describe('Derived partition: the date part to partition by (dd, MM, yyyy, yyyyMM, MMdd, yyyyMMdd).'),
    derive_function: z
      .enum(Object.values(DERIVE_FUNCTIONS) as [string, ...string[]])
      .optional()
      .describe('Derived partition: the function for derive_format; derived from it when omitted.'),
  })
  .strict()
  .superRefine((p, ctx) => checkDerived(p, 'partition_column', ctx, p.partition_column !== undefined))
  .describe('A partition key: plain `{partition_column}` or derived `{parent_column, derive_format}`.');

export const splitByKey = z
  .object({
    split_column: column
      .optional()
      .describe(
        `Plain: the column that splits the source query. Derived: the derived column (default ${DERIVED_SPLIT_COLUMN}).`,
      ),
    parent_column: column.optional().describe('Derived split: the column the split derives from.'),
    derive_format: z
      .enum(SPLIT_FORMATS, { error: `derive_format must be one of ${SPLIT_FORMATS.join(', ')}` })
      .optional()
      .describe(
        'Derived split: a date part (dd, MM, yyyy, yyyyMM, MMdd, yyyyMMdd), mod or hashamp_hashbucket_hashrow.',
      ),
    derive_function: column
      .optional()
      .describe('Derived split: the function; derived from a date derive_format when omitted.'),
  })
  .strict()
  .superRefine((s, ctx) => checkDerived(s, 'split_column', ctx, s.split_column !== undefined))
  .describe(
    'How parallel reads split the source: plain `{split_column}` or derived `{parent_column, derive_format}`.',
  );

// The Source manifest spec: type and sub-type, lake placement, environment and storage by name,
// the connection (its shape follows `type`), tags, domains and advanced configurations.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { advancedConfigurations } from '../shared/advanced-configurations.js';
import { platformName, tags } from '../shared/fields.js';
import { emptyIsAValue } from '../shared/spec-projection.js';
import {
  connectionField,
  connectionKeys,
  connectionSchemaFor,
  SOURCE_TYPES,
  type SourceConnection,
  type SourceType,
} from './connection-schema.js';

const FILE_SUB_TYPES = ['structured', 'json', 'xml', 'unstructured', 'fixedwidth'] as const;
const STREAMING_SUB_TYPES = ['kafka', 'confluent_cloud'] as const;
const CRM_SUB_TYPES = ['salesforce'] as const;
const SUB_TYPES = [
  'redshift',
  'saphana',
  'sybaseiq',
  'vertica',
  'mongodb',
  'rest_generic',
  'teradata',
  'oracle',
  'mysql',
  'mariadb',
  'sqlserver',
  'db2',
  'netezza',
  'hive',
  'ignite',
  'maprdb',
  'snowflake',
  ...FILE_SUB_TYPES,
  ...STREAMING_SUB_TYPES,
  ...CRM_SUB_TYPES,
] as const;

export const sourceObject = z
  .object({
    type: withRules(z.enum(SOURCE_TYPES).describe('Source type; cannot change after creation.'), {
      immutable: true,
    }),
    sub_type: withRules(
      z.enum(SUB_TYPES).describe('Source sub-type (database, file format, broker...); cannot change.'),
      { immutable: true },
    ),
    data_lake_path: withRules(
      z.string().min(1).describe('Lake path of the ingested data, e.g. /iw/sources/sales_db.'),
      { impact: 'unknown' },
    ),
    data_lake_schema: withRules(
      emptyIsAValue(z.string().describe('Lake schema of the ingested tables (may be empty).')).optional(),
      { impact: 'unknown' },
    ),
    environment: withRules(
      platformName.describe('Name of the environment the source belongs to; cannot change.'),
      { immutable: true },
    ),
    storage: withRules(
      platformName.describe('Name of the environment storage (within `environment`) holding the data.'),
      { impact: 'unknown' },
    ),
    description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
      impact: 'metadata',
    }),
    is_public: withRules(z.boolean().optional().describe('Whether every user may see the source.'), {
      impact: 'metadata',
    }),
    target_database_name: withRules(
      z.string().optional().describe('Target database (Snowflake environments).'),
      { impact: 'unknown' },
    ),
    staging_schema_name: withRules(
      z.string().optional().describe('Staging schema (Snowflake environments).'),
      { impact: 'unknown' },
    ),
    target_catalog_name: withRules(z.string().optional().describe('Target catalog.'), { impact: 'unknown' }),
    staging_catalog_name: withRules(z.string().optional().describe('Staging catalog.'), {
      impact: 'unknown',
    }),
    is_database_case_sensitive: withRules(
      z.boolean().optional().describe('Whether the target database name is case sensitive.'),
      { impact: 'unknown' },
    ),
    is_schema_case_sensitive: withRules(
      z.boolean().optional().describe('Whether the target schema name is case sensitive.'),
      { impact: 'unknown' },
    ),
    is_staging_schema_case_sensitive: withRules(
      z.boolean().optional().describe('Whether the staging schema name is case sensitive.'),
      { impact: 'unknown' },
    ),
    use_staging_schema_for_infoworks_managed_tables: withRules(
      z.boolean().optional().describe('Use the staging schema for platform-managed tables.'),
      { impact: 'unknown' },
    ),
    transformation_extensions: z
      .array(z.string().min(1))
      .optional()
      .describe('Names of transformation extensions.'),
    connection: connectionField.optional(),
    advanced_configurations: advancedConfigurations.optional(),
    tags: tags.optional(),
    domains: withRules(
      z.array(z.string().min(1)).optional().describe('Names of the domains that may use the source (a set).'),
      { impact: 'metadata' },
    ),
  })
  .strict();

// Field policy (docs/data-impact.md): the connection is used when jobs next run; deleting a
// source deletes its tables and their data.
export const sourceSpec = withRules(
  sourceObject
    .superRefine((s, ctx) => {
      const subTypeProblem = checkSubType(s.type, s.sub_type);
      if (subTypeProblem) ctx.addIssue({ code: 'custom', path: ['sub_type'], message: subTypeProblem });
      if (s.connection === undefined) return;
      const result = connectionSchemaFor(s.type).safeParse(s.connection);
      for (const issue of result.error?.issues ?? []) {
        const atRoot = issue.code === 'unrecognized_keys' && issue.path.length === 0;
        ctx.addIssue({
          ...issue,
          path: ['connection', ...issue.path],
          message: atRoot
            ? `${issue.message}; a connection for type ${s.type} takes: ${connectionKeys(s.type).join(', ')}`
            : issue.message,
        });
      }
    })
    .describe('A source: a database, file store, CRM or message broker the platform ingests from.'),
  { impact: 'next-run', impactOnDelete: 'delete' },
);

/** The parsed spec; `connection` holds the variant its `type` selects (checked by the refinement). */
export type SourceSpec = Omit<z.infer<typeof sourceObject>, 'connection'> & { connection?: SourceConnection };

function checkSubType(type: SourceType, subType: string): string | undefined {
  const expected: Partial<Record<SourceType, readonly string[]>> = {
    file: FILE_SUB_TYPES,
    streaming: STREAMING_SUB_TYPES,
    crm: CRM_SUB_TYPES,
  };
  const allowed = expected[type];
  if (allowed) {
    return allowed.includes(subType) ? undefined : `a ${type} source takes sub_type ${allowed.join(' | ')}`;
  }
  const other = [...FILE_SUB_TYPES, ...STREAMING_SUB_TYPES, ...CRM_SUB_TYPES] as readonly string[];
  return other.includes(subType)
    ? `sub_type ${subType} is not a database: use type ${typeForSubType(subType)} or a database sub_type`
    : undefined;
}

function typeForSubType(subType: string): SourceType {
  if ((FILE_SUB_TYPES as readonly string[]).includes(subType)) return 'file';
  if ((STREAMING_SUB_TYPES as readonly string[]).includes(subType)) return 'streaming';
  return 'crm';
}

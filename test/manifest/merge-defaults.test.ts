// Spec defaults merged under manifests: dpac.yaml entries (in order) < a Source's table_defaults
// < the table's own spec; mappings merge, lists and scalars are replaced whole.
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds/index.js';
import { type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const PROJECT = `apiVersion: dpac/v1
kind: Project
defaults:
  - kind: Table
    name: '*'
    spec:
      description: From the first entry.
      tags: [first]
      ingestion: { sync_type: full-load, storage_format: orc }
  - kind: Table
    name: sales_db/o*
    spec:
      tags: [second]
`;

const SOURCES = `apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
spec:
  type: rdbms
  sub_type: sqlserver
  data_lake_path: /iw/sources/sales_db
  environment: prod
  storage: lake
table_defaults:
  source_table: { schema_name: dbo }
  ingestion: { storage_format: delta, target_schema_name: sales }
  tags: [source, level]
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: sales_db
spec:
  source_table: { table_name: orders }
  ingestion: { target_table_name: orders }
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: customers
  source: sales_db
spec:
  source_table: { table_name: customers }
  ingestion: { target_table_name: customers, storage_format: parquet }
  tags: [own]
`;

describe('spec defaults', () => {
  it('merges project defaults, then the source’s, then the table’s own values', async () => {
    project = await tempProject({ 'dpac.yaml': PROJECT, 'sources.yaml': SOURCES });
    const { manifests } = await project.load({ registry: KINDS });
    const spec = (name: string) => manifests.find((m) => m.name === name)?.spec;
    expect(spec('orders')).toMatchObject({
      description: 'From the first entry.',
      source_table: { schema_name: 'dbo', table_name: 'orders' },
      ingestion: {
        sync_type: 'full-load',
        storage_format: 'delta',
        target_schema_name: 'sales',
        target_table_name: 'orders',
      },
      // A list is replaced whole: the source's list, not a union with the project's.
      tags: ['level', 'source'],
    });
    expect(spec('customers')).toMatchObject({
      ingestion: { storage_format: 'parquet', target_schema_name: 'sales' },
      tags: ['own'],
    });
    // The source keeps its own spec: table_defaults is never part of it.
    expect(spec('sales_db')).not.toHaveProperty('table_defaults');
  });

  it('applies the later of two matching project entries, and only to names that match', async () => {
    const sources = SOURCES.replace('  tags: [source, level]\n', '');
    project = await tempProject({ 'dpac.yaml': PROJECT, 'sources.yaml': sources });
    const { manifests } = await project.load({ registry: KINDS });
    const tags = (name: string) =>
      (manifests.find((m) => m.name === name)?.spec as { tags?: string[] } | undefined)?.tags;
    expect(tags('orders')).toEqual(['second']);
    expect(tags('customers')).toEqual(['own']);
  });

  it('interpolates a variable a default brings into a document that holds none itself', async () => {
    const withVars = PROJECT.replace(
      'description: From the first entry.',
      'description: Owned by ${var.team}.',
    );
    // Block style throughout: the YAML fast path reads this file (it says which documents hold a `$`).
    const sources = `apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
spec:
  type: rdbms
table_defaults:
  ingestion:
    target_schema_name: \${var.lake_schema}
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: sales_db
spec:
  source_table:
    table_name: orders
    schema_name: dbo
`;
    project = await tempProject({ 'dpac.yaml': withVars, 'sources.yaml': sources });
    const vars = { team: 'finance', lake_schema: 'sales_v2' };
    const { manifests } = await project.load({ registry: KINDS, vars });
    expect(manifests.find((m) => m.name === 'orders')?.spec).toMatchObject({
      description: 'Owned by finance.',
      ingestion: { target_schema_name: 'sales_v2' },
    });
  });
});

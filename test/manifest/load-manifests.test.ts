import { afterEach, describe, expect, it } from 'vitest';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const ENV = `apiVersion: dpac/v1
kind: Environment
metadata:
  name: prod
spec:
  platform: azure
`;

describe('loadManifests', () => {
  it('loads valid manifests with addresses, ancestors, defaults and source locations', async () => {
    project = await tempProject({
      'env.yaml': ENV,
      'sources/sales.yaml': `apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
spec:
  environment: prod
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: sales_db
  protect: true
spec:
  schema_name_at_source: dbo
`,
    });
    const result = await project.load();
    expect(lines(result.diagnostics)).toEqual([]);
    expect(result.files).toEqual(['env.yaml', 'sources/sales.yaml']);
    expect(result.manifests.map((m) => m.address)).toEqual([
      'Environment/prod',
      'Source/sales_db',
      'Table/sales_db/orders',
    ]);
    const table = result.manifests[2];
    expect(table?.ancestors).toEqual(['sales_db']);
    expect(table?.metadata).toEqual({ name: 'orders', source: 'sales_db', protect: true });
    expect(table?.source).toEqual({ file: 'sources/sales.yaml', line: 9, col: 1 });
    expect(result.manifests[1]?.spec).toEqual({
      environment: 'prod',
      type: 'rdbms',
      connection: {},
      depends_on: [],
      tokens: [],
    });
    expect(table?.locate('/schema_name_at_source')).toEqual({
      file: 'sources/sales.yaml',
      line: 15,
      col: 26,
    });
  });

  it('reports five different mistakes in one file as five located diagnostics with fixes', async () => {
    project = await tempProject({
      'env.yaml': ENV,
      'mistakes.yaml': `apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
spec:
  environment: prod
  conection: {}
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: crm
spec:
  environment: prod
  type: ftp
  connection:
    port: "5432"
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: hr
spec:
  environment: prdo
---
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: sales_bd
spec:
  schema_name_at_source: dbo
`,
    });
    const { diagnostics } = await project.load();
    expect(lines(diagnostics)).toEqual([
      'mistakes.yaml:7:3 error: Unknown field `spec.conection`. Did you mean `connection`?',
      'mistakes.yaml:15:9 error: `spec.type` is not one of the allowed values.',
      'mistakes.yaml:17:11 error: `spec.connection.port` must be a number, not a string',
      'mistakes.yaml:24:16 error: Source/hr refers to Environment/prdo, which no manifest declares. Did you mean Environment/prod?',
      'mistakes.yaml:30:11 error: Table/sales_bd/orders refers to Source/sales_bd, which no manifest declares. Did you mean Source/sales_db?',
    ]);
    for (const d of diagnostics) expect(d.detail).toBeTruthy();
    expect(diagnostics[1]?.detail).toContain('Allowed values: "rdbms", "file".');
    expect(diagnostics[2]?.detail).toContain('Port.');
  });

  it('reports duplicates with both locations', async () => {
    project = await tempProject({ 'a.yaml': ENV, 'b.yaml': ENV });
    const { diagnostics } = await project.load();
    expect(lines(diagnostics)).toEqual([
      'b.yaml:2:1 error: Environment/prod is declared twice (first at a.yaml:2:1)',
    ]);
  });
});

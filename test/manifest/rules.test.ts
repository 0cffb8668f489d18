import { afterEach, describe, expect, it } from 'vitest';
import { stronglyConnected } from '../../src/manifest/rules/find-cycles.js';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const env = 'apiVersion: dpac/v1\nkind: Environment\nmetadata: { name: prod }\nspec: { platform: aws }\n';
const source = (name: string, dependsOn: string[] = []) =>
  `---\napiVersion: dpac/v1\nkind: Source\nmetadata: { name: ${name} }\nspec: { environment: prod, depends_on: [${dependsOn.join(', ')}] }\n`;

describe('cross-manifest rules', () => {
  it('names a dependency cycle in order, once', async () => {
    project = await tempProject({
      'm.yaml': env + source('a', ['b']) + source('b', ['c']) + source('c', ['a']) + source('d', ['a']),
    });
    const { diagnostics } = await project.load();
    expect(lines(diagnostics)).toEqual([
      'm.yaml:7:1 error: Dependency cycle: Source/a → Source/b → Source/c → Source/a',
    ]);
  });

  it('reports a resource that depends on itself', async () => {
    project = await tempProject({ 'm.yaml': env + source('a', ['a']) });
    expect(lines((await project.load()).diagnostics)).toEqual([
      'm.yaml:7:1 error: Dependency cycle: Source/a → Source/a',
    ]);
  });

  it('says when a parent key names a resource of another kind', async () => {
    project = await tempProject({
      'm.yaml': `${env}---\napiVersion: dpac/v1\nkind: Table\nmetadata:\n  name: orders\n  source: prod\nspec: { schema_name_at_source: dbo }\n`,
    });
    const [problem, ...rest] = (await project.load()).diagnostics;
    expect(rest).toEqual([]);
    expect(lines([problem!])).toEqual([
      'm.yaml:10:11 error: Table/prod/orders refers to Source/prod, which no manifest declares.',
    ]);
    expect(problem?.detail).toBe(
      'metadata.source names prod, which is declared as Environment/prod, not a Source.',
    );
  });

  it('checks every ancestor key of a grandchild and builds its address from them', async () => {
    project = await tempProject({
      'm.yaml': `${env}${source('sales')}---
apiVersion: dpac/v1
kind: Table
metadata: { name: orders, source: sales }
spec: { schema_name_at_source: dbo }
---
apiVersion: dpac/v1
kind: ValidationSpec
metadata: { name: not_null, source: sales, table: ordres }
spec: { rule: x }
---
apiVersion: dpac/v1
kind: ValidationSpec
metadata: { name: no_table, source: sales }
spec: { rule: x }
`,
    });
    const result = await project.load();
    expect(lines(result.diagnostics)).toEqual([
      'm.yaml:18:51 error: ValidationSpec/sales/ordres/not_null refers to Table/sales/ordres, which no manifest declares. Did you mean Table/sales/orders?',
      'm.yaml:23:1 error: `metadata.table` is required',
    ]);
  });

  it('does not cascade: a reference to a declared-but-invalid resource is not reported again', async () => {
    project = await tempProject({
      'm.yaml':
        'apiVersion: dpac/v1\nkind: Environment\nmetadata: { name: prod }\nspec: { platform: moon }\n' +
        source('a'),
    });
    expect(lines((await project.load()).diagnostics)).toEqual([
      'm.yaml:4:19 error: `spec.platform` is not one of the allowed values.',
    ]);
  });

  it('finds strongly connected components without recursion on a long chain', () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => `n${i}`);
    const edges = new Map(nodes.map((n, i) => [n, i + 1 < nodes.length ? [`n${i + 1}`] : ['n0']]));
    const components = stronglyConnected(nodes, edges);
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(50_000);
  });
});

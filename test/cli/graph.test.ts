// `dpac graph` (issue 27, points 8 and 19): every edge joins two drawn nodes, each external object
// is a node of its own (drawn dashed), and --select/--exclude narrow the graph as they narrow a plan.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { dependencyGraph } from '../../src/library.js';
import { loadManifests } from '../../src/manifest/load-manifests.js';
import { captureIo } from '../helpers/capture-io.js';

let dir: string;

const PROJECT = `apiVersion: dpac/v1
kind: Project
external:
  - Environment/shared
  - ComputeTemplate/shared/*
  - Environment/other
  - Source/ext_src
`;

const MANIFESTS = `apiVersion: dpac/v1
kind: Domain
metadata: {name: sales}
spec: {environments: [shared, other]}
---
apiVersion: dpac/v1
kind: Domain
metadata: {name: finance}
spec: {environments: [other]}
---
apiVersion: dpac/v1
kind: Table
metadata: {name: t, source: ext_src}
spec: {source_table: {schema_name: dbo, table_name: t}}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dpac-graph-'));
  await writeFile(path.join(dir, 'dpac.yaml'), PROJECT);
  await writeFile(path.join(dir, 'domains.yaml'), MANIFESTS);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function dpac(args: string[]) {
  const io = captureIo(dir, {});
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** Node ids and labels, and the edges' ends, of a Mermaid graph. */
function mermaid(text: string) {
  const nodes = new Map([...text.matchAll(/^ {2}(n\d+)\["(.+)"\]$/gm)].map((m) => [m[1], m[2]]));
  const edges = [...text.matchAll(/^ {2}(\S+) -\.?->? (\S+)$/gm)].map((m) => [m[1], m[2]]);
  return { nodes, edges };
}

describe('dpac graph', () => {
  it('draws each external object as a node of its own, and every edge between drawn nodes', async () => {
    const run = await dpac(['graph']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('undefined');
    const { nodes, edges } = mermaid(run.stdout);
    expect([...nodes.values()]).toEqual([
      'Domain/sales',
      'Domain/finance',
      'Table/ext_src/t',
      'Environment/other',
      'Environment/shared',
      'Source/ext_src',
    ]);
    expect(edges).toHaveLength(4);
    for (const [from, to] of edges) {
      expect(nodes.has(from as string)).toBe(true);
      expect(nodes.has(to as string)).toBe(true);
    }
    expect(run.stdout).toContain('  n5 --> n2');
    expect(run.stdout).toContain('  class n3,n4,n5 external');

    const dot = await dpac(['graph', '-o', 'dot']);
    expect(dot.stdout).not.toContain('undefined');
    expect(dot.stdout).toContain('n4 [label="Environment/shared", style=dashed];');
    expect(dot.stdout).toContain('n4 -> n0 [style=dashed];');
  });

  it('narrows to --select, keeping what the selection needs and what needs it', async () => {
    const run = await dpac(['graph', '--select', 'Domain/finance']);
    expect(run.code).toBe(0);
    const { nodes, edges } = mermaid(run.stdout);
    expect([...nodes.values()]).toEqual(['Domain/finance', 'Environment/other']);
    expect(edges).toEqual([['n1', 'n0']]);
    const excluded = await dpac(['graph', '--exclude', 'Domain/sales', '--exclude', 'Source']);
    expect([...mermaid(excluded.stdout).nodes.values()]).toEqual(['Domain/finance', 'Environment/other']);
  });

  it('refuses a selector that matches nothing, with the closest name', async () => {
    const run = await dpac(['graph', '--select', 'Domain/finanse']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Did you mean Domain/finance?');
  });
});

describe('dependencyGraph (the library)', () => {
  it('gives the nodes, with which are external, and the edges from what is needed to what needs it', async () => {
    const project = await loadManifests({ cwd: dir, env: {} });
    expect(dependencyGraph(project, { select: ['Domain/sales'] })).toEqual({
      nodes: [
        { address: 'Domain/sales', external: false },
        { address: 'Environment/other', external: true },
        { address: 'Environment/shared', external: true },
      ],
      edges: [
        { from: 'Environment/other', to: 'Domain/sales', label: 'ref' },
        { from: 'Environment/shared', to: 'Domain/sales', label: 'ref' },
      ],
    });
  });
});

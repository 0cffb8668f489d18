// Which files loadManifests({ changedSince }) loads, in a real git repository: the changed ones,
// the files referring to what they declare however the name is spelled (escapes, variables, a
// file git ignores), the files declaring what they need, and nothing else; what is gone is listed.
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePlatformYaml, sqlSourceYaml } from '../../src/bench/base-platform.js';
import { commitAll, git } from '../../src/bench/git-repo.js';
import { loadManifests } from '../../src/manifest/load-manifests.js';

const source = (name: string, description = 'A table.') => `${sqlSourceYaml({
  name,
  environment: 'prod',
  passwordEnv: 'PW',
  tag: 't',
})}---
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: ${name}
spec:
  description: ${description}
  source_table:
    schema_name: dbo
    table_name: orders
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: ${name}
    target_table_name: orders
`;

/** A table group under `sourceName` (spelled as given) listing orders. */
const group = (name: string, sourceName: string) => `apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: ${name}
  source: ${sourceName}
spec:
  compute: etl
  tables:
    - table: orders
`;

describe('loading what changed since a commit', () => {
  let dir: string;
  const load = (ref = 'HEAD') =>
    loadManifests({
      cwd: dir,
      env: { PATH: process.env.PATH },
      vars: { team: 'sales' },
      changedSince: ref,
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dpac-changed-'));
    const files: Record<string, string> = {
      'dpac.yaml':
        'apiVersion: dpac/v1\nkind: Project\nproject: p\ninclude: [platform.yaml, sources, groups]\n',
      '.gitignore': 'groups/local.yaml\n',
      'platform.yaml': basePlatformYaml({
        environment: 'prod',
        compute: 'etl',
        tokenEnv: 'TOKEN',
        lakeKeyEnv: 'KEY',
        maxWorkers: 2,
      }),
      'sources/sales.yaml': source('sales'),
      'sources/billing.yaml': source('billing'),
      'sources/legacy.yaml': source('legacy'),
      'groups/escaped.yaml': group('escaped', '"\\u0073ales"'),
      'groups/variable.yaml': group('variable', '${var.team}'),
      'groups/billing.yaml': group('nightly', 'billing'),
      'drafts/x.yaml': source('draft'),
    };
    for (const [file, text] of Object.entries(files)) {
      await import('node:fs/promises').then((fs) =>
        fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true }),
      );
      await writeFile(path.join(dir, file), text);
    }
    await commitAll(dir, 'base');
    // Ignored by git, read by dpac: it refers to sales too.
    await writeFile(path.join(dir, 'groups/local.yaml'), group('local', 'sales'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads the changed file, what refers to it however spelled, and what it needs; nothing else', async () => {
    await writeFile(path.join(dir, 'sources/sales.yaml'), source('sales', 'Changed.'));
    await writeFile(path.join(dir, 'drafts/x.yaml'), source('draft', 'Changed, outside the include.'));
    try {
      const loaded = await load();
      expect(loaded.diagnostics).toEqual([]);
      expect(loaded.files).toEqual([
        'groups/escaped.yaml',
        'groups/local.yaml',
        'groups/variable.yaml',
        'platform.yaml',
        'sources/sales.yaml',
      ]);
      expect(loaded.changes).toMatchObject({
        ref: 'HEAD',
        changed: [{ file: 'sources/sales.yaml', status: 'modified' }],
        deleted: [],
        projectFiles: 8,
      });
      expect(loaded.manifests.map((m) => m.address)).toContain('TableGroup/sales/escaped');
    } finally {
      await git(dir, 'checkout', '--', 'sources/sales.yaml', 'drafts/x.yaml');
    }
  });

  it('names what a deleted file declared, and loads what still refers to it (so its reference fails)', async () => {
    await unlink(path.join(dir, 'sources/billing.yaml'));
    try {
      const loaded = await load();
      expect(loaded.changes?.deleted).toEqual(['Source/billing', 'Table/billing/orders']);
      expect(loaded.changes?.changed).toEqual([{ file: 'sources/billing.yaml', status: 'deleted' }]);
      // The group's compute is found through its source: with the source gone, nothing more is needed.
      expect(loaded.files).toEqual(['groups/billing.yaml']);
      expect(loaded.diagnostics.map((d) => d.summary)).toEqual([
        'TableGroup/billing/nightly refers to Source/billing, which no manifest declares.',
        'TableGroup/billing/nightly refers to Table/billing/orders, which no manifest declares.',
      ]);
    } finally {
      await git(dir, 'checkout', '--', 'sources/billing.yaml');
    }
  });

  it('loads nothing when nothing changed', async () => {
    const loaded = await load();
    expect(loaded.files).toEqual([]);
    expect(loaded.changes?.changed).toEqual([]);
    expect(loaded.diagnostics).toEqual([]);
  });
});

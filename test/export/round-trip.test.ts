import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasErrors } from '../../src/core/diagnostic.js';
import { loadManifests } from '../../src/manifest/load-manifests.js';
import { type E2e, EXAMPLE_SECRETS, startE2e } from '../helpers/e2e.js';
import { connectApi, HAND_MADE, seedHandMade } from './hand-made.js';
import { RICH_MANIFESTS, RICH_SECRETS } from './rich-platform.js';

interface PlanJson {
  summary: Record<'add' | 'change' | 'replace' | 'destroy' | 'adopt' | 'unmanaged', number>;
  changes: { address: string; action: string; reason: string; fields: unknown[] }[];
}

/** `  NAME   Kind/address /pointer` lines of the export summary → a dummy value per variable. */
function variablesIn(stdout: string): Record<string, string> {
  const names = [...stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]*) +\S+ \/\S*$/gm)].map((m) => m[1] as string);
  return Object.fromEntries(names.map((n) => [n, `value-of-${n.toLowerCase()}`]));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('export → validate → plan round trip on a realistic platform', () => {
  let e2e: E2e;
  let exported: { code: number; stdout: string; stderr: string };
  let variables: Record<string, string>;

  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.copyExamples();
    await e2e.write('examples/rich.yaml', RICH_MANIFESTS);
    const applied = await e2e.dpac(['apply', 'examples', '--auto-approve'], { env: RICH_SECRETS });
    if (applied.code !== 0) throw new Error(`seeding apply failed: ${applied.stderr}`);
    await seedHandMade(await connectApi(e2e.emulator.url));
    exported = await e2e.dpac(['export', '--out', 'exported']);
    variables = variablesIn(exported.stdout);
    // The project that made the examples adopts its platform: the export names it from the tags.
    const project = await readFile(path.join(e2e.dir, 'exported/dpac.yaml'), 'utf8');
    expect(project).toContain('\nproject: example-platform\n');
  }, 60_000);
  afterAll(() => e2e.close());

  it('writes every live object, one file per top-level object and a folder per source', async () => {
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).not.toContain('Not exported');
    expect(exported.stdout).not.toContain('a plan would still change');
    const files = await filesUnder(path.join(e2e.dir, 'exported'));
    expect(files).toEqual(
      expect.arrayContaining([
        'dpac.schema.json',
        'environments/prod.yaml',
        'environments/prod/compute-templates.yaml',
        'environments/prod/environment-storages.yaml',
        'generic-source-types/teradata.yaml',
        'sources/events_stream.yaml',
        'sources/events_stream/topic-mappings.yaml',
        'sources/files_json/file-mappings.yaml',
        'sources/legacy_db.yaml',
        'sources/legacy_db/tables.yaml',
        'sources/legacy_db/table-groups.yaml',
        'sources/sales_db/validation-specs.yaml',
        'users/alice@example.com.yaml',
      ]),
    );
    const source = await readFile(path.join(e2e.dir, 'exported/sources/legacy_db.yaml'), 'utf8');
    expect(source.split('\n').slice(0, 4)).toEqual([
      '# yaml-language-server: $schema=../dpac.schema.json',
      'apiVersion: dpac/v1',
      'kind: Source',
      'metadata:',
    ]);
    expect(source).toContain('password: ${env.SOURCE_LEGACY_DB_CONNECTION_PASSWORD}');
  });

  it('never writes a secret and lists the variables to set, with derived names', async () => {
    expect(variables).toHaveProperty('SOURCE_SALES_DB_CONNECTION_PASSWORD');
    expect(variables).toHaveProperty(
      'SOURCE_EVENTS_STREAM_CONNECTION_CLUSTER_AUTHENTICATION_DETAILS_PASSWORD',
    );
    expect(variables).toHaveProperty('USER_ALICE_EXAMPLE_COM_PASSWORD');
    expect(variables).toHaveProperty('TABLE_GROUP_LEGACY_DB_HOURLY_SCHEDULE_USER_TOKEN');
    // A schedule without a user takes no token: the paused group has none.
    expect(Object.keys(variables).some((v) => v.includes('PAUSED'))).toBe(false);
    const dir = path.join(e2e.dir, 'exported');
    const manifests = (await filesUnder(dir)).filter((f) => f.endsWith('.yaml'));
    const texts = await Promise.all(manifests.map((f) => readFile(path.join(dir, f), 'utf8')));
    const all = texts.join('\n');
    for (const secret of [...Object.values(EXAMPLE_SECRETS), ...Object.values(RICH_SECRETS), 'typed-by-hand'])
      expect(all).not.toContain(secret);
    expect(all).not.toContain('enc:v1:');
    // Ownership tags are never part of a manifest (dpac.yaml names the project they come from).
    const manifestTexts = texts.filter((_, i) => manifests[i] !== 'dpac.yaml').join('\n');
    expect(manifestTexts).not.toContain('managed-by:dpac');
  });

  it('exports a set that loads without a diagnostic, keeping a literal ${ escaped', async () => {
    const loaded = await loadManifests({
      cwd: e2e.dir,
      paths: ['exported'],
      env: variables,
    });
    expect(loaded.diagnostics).toEqual([]);
    expect(hasErrors(loaded.diagnostics)).toBe(false);
    const files = loaded.manifests.find((m) => m.address === 'Source/files_json');
    expect(files?.spec).toMatchObject({ description: expect.stringContaining('cost in ${currency}') });
    const validate = await e2e.dpac(['validate', 'exported']);
    expect(validate.code).toBe(0);
  });

  it('writes files dpac fmt finds canonical (the same key order and layout)', async () => {
    const check = await e2e.dpac(['fmt', 'exported', '--check']);
    expect(check.stderr).toBe('');
    expect(check.stdout).toBe('');
    expect(check.code).toBe(0);
  });

  it('plans only adopt actions for the hand-made sources and tables, and nothing else', async () => {
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', 'exported', '--json'], { env: variables });
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    const json = JSON.parse(plan.stdout) as PlanJson;
    expect(json.summary).toMatchObject({ add: 0, change: 0, replace: 0, destroy: 0, unmanaged: 0 });
    const acting = json.changes.filter((c) => c.action !== 'noop');
    expect(acting.map((c) => c.address).sort()).toEqual([HAND_MADE.source, ...HAND_MADE.tables].sort());
    for (const change of acting) {
      expect(change.action).toBe('adopt');
      expect(change.fields).toEqual([]);
    }
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('adopts on the first apply, after which the plan is empty', async () => {
    const applied = await e2e.dpac(['apply', 'exported', '--auto-approve'], { env: variables });
    expect(applied.code).toBe(0);
    const plan = await e2e.dpac(['plan', 'exported', '--detailed-exitcode'], { env: variables });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);
  });

  it('refuses to overwrite existing files without --force and writes nothing', async () => {
    const before = await readFile(path.join(e2e.dir, 'exported/sources/legacy_db.yaml'), 'utf8');
    const again = await e2e.dpac(['export', '--out', 'exported']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exist');
    expect(again.stderr).toContain('--force');
    expect(await readFile(path.join(e2e.dir, 'exported/sources/legacy_db.yaml'), 'utf8')).toBe(before);
    const forced = await e2e.dpac(['export', '--out', 'exported', '--force']);
    expect(forced.code).toBe(0);
  });

  it('exports a selected source tree, declaring what it refers to outside the export as external', async () => {
    const result = await e2e.dpac(['export', '--out', 'only-legacy', '--select', 'Source/legacy_db']);
    expect(result.code).toBe(0);
    expect(await filesUnder(path.join(e2e.dir, 'only-legacy'))).toEqual([
      'dpac.schema.json',
      'dpac.yaml',
      'environments/prod.yaml',
      'environments/prod/compute-templates.yaml',
      'environments/prod/environment-storages.yaml',
      'sources/legacy_db.yaml',
      'sources/legacy_db/table-groups.yaml',
      'sources/legacy_db/tables.yaml',
      'users/admin@dpac.local.yaml',
    ]);
    expect(await readFile(path.join(e2e.dir, 'only-legacy/environments/prod.yaml'), 'utf8')).toBe(
      '# yaml-language-server: $schema=../dpac.schema.json\napiVersion: dpac/v1\nkind: Environment\nmetadata:\n  name: prod\n  external: true\n',
    );
    // The selection validates offline and plans against live without touching what it refers to.
    expect((await e2e.dpac(['validate', 'only-legacy'])).code).toBe(0);
    // A selection may be part of what its project owns: the dpac.yaml names it only when asked.
    const written = await readFile(path.join(e2e.dir, 'only-legacy/dpac.yaml'), 'utf8');
    expect(written).not.toMatch(/^project:/m);
    expect(written).toContain('# project: example-platform   # names the project');
    // Asked for by name (an existing dpac.yaml is kept, so this one goes first).
    await rm(path.join(e2e.dir, 'only-legacy/dpac.yaml'));
    const again = await e2e.dpac([
      'export',
      '--out',
      'only-legacy',
      '--force',
      '--select',
      'Source/legacy_db',
      '--project',
      'example-platform',
    ]);
    expect(again.code).toBe(0);
    expect(await readFile(path.join(e2e.dir, 'only-legacy/dpac.yaml'), 'utf8')).toMatch(
      /^project: example-platform$/m,
    );
    // The project owns other sources too: --select keeps their deletes out of this plan.
    const plan = await e2e.dpac(['plan', 'only-legacy', '--json', '--select', 'Source/legacy_db'], {
      env: variables,
    });
    expect(plan.stderr).toBe('');
    const json = JSON.parse(plan.stdout) as PlanJson & {
      unmanaged_objects: { address: string; reason: string }[];
    };
    expect(json.changes).toEqual([]);
    expect(json.unmanaged_objects).toContainEqual({
      address: 'Environment/prod',
      kind: 'Environment',
      reason: 'external',
    });

    const whole = await e2e.dpac([
      'export',
      '--out',
      'legacy-whole',
      '--select',
      'Source/legacy_db',
      '--with-dependencies',
    ]);
    expect(whole.code).toBe(0);
    expect(await readFile(path.join(e2e.dir, 'legacy-whole/environments/prod.yaml'), 'utf8')).toContain(
      'spec:\n  platform: azure',
    );
    expect(result.stdout).toContain('Source/legacy_db: refers to Environment/prod, not in this export');
    expect(result.stdout).toContain(
      'TableGroup/legacy_db/hourly: refers to ComputeTemplate/prod/etl-small, not in this export',
    );
  });
});

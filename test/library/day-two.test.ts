// The day-2 functions through the library's front door (src/index.ts), as a script would call
// them: listManaged agrees with what planDestroy deletes, planDestroy refuses a mass delete until
// allowed and its plan applies through apply(), importObject writes nothing and hands back the
// manifest, and formatManifests reads only.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apply,
  connect,
  formatManifests,
  importObject,
  listManaged,
  loadManifests,
  plan,
  planDestroy,
  Refusal,
} from '../../src/index.js';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

/** Not in canonical form: kind before apiVersion, metadata in flow style. */
const domain = (name: string) =>
  `kind: Domain\napiVersion: dpac/v1\nmetadata: {name: ${name}}\nspec:\n  description: D.\n`;

it('lists, destroys, imports and formats through the library', async () => {
  const names = [1, 2, 3, 4, 5, 6].map((n) => `d${n}`);
  await e2e.write('p/dpac.yaml', 'apiVersion: dpac/v1\nkind: Project\nproject: lib\n');
  await e2e.write('p/domains.yaml', names.map(domain).join('---\n'));
  const connection = connect({ env: e2e.env });
  try {
    const project = await loadManifests({ cwd: path.join(e2e.dir, 'p'), env: e2e.env });
    await apply(connection, await plan(connection, project));

    const listed = await listManaged(connection, project);
    expect(listed.objects.map((o) => [o.address, o.ownership, o.file])).toEqual(
      names.map((n) => [`Domain/${n}`, 'ours', 'domains.yaml']),
    );

    const refused = await planDestroy(connection, project).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).diagnostics.map((d) => d.summary)).toContainEqual(
      'The plan deletes 6 of 6 managed Domain objects, more than the limit of 5.',
    );
    const destroy = await planDestroy(connection, project, { allowMassDelete: true });
    expect(destroy.plan.summary).toMatchObject({ add: 0, change: 0, destroy: 6 });
    expect((await apply(connection, destroy)).complete).toBe(true);
    expect((await listManaged(connection, project)).objects.every((o) => o.id === null)).toBe(true);

    // Made again outside the project: importObject hands back its manifest and writes nothing.
    await apply(connection, await plan(connection, project));
    const other = await loadManifests({
      cwd: path.join(e2e.dir, 'p'),
      env: e2e.env,
      paths: ['domains.yaml'],
    });
    const before = e2e.lastSeq();
    const imported = await importObject(
      connection,
      { ...other, manifests: other.manifests.filter((m) => m.name !== 'd1') },
      'Domain/d1',
    );
    expect(imported).toMatchObject({ address: 'Domain/d1', path: 'domains/d1.yaml', externals: [] });
    expect(imported.yaml).toBe(
      'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: d1\nspec:\n  description: D.\n',
    );
    expect(e2e.lastSeq()).toBe(before);
  } finally {
    await connection.client.close();
  }

  const text = await readFile(path.join(e2e.dir, 'p/domains.yaml'), 'utf8');
  const formatted = await formatManifests({ cwd: path.join(e2e.dir, 'p') });
  expect(formatted.files.map((f) => [f.file, f.changed])).toEqual([['domains.yaml', true]]);
  expect(formatted.files[0]?.text.startsWith('apiVersion: dpac/v1\nkind: Domain\n')).toBe(true);
  expect(await readFile(path.join(e2e.dir, 'p/domains.yaml'), 'utf8')).toBe(text);
});

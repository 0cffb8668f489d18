// The library refuses what the CLI refuses, before any call: planning manifests that have errors
// (a manifest that failed to load would read as undeclared, its object as one to delete), and
// applying a plan a safety guard refused; an external object that does not exist refuses the plan.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apply, connect, loadManifests, plan, Refusal } from '../../src/index.js';
import { user } from '../e2e/kinds/fixtures.js';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const domain = (name: string) =>
  `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: ${name}\nspec:\n  description: D.\n`;

it('does not plan manifests with errors, and does not apply a refused plan', async () => {
  await e2e.write('broken/a.yaml', domain('a').replace('description', 'descripton'));
  const connection = connect({ env: e2e.env });
  try {
    const broken = await loadManifests({ cwd: `${e2e.dir}/broken`, env: e2e.env });
    await expect(plan(connection, broken)).rejects.toThrow('The manifests have errors');

    // Six domains, then a project whose prune scope would delete them all: the mass-delete guard.
    for (const n of [1, 2, 3, 4, 5, 6]) await e2e.write(`many/d${n}.yaml`, domain(`tmp_${n}`));
    const many = await loadManifests({ cwd: `${e2e.dir}/many`, env: e2e.env });
    await apply(connection, await plan(connection, many));
    await e2e.write(
      'none/dpac.yaml',
      "apiVersion: dpac/v1\nkind: Project\nprune: [{kind: Domain, name: 'tmp_*'}]\n",
    );
    await e2e.write('none/keep.yaml', domain('keep'));
    const none = await loadManifests({ cwd: `${e2e.dir}/none`, env: e2e.env });
    const before = e2e.lastSeq();
    const refused = await plan(connection, none).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).message).toBe('The plan was refused; nothing was written.');
    expect((refused as Refusal).diagnostics.map((d) => d.summary)).toContainEqual(
      expect.stringContaining('The plan deletes 6 of 6 managed Domain objects'),
    );
    expect(e2e.writesSince(before)).toEqual([]);
  } finally {
    await connection.client.close();
  }
});

it('refuses a plan whose external object does not exist, as the CLI does', async () => {
  await e2e.write(
    'borrowed/dpac.yaml',
    'apiVersion: dpac/v1\nkind: Project\nproject: team-a\nexternal: [Environment/shared]\n',
  );
  await e2e.write(
    'borrowed/d.yaml',
    domain('uses_shared').replace('  description: D.', '  description: D.\n  environments: [shared]'),
  );
  const connection = connect({ env: e2e.env });
  try {
    const project = await loadManifests({ cwd: `${e2e.dir}/borrowed`, env: e2e.env });
    expect(project.diagnostics).toEqual([]);
    const refused = (await plan(connection, project).catch((error: unknown) => error)) as Refusal;
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused.diagnostics.filter((d) => d.severity === 'error').map((d) => d.summary)).toEqual([
      `Environment/shared is declared external but does not exist on ${e2e.env.DPAC_URL}`,
    ]);
  } finally {
    await connection.client.close();
  }
});

it('lists the secret variables apply will need, set or not in the env it is given', async () => {
  await e2e.write('secrets/user.yaml', user());
  const connection = connect({ env: e2e.env });
  try {
    const project = await loadManifests({ cwd: `${e2e.dir}/secrets`, env: {} });
    const needed = (env: Record<string, string | undefined>) =>
      plan(connection, project, { env }).then((p) =>
        p.plan.required_variables?.map(({ name, set }) => ({ name, set })),
      );
    expect(await needed({})).toEqual([{ name: 'ALICE_PASSWORD', set: false }]);
    expect(await needed({ ALICE_PASSWORD: 'alice-password' })).toEqual([
      { name: 'ALICE_PASSWORD', set: true },
    ]);
  } finally {
    await connection.client.close();
  }
});

it('refuses to apply, before any write, a plan whose secret variable is unset, naming it', async () => {
  await e2e.write('unset/user.yaml', user());
  const connection = connect({ env: e2e.env });
  try {
    const project = await loadManifests({ cwd: `${e2e.dir}/unset`, env: {} });
    const planned = await plan(connection, project, { env: {} });
    const before = e2e.lastSeq();
    const refused = (await apply(connection, planned, { env: {} }).catch(
      (error: unknown) => error,
    )) as Refusal;
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused.diagnostics.map((d) => `${d.summary}\n${d.detail}`)).toEqual([
      'The plan sends 1 secret variable that is not set; nothing was written.\nALICE_PASSWORD (for User/alice@example.com)\nSet them in the environment (plan, drift, show and graph do not need them) and run apply again.',
    ]);
    expect(e2e.writesSince(before)).toEqual([]);
    const outcome = await apply(connection, planned, { env: { ALICE_PASSWORD: 'alice-password' } });
    expect(outcome.complete).toBe(true);
  } finally {
    await connection.client.close();
  }
});

it('deletes nothing a project loaded from some of its files does not declare', async () => {
  const project = 'apiVersion: dpac/v1\nkind: Project\nproject: parts\n';
  await e2e.write('parts/dpac.yaml', project);
  await e2e.write('parts/one.yaml', domain('part_one'));
  await e2e.write('parts/two.yaml', domain('part_two'));
  const connection = connect({ env: e2e.env });
  try {
    const cwd = `${e2e.dir}/parts`;
    await apply(connection, await plan(connection, await loadManifests({ cwd, env: e2e.env })));
    // A prune scope makes part_two one to delete once no manifest declares it.
    await e2e.write('parts/dpac.yaml', `${project}prune: [{kind: Domain, name: 'part_*'}]\n`);
    await e2e.write('parts/two.yaml', '# emptied\n');
    const some = await loadManifests({ cwd, env: e2e.env, paths: ['one.yaml'] });
    expect(some.wholeProject).toBe(false);
    const partial = await plan(connection, some);
    expect(partial.plan.summary.destroy).toBe(0);
    expect(partial.plan.unmanaged).toContain('Domain/part_two');
    expect(partial.diagnostics.map((d) => d.summary)).toContainEqual(
      expect.stringContaining('1 object it would otherwise delete is kept: Domain/part_two.'),
    );
    const whole = await loadManifests({ cwd, env: e2e.env });
    expect(whole.wholeProject).toBe(true);
    const all = await plan(connection, whole);
    expect(all.plan.changes.filter((c) => c.action === 'delete').map((c) => c.address)).toEqual([
      'Domain/part_two',
    ]);
  } finally {
    await connection.client.close();
  }
});

// Ownership where tags prove nothing alone: two projects, each signed in as its own platform user.
// Kinds without tags are judged by who changed them last (a domain), or not at all (a user): the
// plan warns before overwriting another project's change, and a prune scope deletes only what this
// project's user changed last (a user only when named exactly). A source carrying two projects'
// tags is no project's: never deleted, and declaring it is refused without adopt: force.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { type PlatformApi, platformApi } from '../helpers/platform-api.js';
import * as f from './kinds/fixtures.js';

interface PlanJson extends f.PlanJson {
  unmanaged_objects: { address: string; reason: string; owner?: string }[];
}

const project = (name: string, extra = '') =>
  `apiVersion: dpac/v1\nkind: Project\nproject: ${name}\n${extra}`;

const domain = (name: string, description: string) => `apiVersion: dpac/v1
kind: Domain
metadata:
  name: ${name}
spec:
  description: ${description}
`;

const alice = (roles: string) => `apiVersion: dpac/v1
kind: User
metadata:
  name: alice@example.com
spec:
  profile:
    name: Alice Example
  roles: [${roles}]
  password: \${env.ALICE_PASSWORD}
`;

describe('ownership markers of kinds without tags, and objects with two tags', () => {
  let e2e: E2e;
  let api: PlatformApi;
  /** Signed in as a team's own platform user (username and password), not the admin's token. */
  const as = (team: string) => ({
    DPAC_REFRESH_TOKEN: undefined,
    DPAC_USERNAME: `${team}@example.com`,
    DPAC_PASSWORD: `${team}-password`,
  });
  const run = (team: string, args: string[]) => e2e.dpac([...args, '--no-color'], { env: as(team) });

  beforeAll(async () => {
    e2e = await startE2e();
    api = await platformApi(e2e.emulator.url);
    for (const team of ['team-a', 'team-c'])
      await api.send('POST', '/admin/users', {
        profile: { name: team, email: `${team}@example.com` },
        roles: ['admin'],
        password: `${team}-password`,
      });
    await e2e.write('a/dpac.yaml', project('a'));
    await e2e.write('a/a.yaml', f.docs(domain('sales', "Team A's sales."), alice('analyst')));
    const applied = await run('team-a', ['apply', 'a', '--auto-approve']);
    expect(applied.stderr, applied.stdout).toBe('');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('warns before changing a domain another project changed last, and before changing any user', async () => {
    await e2e.write('c/dpac.yaml', project('c'));
    await e2e.write('c/c.yaml', f.docs(domain('sales', "Team C's sales."), alice('modeller')));
    const plan = await run('team-c', ['plan', 'c']);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toMatch(
      /c\.yaml:\d+:\d+ warning: Domain\/sales was last changed by team-a@example\.com \(at [^)]+\), not by team-c@example\.com, whom this run signs in as: another project or a person may manage it, and applying overwrites their change\./,
    );
    expect(plan.stderr).toContain(
      'warning: User/alice@example.com will be changed, but the v3 API records no one who changed a User: dpac cannot tell whether another project manages it too.',
    );
    // Team A's own plan is quiet: it changed the domain last, and nothing of its user changes.
    const own = await run('team-a', ['plan', 'a']);
    expect(own.stderr).toBe('');
    expect(own.stdout).toContain('No changes.');
  });

  it('prunes only what its own user changed last, and a user only when named exactly', async () => {
    await e2e.write('c/c.yaml', f.docs(domain('c_keep', 'Kept.'), domain('c_old', 'Removed next.')));
    expect((await run('team-c', ['apply', 'c', '--auto-approve'])).code).toBe(0);
    await e2e.write('c/c.yaml', domain('c_keep', 'Kept.'));
    await e2e.write(
      'c/dpac.yaml',
      project('c', "prune:\n  - { kind: Domain, name: '*' }\n  - { kind: User, name: '*@example.com' }\n"),
    );
    const seq = e2e.lastSeq();
    const planned = await run('team-c', ['plan', 'c', '--json']);
    expect(planned.stderr).toBe('');
    const plan = JSON.parse(planned.stdout) as PlanJson;
    expect(f.actions(plan)).toEqual({ 'Domain/c_old': 'delete' });
    const why = Object.fromEntries(plan.unmanaged_objects.map((u) => [u.address, u.reason]));
    expect(why['Domain/sales']).toBe(
      "not deleted although inside the prune scope Domain/* of dpac.yaml: team-a@example.com changed it last, not team-c@example.com, whom this run signs in as: a prune scope deletes a Domain only when this project's user changed it last (give each project its own platform user)",
    );
    expect(why['User/alice@example.com']).toContain(
      'a pattern deletes none; name it exactly in prune: ({ kind: User, name: alice@example.com }) to delete it',
    );
    expect((await run('team-c', ['apply', 'c', '--auto-approve'])).code).toBe(0);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['DELETE']);
    // Named exactly, the user is the project's decision.
    await e2e.write('c/dpac.yaml', project('c', 'prune:\n  - { kind: User, name: alice@example.com }\n'));
    const exact = JSON.parse((await run('team-c', ['plan', 'c', '--json'])).stdout) as PlanJson;
    expect(f.actions(exact)).toEqual({ 'User/alice@example.com': 'delete' });
    expect(await api.idOf('/admin/domains', 'sales')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('never deletes a source carrying two projects’ tags, and refuses to manage it without adopt: force', async () => {
    await e2e.write(
      'a/a.yaml',
      f.docs(domain('sales', "Team A's sales."), f.environment(), f.storage(), f.salesDb()),
    );
    expect((await run('team-a', ['apply', 'a', '--auto-approve'])).code).toBe(0);
    const source = await api.idOf('/sources', 'sales_db');
    await api.send('PUT', `/sources/${source}/metadata`, {
      tags_to_add: ['managed-by:dpac/c'],
      tags_to_remove: [],
    });

    const refused = await run('team-a', ['plan', 'a']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Source/sales_db carries more than one ownership tag (managed-by:dpac/a, managed-by:dpac/c): it is no single project's, so this project (managed-by:dpac/a) will not manage it.",
    );
    await e2e.write('a/a.yaml', f.docs(domain('sales', "Team A's sales."), f.environment(), f.storage()));
    const seq = e2e.lastSeq();
    const kept = await run('team-a', ['apply', 'a', '--auto-approve']);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain(
      "Source/sales_db: carries more than one ownership tag (managed-by:dpac/a, managed-by:dpac/c): no single project's, so never deleted",
    );
    expect(e2e.writesSince(seq)).toEqual([]);
    expect(await api.idOf('/sources', 'sales_db')).toBe(source);
  });
});

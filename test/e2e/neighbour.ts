// Two projects on one emulator, for destroy and ls: `kinds` in main/ (the platform, sales_db and
// its table t1, applied as the admin) and `other` in other/, signed in as its own platform user
// team-a@example.com, which puts the table `theirs` under sales_db and creates Domain/shared.
import { expect } from 'vitest';
import type { E2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

export const project = (name: string, extra = '') =>
  `apiVersion: dpac/v1\nkind: Project\nproject: ${name}\n${extra}`;

export const domain = (name: string) =>
  `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: ${name}\nspec:\n  description: Shared.\n`;

export async function withNeighbour(e2e: E2e): Promise<void> {
  await f.resetWith(e2e, {
    'main/dpac.yaml': project('kinds'),
    'main/platform.yaml': f.platform(),
    'main/sources.yaml': f.docs(f.salesDb(), f.table({ name: 't1' })),
  });
  const api = await f.connectApi(e2e);
  await api.send('POST', '/admin/users', {
    profile: { name: 'Team A', email: 'team-a@example.com' },
    roles: ['admin'],
    password: 'team-a-password',
  });
  await f.applyOk(e2e, ['main']);
  await e2e.write('other/dpac.yaml', project('other', 'external: [Source/sales_db]\n'));
  await e2e.write('other/other.yaml', f.docs(f.table({ name: 'theirs' }), domain('shared')));
  const other = await e2e.dpac(['apply', 'other', '--auto-approve'], {
    env: {
      DPAC_REFRESH_TOKEN: undefined,
      DPAC_USERNAME: 'team-a@example.com',
      DPAC_PASSWORD: 'team-a-password',
    },
  });
  expect(other.code, other.stderr).toBe(0);
}

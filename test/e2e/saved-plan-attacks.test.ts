// Attacks on a saved plan, as someone who can edit a CI artifact or a file in a shared folder
// would try them (issue 25, point 3; docs/security.md): an added DELETE, the DELETE of a protected
// object, a reference slipped into a body, a path that climbs out of its route, a broken file.
// Each is refused before any write, as a located user error; a signed plan is refused once edited.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/plan.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

const PROJECT =
  "apiVersion: dpac/v1\nkind: Project\nproject: kinds\nprotect:\n  - kind: Domain\n    name: 'keep*'\n";

describe('edited saved plans', () => {
  let e2e: E2e;
  let out: string;
  let keepId: string;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'dpac.yaml': PROJECT,
      'platform.yaml': f.docs(f.environment(), f.domain('sales'), f.domain('keeper')),
      'sources.yaml': f.docs(f.storage(), f.salesDb()),
    });
    await f.applyOk(e2e);
    keepId = await (await f.connectApi(e2e)).idOf('/admin/domains', 'keeper');
    await e2e.write(
      'platform.yaml',
      f.docs(f.environment(), f.domain('sales', 'Sales and marketing.'), f.domain('keeper')),
    );
    out = path.join(e2e.dir, 'plan.json');
    const planned = await e2e.dpac(['plan', '--out', out]);
    expect(planned.code, planned.stderr).toBe(0);
  });
  afterAll(() => e2e.close());

  const edit = async (change: (plan: Plan) => void) => {
    const plan = JSON.parse(await readFile(out, 'utf8')) as Plan;
    change(plan);
    await writeFile(out, JSON.stringify(plan));
  };
  const applyRefused = async (expected: RegExp, env: Record<string, string> = {}) => {
    const seq = e2e.lastSeq();
    const run = await e2e.dpac(['apply', '--plan', out, '--no-color'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(expected);
    expect(run.stderr).not.toMatch(/internal error|This is a bug/);
    expect(e2e.writesSince(seq)).toEqual([]);
    return run;
  };
  const call = (plan: Plan, over: Partial<Plan['calls'][number]>) =>
    ({ ...plan.calls[0], id: 'c99', depends_on: [], fills: undefined, ...over }) as Plan['calls'][number];

  it('refuses an added DELETE of an object the plan does not change', async () => {
    await edit((plan) => {
      plan.calls.push(
        call(plan, {
          method: 'DELETE',
          path: `/domains/${keepId}`,
          address: plan.calls[0]?.address,
          body: undefined,
        }),
      );
    });
    await applyRefused(
      /call c99 \(DELETE \/domains\/\w+\) deletes Domain\/sales, which the plan does not delete/,
    );
  });

  it('refuses a delete change added without the live state it was planned from', async () => {
    await edit((plan) => {
      plan.changes.push({
        ...(plan.changes[0] as Plan['changes'][number]),
        address: 'Domain/sales2' as never,
        action: 'delete',
        after: null,
        fields: [],
        patch: [],
      });
    });
    await applyRefused(/delete Domain\/sales2 comes without the fingerprint of its live state/);
  });

  it('refuses the DELETE of a protected object, even with a delete change to go with it', async () => {
    await edit((plan) => {
      plan.changes.push({
        ...(plan.changes[0] as Plan['changes'][number]),
        address: 'Domain/keeper' as never,
        action: 'delete',
        after: null,
        fields: [],
        patch: [],
      });
      plan.fingerprints['Domain/keeper'] = 'forged';
      plan.calls.push(
        call(plan, {
          method: 'DELETE',
          path: `/domains/${keepId}`,
          address: 'Domain/keeper' as never,
          body: undefined,
        }),
      );
    });
    await applyRefused(/Domain\/keeper is protected/);
  });

  it('sends a ${env.NAME} slipped into a body as the text it is, and refuses a fill no secret field names', async () => {
    await edit((plan) => {
      const update = plan.calls.find((c) => c.address === 'Domain/sales');
      if (update) update.body = { ...(update.body as object), description: '${env.SALES_DB_PASSWORD}' };
    });
    const applied = await e2e.dpac(['apply', '--plan', out, '--no-color']);
    expect(applied.stdout + applied.stderr).not.toContain(e2e.env.SALES_DB_PASSWORD);
    const api = await f.connectApi(e2e);
    const live = await api.get<{ result: { description: string } }>(
      `/domains/${await api.idOf('/admin/domains', 'sales')}`,
    );
    expect(live.result.description).toBe('${env.SALES_DB_PASSWORD}');

    await e2e.write(
      'platform.yaml',
      f.docs(f.environment(), f.domain('sales', 'Again.'), f.domain('keeper')),
    );
    expect((await e2e.dpac(['plan', '--out', out])).code).toBe(0);
    await edit((plan) => {
      const update = plan.calls.find((c) => c.address === 'Domain/sales');
      if (!update) return;
      update.body = { ...(update.body as object), description: '${env.SALES_DB_PASSWORD}' };
      update.fills = [{ path: '/description', env: 'SALES_DB_PASSWORD' }];
    });
    const run = await applyRefused(/sends SALES_DB_PASSWORD, which no secret field of its change names/);
    expect(run.stdout + run.stderr).not.toContain(e2e.env.SALES_DB_PASSWORD);
  });

  it('refuses a path that climbs out of its route', async () => {
    await edit((plan) => {
      const update = plan.calls.find((c) => c.address === 'Domain/sales');
      if (update) update.path = `${update.path}/../../admin/users`;
    });
    await applyRefused(/fits none of the routes a Domain is written through/);
  });

  it('refuses a broken file at its line and column, as a user error', async () => {
    const text = await readFile(out, 'utf8');
    await writeFile(out, text.replace('"calls": [', '"calls": [ { "id": 7 },'));
    await applyRefused(/plan\.json:\d+:\d+ error: .*plan\.json is not a valid dpac plan: \/calls\/0\/id/);
    await writeFile(out, '{ "format_version": 1, "calls": [');
    await applyRefused(/plan\.json:1:\d+ error: .*plan\.json is not a dpac plan: it is not valid JSON/);
  });

  it('refuses a signed plan once edited, and an unsigned one when DPAC_PLAN_KEY asks for signatures', async () => {
    const key = { DPAC_PLAN_KEY: 'pipeline-key-0123456789' };
    expect((await e2e.dpac(['plan', '--out', out], { env: key })).code).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8')).signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    await edit((plan) => {
      plan.created_at = '2020-01-01T00:00:00.000Z';
    });
    await applyRefused(/does not match its signature/, key);
    await applyRefused(/is signed, but DPAC_PLAN_KEY is not set/);
    expect((await e2e.dpac(['plan', '--out', out])).code).toBe(0);
    await applyRefused(/is not signed, and DPAC_PLAN_KEY asks for signed plans/, key);
    expect((await e2e.dpac(['plan', '--out', out], { env: key })).code).toBe(0);
    const applied = await e2e.dpac(['apply', '--plan', out], { env: key });
    expect(applied.code, applied.stderr).toBe(0);
  });
});

// Conformance: a lifecycle of every kind through the real CLI against the emulator over loopback
// (create, plan, drift, export, update, rename, --resend-secrets, delete), every request recorded
// and held to the project's copy of the references (src/emulator/contract: the published contract
// plus what the seed, the vendor SDK and the contract's quirks add). The emulator runs lenient here
// so that every departure is counted, not only the first; the one departure allowed is an
// operation no reference documents that dpac's plan marked as such. Prints N/M conforming.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequest, type RequestFacts } from '../../src/emulator/contract/conformance.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { LIFECYCLE_SECRETS, lifecycleManifests, type Revision } from './conformance/lifecycle.js';

const PROJECT = 'apiVersion: dpac/v1\nkind: Project\nproject: conformance\n';
/** Every kind pruned (users but the admin): the last step deletes everything but one domain. */
const PRUNE_ALL = `${PROJECT}prune:\n${[
  ['Environment', '*'],
  ['Domain', '*'],
  ['DataConnection', '*'],
  // A user is deleted only by a prune entry naming it exactly (nothing marks whose a user is).
  ['User', 'alice.cooper@example.com'],
  ['GenericSourceType', '*'],
]
  .map(([kind, name]) => `  - kind: ${kind}\n    name: '${name}'\n`)
  .join('')}`;
const KEEP = 'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: keep\nspec:\n  description: Kept.\n';

interface MarkedCall {
  method: string;
  path: string;
  undocumented?: boolean;
}

describe('conformance to the references', () => {
  let e2e: E2e;
  /** `METHOD /path` of every call a plan marked as not in the published API. */
  const marked = new Set<string>();
  beforeAll(async () => {
    e2e = await startE2e({ strict: false, recordRequests: true });
    await e2e.write('m/driver.jar', 'driver bytes');
    await e2e.write('m/driver-extra.jar', 'more driver bytes');
  });
  afterAll(() => e2e.close());

  const dpac = async (args: string[]) => {
    const run = await e2e.dpac(args, { env: LIFECYCLE_SECRETS });
    expect(run.code, `dpac ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
    return run;
  };
  const write = async (r: Revision) => {
    await e2e.write('m/dpac.yaml', PROJECT);
    await e2e.write('m/platform.yaml', lifecycleManifests(r));
  };
  /** Plans (recording the calls it marks), applies, and checks that the next plan is empty. */
  const converge = async (args: string[] = []) => {
    const plan = JSON.parse((await dpac(['plan', 'm', '--json', ...args])).stdout) as { calls: MarkedCall[] };
    for (const call of plan.calls) if (call.undocumented) marked.add(`${call.method} ${call.path}`);
    await dpac(['apply', 'm', '--auto-approve', '--no-color', ...args]);
    await dpac(['plan', 'm', '--detailed-exitcode', '--no-color']);
  };

  it('runs a lifecycle of every kind whose every request the references back', async () => {
    await write({ rev: 1, renamed: false });
    await converge();
    await dpac(['drift', 'm', '--no-color']);
    await dpac(['export', '--out', 'exported']);
    await write({ rev: 2, renamed: false });
    await converge();
    await write({ rev: 2, renamed: true });
    await converge();
    await dpac(['apply', 'm', '--auto-approve', '--resend-secrets', '--no-color']);
    // Sources first (owned by their tag), then the platform objects (pruned).
    await write({ rev: 2, renamed: true, platformOnly: true });
    await converge(['--allow-mass-delete']);
    await e2e.write('m/platform.yaml', KEEP);
    await e2e.write('m/dpac.yaml', PRUNE_ALL);
    await converge(['--allow-mass-delete', '--cascade']);

    const requests = e2e.emulator.requests();
    const unexplained: string[] = [];
    let cited = 0;
    let conforming = 0;
    for (const request of requests) {
      const verdict = checkRequest(request);
      const rest = verdict.deviations.filter((d) => !(d.kind === 'operation' && marked.has(line(request))));
      if (verdict.deviations.length === 0) conforming++;
      else if (rest.length === 0) cited++;
      const op = verdict.operation ?? `${request.method} ${templateOf(request.path)}`;
      for (const d of rest)
        unexplained.push(`${op} | ${d.kind === 'operation' ? d.kind : `${d.kind} ${d.at}`}`);
    }
    const report = summarise(unexplained);
    const unexplainedRequests = requests.length - conforming - cited;
    process.stdout.write(
      `conformance: ${conforming}/${requests.length} requests conform to the references; ${cited} call an operation no reference documents, marked so in the plan; ${unexplainedRequests} deviate unexplained\n${report}`,
    );
    // The lifecycle really creates, changes (or renames) and deletes every kind.
    const seen = new Set(
      requests.map((r) => checkRequest(r).operation ?? `${r.method} ${templateOf(r.path)}`),
    );
    expect(LIFECYCLE_OPERATIONS.filter((op) => !seen.has(op))).toEqual([]);
    expect(report).toBe('');
  });
});

/** A create, a change and a delete of every kind (a table group's rename is its PUT). */
const LIFECYCLE_OPERATIONS = [
  ...['POST', 'PATCH', 'DELETE'].map((m) => `${m} /admin/environment${m === 'POST' ? '' : '/{}'}`),
  ...['environment-storage', 'environment-compute-template', 'environment-interactive-clusters'].flatMap(
    (c) => [
      `POST /admin/environment/{}/${c}`,
      `PATCH /admin/environment/{}/${c}/{}`,
      `DELETE /admin/environment/{}/${c}/{}`,
    ],
  ),
  'POST /domains',
  'PATCH /domains/{}',
  'DELETE /domains/{}',
  'POST /admin/data-connections',
  'PUT /admin/data-connections/{}',
  'DELETE /admin/data-connections/{}',
  'POST /admin/users',
  'PATCH /admin/users/{}',
  'DELETE /admin/users/{}',
  'POST /admin/generic-source-type',
  'PATCH /admin/generic-source-type/{}',
  'POST /admin/generic-source-type/{}/files',
  'DELETE /admin/generic-source-type/{}',
  'POST /sources',
  'PATCH /sources/{}',
  'DELETE /sources/{}',
  'POST /sources/{}/tables/source_tables',
  'POST /sources/{}/tables',
  'PUT /sources/{}/tables/{}',
  'DELETE /sources/{}/tables/{}',
  'POST /sources/{}/table-groups',
  'PUT /sources/{}/table-groups/{}',
  'DELETE /sources/{}/table-groups/{}',
  'POST /sources/{}/topic-mappings',
  'PATCH /sources/{}/topic-mappings/{}',
  'DELETE /sources/{}/topic-mappings/{}',
  'POST /sources/{}/file-mappings',
  'PATCH /sources/{}/file-mappings/{}',
  'DELETE /sources/{}/file-mappings/{}',
  'POST /sources/{}/tables/{}/validation-specs',
  'PATCH /sources/{}/tables/{}/validation-specs/{}',
  'DELETE /sources/{}/tables/{}/validation-specs/{}',
  'GET /sources/{}/table-groups/{}/schedules',
  'GET /sources/{}/table/{}/configurations/streaming',
  'GET /sources/{}/configurations/connection',
];

/** `METHOD /path`, the form plans show calls in. */
function line(request: RequestFacts): string {
  return `${request.method} ${request.path}`;
}

/** A path with its ids as `{}`, for grouping the requests of one operation. */
function templateOf(p: string): string {
  return p.replace(/\/[0-9a-f]{24}(?=\/|$)/g, '/{}');
}

/** Deviations grouped by operation and kind, with how many requests showed each. */
function summarise(unexplained: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const u of unexplained) counts.set(u, (counts.get(u) ?? 0) + 1);
  return [...counts].map(([key, n]) => `  ${n} × ${key}\n`).join('');
}

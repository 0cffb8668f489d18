// Drift is read-only: with creates, updates and deletes pending it sends no write (journal), and
// the client the drift command builds refuses a write before sending it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient, CreateClientOptions } from '../../src/api/client.js';
import { ReadOnlyViolation } from '../../src/api/errors.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformApi } from '../helpers/platform-api.js';
import { type GeneratedPlatform, generatePlatform, writePlatform } from './generate-platform.js';

/** Every client the CLI creates, and what a DELETE through it did right after creation. */
const clients = vi.hoisted(() => ({
  made: [] as Array<{ readOnly: boolean; probe: Promise<unknown> }>,
  probePath: '',
}));

vi.mock('../../src/api/client.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/client.js')>();
  return {
    ...actual,
    createClient(options: CreateClientOptions): ApiClient {
      const client = actual.createClient(options);
      if (clients.probePath) {
        const probe = client
          .request({ method: 'DELETE', path: clients.probePath, intent: 'probe the read-only guard' })
          .then(
            () => 'sent',
            (error: unknown) => error,
          );
        clients.made.push({ readOnly: options.readOnly === true, probe });
      }
      return client;
    },
  };
});

describe('drift', () => {
  let e2e: E2e;
  let platform: GeneratedPlatform;
  let folder: string;
  let domainId: string;

  beforeAll(async () => {
    e2e = await startE2e({});
    platform = generatePlatform({ sources: 2, tablesPerSource: 11, domains: 2, users: 1 });
    folder = await writePlatform(e2e.write, platform);
    expect((await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env })).code).toBe(0);

    // Pending in every direction: a changed field, a new object, and an owned table to delete.
    const api = await platformApi(e2e.emulator.url);
    domainId = await api.idOf('/admin/domains', 'domain_1');
    await api.send('PATCH', `/domains/${domainId}`, { description: 'changed by hand' });
    const domains = platform.files['platform/domains.yaml'] ?? '';
    await e2e.write(
      `${folder}/platform/domains.yaml`,
      `${domains}---\napiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: domain_new\nspec:\n  environments: [gen]\n`,
    );
    const source = platform.files['sources/src_1.yaml'] ?? '';
    await e2e.write(
      `${folder}/sources/src_1.yaml`,
      source
        .split('---\n')
        .filter((doc) => !doc.includes('name: t_010\n'))
        .join('---\n'),
    );
  });
  afterAll(() => e2e.close());

  it('has changes of every action pending (the plan shows them)', async () => {
    const plan = await e2e.dpac(['plan', folder, '--json'], { env: platform.env });
    const summary = (JSON.parse(plan.stdout) as { summary: Record<string, number> }).summary;
    expect(summary).toMatchObject({ add: 1, change: 1, destroy: 1 });
  });

  it.each(['text', 'json', 'markdown'])(
    'reports drift as %s with exit 2 and sends zero writes',
    async (format) => {
      const seq = e2e.lastSeq();
      const drift = await e2e.dpac(['drift', folder, '--format', format, '-v'], { env: platform.env });
      expect(drift.code).toBe(2);
      expect(drift.stdout).toContain('domain_1');
      expect(drift.stdout).toContain('domain_new');
      expect(e2e.writesSince(seq)).toEqual([]);
    },
  );

  it('builds its client read-only: a write through it is refused before it is sent', async () => {
    clients.probePath = `/domains/${domainId}`;
    const seq = e2e.lastSeq();
    expect((await e2e.dpac(['drift', folder], { env: platform.env })).code).toBe(2);
    expect(clients.made).toHaveLength(1);
    expect(clients.made[0]?.readOnly).toBe(true);
    expect(await clients.made[0]?.probe).toBeInstanceOf(ReadOnlyViolation);
    expect(e2e.writesSince(seq)).toEqual([]);

    // Control: the client plan builds does send the same DELETE (refused by the platform, in use).
    clients.made.length = 0;
    await e2e.dpac(['plan', folder], { env: platform.env });
    expect(clients.made[0]?.readOnly).toBe(false);
    expect(await clients.made[0]?.probe).not.toBeInstanceOf(ReadOnlyViolation);
  });
});

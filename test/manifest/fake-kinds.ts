// Small fake kinds for manifest tests, named like real kinds so addresses read naturally. They fill
// the whole ResourceKind contract, but only spec (with its field rules), parent, metadataKey and refs matter here.
import { z } from 'zod';
import { makeAddress } from '../../src/core/address.js';
import { withRules } from '../../src/core/field-policy.js';
import { Domain } from '../../src/kinds/domain/domain.js';
import { defineKind, type KindName, type ResourceKind } from '../../src/kinds/kind.js';
import type { KindRegistry } from '../../src/manifest/manifest.js';

interface FakeKind<S> {
  kind: KindName;
  parent?: KindName;
  metadataKey: string;
  spec: z.ZodType<S>;
  refs?: ResourceKind<S>['refs'];
}

function fakeKind<S>(options: FakeKind<S>): ResourceKind<S> {
  return defineKind<S>({
    description: `A fake ${options.kind} for tests.`,
    ownership: { proof: 'none', why: 'a fake kind' },
    refs: () => [],
    read: { list: `/fake/${options.kind}` },
    writes: [],
    fromApi: () => ({}) as S,
    create: () => [],
    update: () => [],
    remove: () => [],
    ...options,
  });
}

const environmentSpec = z
  .object({
    platform: z.enum(['azure', 'gcp', 'aws']).describe('Cloud the environment runs on.'),
    region: z.string().optional().describe('Region name.'),
  })
  .strict();

const FakeEnvironment = fakeKind({
  kind: 'Environment',
  metadataKey: 'environment',
  spec: environmentSpec,
});

const sourceSpec = z
  .object({
    environment: z.string().describe('Name of the environment the source ingests into.'),
    type: z.enum(['rdbms', 'file']).default('rdbms').describe('Source type.'),
    connection: z
      .object({
        host: z.string().optional().describe('Database host.'),
        port: z.number().int().optional().describe('Port.'),
        password: withRules(
          z
            .union([
              z.string().min(1),
              z.object({ password_type: z.literal('secret_store'), secret_id: z.string() }).strict(),
            ])
            .describe('Password (write-only).'),
          { secret: true },
        ).optional(),
      })
      .strict()
      .default({})
      .describe('How to reach the source.'),
    depends_on: z.array(z.string()).default([]).describe('Sources that must exist first (test-only field).'),
    tokens: z
      .array(z.object({ value: withRules(z.string(), { secret: true }) }).strict())
      .default([])
      .describe('Secrets in a list.'),
  })
  .strict();

type SourceSpec = z.infer<typeof sourceSpec>;

const FakeSource = fakeKind<SourceSpec>({
  kind: 'Source',
  metadataKey: 'source',
  spec: sourceSpec as z.ZodType<SourceSpec>,
  refs: (s) => [
    { address: makeAddress('Environment', [], s.environment), path: '/environment' },
    ...s.depends_on.map((d, i) => ({ address: makeAddress('Source', [], d), path: `/depends_on/${i}` })),
  ],
});

const tableSpec = z
  .object({
    schema_name_at_source: z.string().describe('Schema of the table in the source database.'),
    ingestion: z
      .object({ sync_type: z.enum(['full_refresh', 'incremental']).describe('How the table is loaded.') })
      .strict()
      .optional()
      .describe('Ingestion configuration.'),
  })
  .strict();

const FakeTable = fakeKind({ kind: 'Table', parent: 'Source', metadataKey: 'table', spec: tableSpec });

const checkSpec = z.object({ rule: z.string().describe('The check.') }).strict();

const FakeValidationSpec = fakeKind({
  kind: 'ValidationSpec',
  parent: 'Table',
  metadataKey: 'validation_spec',
  spec: checkSpec,
});

export const FAKE_KINDS: KindRegistry = {
  Environment: FakeEnvironment,
  Domain,
  Source: FakeSource,
  Table: FakeTable,
  ValidationSpec: FakeValidationSpec,
};

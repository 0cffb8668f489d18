// Domain: a workspace grouping environments (and, through sources' `domains`, sources).
import { z } from 'zod';
import { defineKind, type WriteContext } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { compact, idsToNames, sortedSet } from '../shared/fields.js';

const spec = z
  .object({
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    environments: z
      .array(z.string().min(1))
      .default([])
      .describe('Names of the environments whose compute and storage the domain may use (a set).'),
  })
  .strict()
  .describe('A domain: the unit of access for pipelines and sources.');

export type DomainSpec = z.infer<typeof spec>;

export const Domain = defineKind<DomainSpec>({
  kind: 'Domain',
  description: 'A domain: the unit of access for pipelines and sources.',
  metadataKey: 'domain',
  spec,
  sensitive: [],
  immutable: [],
  refs: (s) =>
    s.environments.map((env, i) => ({ address: `Environment/${env}`, path: `/environments/${i}` })),
  read: { list: '/admin/domains' },
  fromApi: ({ item }, names) =>
    compact({
      description:
        typeof item.description === 'string' && item.description !== '' ? item.description : undefined,
      environments: idsToNames(item.environment_ids, (id) => names.nameOf('Environment', id)),
    }),
  normalize: (s) => ({ ...s, environments: sortedSet(s.environments) }),
  ...crudWrites<DomainSpec>({ collection: '/domains', body }),
});

function body(s: DomainSpec, ctx: WriteContext) {
  return compact({
    name: ctx.name,
    description: s.description,
    environment_ids: s.environments.map((env) => ctx.idOf(`Environment/${env}`)),
  });
}

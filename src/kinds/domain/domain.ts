// Domain: a workspace grouping environments (and, through sources' `domains`, sources).
import { makeAddress } from '../../core/address.js';
import { defineKind, type WriteContext } from '../kind.js';
import { compact, sortedSet } from '../shared/canonical.js';
import { crudWrites } from '../shared/crud-writes.js';
import { liveNames } from '../shared/live-values.js';
import { auditMarker } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type DomainSpec, domainSpec } from './schema.js';

export type { DomainSpec } from './schema.js';

export const Domain = defineKind<DomainSpec>({
  kind: 'Domain',
  description: 'A domain: the unit of access for pipelines and sources.',
  metadataKey: 'domain',
  spec: domainSpec,
  ownership: auditMarker('no tags; its advanced configurations are handed to the jobs of the domain'),
  refs: (s) => s.environments.map((env, i) => ({ address: environment(env), path: `/environments/${i}` })),
  read: { list: '/admin/domains' },
  fromApi: ({ item }, names) =>
    projectLive(
      { ...item, environments: liveNames(item.environment_ids, (id) => names.nameOf('Environment', id)) },
      domainSpec,
    ),
  normalize: (s) => ({ ...s, environments: sortedSet(s.environments) }),
  ...crudWrites<DomainSpec>({ collection: '/domains', body }),
});

function body(s: DomainSpec, ctx: WriteContext) {
  return compact({
    name: ctx.name,
    description: s.description,
    environment_ids: s.environments.map((env) => ctx.idOf(environment(env))),
  });
}

function environment(name: string) {
  return makeAddress('Environment', [], name);
}

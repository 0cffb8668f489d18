// Source: where data is ingested from — its lake placement, connection, advanced configurations,
// tags and the domains that may use it; each written by its own API call.
import type { z } from 'zod';
import { makeAddress } from '../../core/address.js';
import { defineKind } from '../kind.js';
import { renameByName } from '../shared/rename-call.js';
import { createSourceCalls, removeSourceCalls, SOURCE, updateSourceCalls } from './calls.js';
import { normalizeSource, sourceFromApi } from './projection.js';
import { type SourceSpec, sourceSpec } from './schema.js';

export type { SourceSpec } from './schema.js';

export const Source = defineKind<SourceSpec>({
  kind: 'Source',
  description: 'A source: a database, file store, CRM or message broker the platform ingests from.',
  metadataKey: 'source',
  childDefaults: { key: 'table_defaults', kind: 'Table' },
  // The connection field parses loosely and the refinement narrows it by `type`; the cast states that.
  spec: sourceSpec as unknown as z.ZodType<SourceSpec>,
  ownership: { proof: 'tag', tags: '/tags' },
  refs: (s) => [
    { address: makeAddress('Environment', [], s.environment), path: '/environment' },
    { address: makeAddress('EnvironmentStorage', [s.environment], s.storage), path: '/storage' },
    ...(s.domains ?? []).map((d, i) => ({ address: makeAddress('Domain', [], d), path: `/domains/${i}` })),
  ],
  writes: [
    'POST /sources',
    'PATCH /sources/{}',
    'PUT /sources/{}/configurations/connection',
    'PUT /sources/{}/metadata',
    'POST /sources/{}/configurations/advance',
    'PUT /sources/{}/configurations/advance/{}',
    'DELETE /sources/{}/configurations/advance/{}',
    'POST /domains/{}/accessible-sources',
    'DELETE /domains/{}/accessible-sources',
    'DELETE /sources/{}',
  ],
  read: {
    list: '/sources',
    // List items lack tags and associated_domains.
    detail: SOURCE,
    documents: {
      connection: `${SOURCE}/configurations/connection`,
      advanced: `${SOURCE}/configurations/advance`,
    },
    documentLists: ['advanced'],
    documentKeys: { connection: ['connection'], advanced: ['advanced_configurations'] },
  },
  fromApi: sourceFromApi,
  normalize: normalizeSource,
  create: createSourceCalls,
  update: updateSourceCalls,
  remove: (_before, ctx) => removeSourceCalls(ctx),
  // `PATCH /sources/{id}` takes a partial source whose documented field is `name`.
  rename: renameByName(SOURCE),
});

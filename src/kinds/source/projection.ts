// A source read back (the detail GET, plus its connection and advanced configuration documents)
// and the canonical form both sides of a diff are folded into. Environment, storage and domains
// come as ids and are named; the connection is projected onto the variant the source's type selects.
import type { LiveRecord, NameLookup } from '../kind.js';
import { advancedFromApi, sortAdvanced } from '../shared/advanced-configurations.js';
import { compact, sortedSet } from '../shared/canonical.js';
import { liveNames, liveText } from '../shared/live-values.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import {
  connectionSchemaFor,
  SOURCE_TYPES,
  type SourceConnection,
  type SourceType,
} from './connection-schema.js';
import { type SourceSpec, sourceObject } from './schema.js';

export function sourceFromApi({ item, docs }: LiveRecord, names: NameLookup): SourceSpec {
  const type = item.type as SourceType;
  const known = (SOURCE_TYPES as readonly string[]).includes(String(item.type));
  const named = (kind: 'Environment' | 'EnvironmentStorage', id: unknown) => {
    const text = liveText(id);
    return text && (names.nameOf(kind, text) ?? text);
  };
  const live = {
    ...item,
    environment: named('Environment', item.environment_id),
    storage: named('EnvironmentStorage', item.storage_id),
    connection: known
      ? projectToSchema(docs.connection ?? item.connection, connectionSchemaFor(type))
      : undefined,
    domains: liveNames(item.associated_domains, (id) => names.nameOf('Domain', id)),
  };
  const spec = projectLive<SourceSpec>(live, sourceObject);
  return compact({ ...spec, advanced_configurations: advancedFromApi(docs.advanced) });
}

export function normalizeSource(s: SourceSpec): SourceSpec {
  return compact({
    ...s,
    connection: normalizeConnection(s.connection),
    advanced_configurations: s.advanced_configurations && sortAdvanced(s.advanced_configurations),
    tags: s.tags && sortedSet(s.tags),
    domains: s.domains && sortedSet(s.domains),
  });
}

/** Canonical form: `connection_mode` lower-case (the platform echoes `JDBC`). */
function normalizeConnection(connection: SourceConnection | undefined): SourceConnection | undefined {
  if (!connection || !('connection_mode' in connection) || connection.connection_mode === undefined) {
    return connection;
  }
  return { ...connection, connection_mode: 'jdbc' };
}

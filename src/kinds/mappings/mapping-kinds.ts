// The two mapping kinds of a source, TopicMapping (streaming) and FileMapping (files): a named
// `configuration` document under the source, written whole with POST/PATCH/DELETE. The API reference
// shows `result` as a bare id string; real clients (and the emulator) read `result.id`.
import type { z } from 'zod';
import { defineKind, type KindName, type ResourceKind } from '../kind.js';
import { sortedSet } from '../shared/canonical.js';
import { crudWrites } from '../shared/crud-writes.js';
import { asRecord } from '../shared/live-values.js';
import { OWNED_WITH_PARENT } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type FileMappingSpec, fileMappingSpec, type TopicMappingSpec, topicMappingSpec } from './schema.js';

export type { FileMappingSpec, TopicMappingSpec } from './schema.js';

interface MappingKindOptions<S> {
  kind: Extract<KindName, 'TopicMapping' | 'FileMapping'>;
  metadataKey: string;
  spec: z.ZodType<S>;
  /** Collection under the source, e.g. `topic-mappings`. */
  collection: string;
  /** Label of the calls in plans. */
  note: string;
  /** API spellings of configuration keys (API key → spec key), read when the spec's key is absent. */
  aliases?: Readonly<Record<string, string>>;
  normalize?(spec: S): S;
}

export const TopicMapping = defineMappingKind<TopicMappingSpec>({
  kind: 'TopicMapping',
  metadataKey: 'topic_mapping',
  spec: topicMappingSpec,
  collection: 'topic-mappings',
  note: 'topic mapping',
  // Topic order carries no meaning.
  normalize: (s) => {
    const identifier = s.configuration.topic_identifier;
    if (!identifier.list) return s;
    return { configuration: { topic_identifier: { ...identifier, list: sortedSet(identifier.list) } } };
  },
});

export const FileMapping = defineMappingKind<FileMappingSpec>({
  kind: 'FileMapping',
  metadataKey: 'file_mapping',
  spec: fileMappingSpec,
  collection: 'file-mappings',
  note: 'file mapping',
  // Other file APIs spell the flag `ingest_subdirectories`.
  aliases: { ingest_subdirectories: 'include_subdirectories' },
});

function defineMappingKind<S extends { configuration: object }>(
  options: MappingKindOptions<S>,
): ResourceKind<S> {
  const collection = `/sources/{Source}/${options.collection}`;
  const description = options.spec.description ?? options.kind;
  return defineKind<S>({
    kind: options.kind,
    description,
    parent: 'Source',
    metadataKey: options.metadataKey,
    spec: options.spec,
    ownership: OWNED_WITH_PARENT,
    refs: () => [],
    // List items are whole mapping objects.
    read: { list: collection },
    fromApi: ({ item }) => {
      const configuration = { ...asRecord(item.configuration) };
      for (const [apiKey, specKey] of Object.entries(options.aliases ?? {})) {
        configuration[specKey] ??= configuration[apiKey];
      }
      return projectLive<S>({ configuration }, options.spec);
    },
    ...(options.normalize ? { normalize: options.normalize } : {}),
    ...crudWrites<S>({
      collection,
      body: (spec, ctx) => ({ name: ctx.name, configuration: spec.configuration }),
      note: options.note,
    }),
  });
}

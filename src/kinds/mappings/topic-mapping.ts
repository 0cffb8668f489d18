// TopicMapping: which Kafka/Confluent topics a streaming source reads into one table family.
import { z } from 'zod';
import { defineKind } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { asArray, asRecord, pick, sortedSet } from '../shared/fields.js';

const topicIdentifier = z
  .object({
    type: z.enum(['list', 'regex']).describe('Pick topics by an explicit list or by a regular expression.'),
    list: z.array(z.string().min(1)).optional().describe('Topic names (type list; a set).'),
    regex: z
      .string()
      .min(1)
      .optional()
      .describe('Regular expression over topic names (type regex), e.g. ^person.'),
    crawl_schema_mechanism: z.string().optional().describe('How the message schema is discovered.'),
    subject_name: z.string().optional().describe('Schema registry subject of the messages.'),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.type === 'list' && (t.list === undefined || t.list.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['list'],
        message: 'type list needs `list` with at least one topic name',
      });
    }
    if (t.type === 'list' && t.regex !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['regex'],
        message: 'regex applies to type regex only: remove it',
      });
    }
    if (t.type === 'regex' && t.regex === undefined) {
      ctx.addIssue({ code: 'custom', path: ['regex'], message: 'type regex needs `regex`, e.g. ^person' });
    }
    if (t.type === 'regex' && t.list !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['list'], message: 'list applies to type list only: remove it' });
    }
  });

const spec = z
  .object({
    configuration: z
      .object({ topic_identifier: topicIdentifier.describe('Which topics the mapping reads.') })
      .strict()
      .describe('Mapping configuration.'),
  })
  .strict()
  .describe('A topic mapping of a streaming source (Kafka or Confluent).');

export type TopicMappingSpec = z.infer<typeof spec>;

const COLLECTION = '/sources/{Source}/topic-mappings';
const IDENTIFIER_KEYS = Object.keys(topicIdentifier.shape);

export const TopicMapping = defineKind<TopicMappingSpec>({
  kind: 'TopicMapping',
  description: 'A topic mapping of a streaming source (Kafka or Confluent).',
  parent: 'Source',
  metadataKey: 'topic_mapping',
  spec,
  sensitive: [],
  immutable: [],
  refs: () => [],
  // List items are whole mapping objects.
  read: { list: COLLECTION },
  fromApi: ({ item }) => {
    const live = pick(asRecord(asRecord(item.configuration)?.topic_identifier), IDENTIFIER_KEYS);
    if (live.list !== undefined) live.list = asArray(live.list);
    return {
      configuration: { topic_identifier: live as TopicMappingSpec['configuration']['topic_identifier'] },
    };
  },
  // Topic order carries no meaning.
  normalize: (s) => {
    const identifier = s.configuration.topic_identifier;
    if (!identifier.list) return s;
    return { configuration: { topic_identifier: { ...identifier, list: sortedSet(identifier.list) } } };
  },
  // The reference shows `result` as a bare id string; real clients (and the emulator) read `result.id`.
  ...crudWrites<TopicMappingSpec>({
    collection: COLLECTION,
    body: (spec, ctx) => ({ name: ctx.name, configuration: spec.configuration }),
    note: 'topic mapping',
  }),
});

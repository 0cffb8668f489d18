import { describe, expect, it } from 'vitest';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { TopicMapping, type TopicMappingSpec } from '../../../src/kinds/mappings/mapping-kinds.js';
import { pending } from '../shared/id-refs.js';

const people = {
  configuration: {
    topic_identifier: {
      type: 'list',
      list: ['person', 'address'],
      crawl_schema_mechanism: 'schema_registry',
      subject_name: 'person-value',
    },
  },
};

function parse(input: unknown): TopicMappingSpec {
  const spec = TopicMapping.spec.parse(input);
  return TopicMapping.normalize ? TopicMapping.normalize(spec) : spec;
}

function issuesOf(input: unknown) {
  const result = TopicMapping.spec.safeParse(input);
  if (result.success) throw new Error('expected the spec to be rejected');
  return result.error.issues.map((i) => ({ path: i.path.join('/'), message: i.message }));
}

function context(self: IdExpr): WriteContext {
  return {
    name: 'people',
    self,
    ancestors: { Source: pending('Source/events_stream') },
    idOf: pending,
    idAt: () => {
      throw new Error('a topic mapping has no refs');
    },
  };
}

describe('TopicMapping', () => {
  it('accepts a topic list and sorts it', () => {
    expect(parse(people).configuration.topic_identifier.list).toEqual(['address', 'person']);
  });

  it('asks for a regex when the identifier type is regex', () => {
    expect(issuesOf({ configuration: { topic_identifier: { type: 'regex' } } })).toEqual([
      { path: 'configuration/topic_identifier/regex', message: 'type regex needs `regex`, e.g. ^person' },
    ]);
  });

  it('refuses a regex next to a topic list', () => {
    expect(
      issuesOf({ configuration: { topic_identifier: { type: 'list', list: ['a'], regex: '^a' } } }),
    ).toEqual([
      {
        path: 'configuration/topic_identifier/regex',
        message: 'regex applies to type regex only: remove it',
      },
    ]);
  });

  it('refuses an empty topic list', () => {
    expect(issuesOf({ configuration: { topic_identifier: { type: 'list', list: [] } } })).toEqual([
      {
        path: 'configuration/topic_identifier/list',
        message: 'type list needs `list` with at least one topic name',
      },
    ]);
  });

  it('has no references of its own', () => {
    expect(
      TopicMapping.refs(parse(people), { ancestors: ['events_stream'], declared: () => undefined }),
    ).toEqual([]);
  });

  it('creates, patches and deletes under its source', () => {
    const spec = parse(people);
    expect(TopicMapping.create(spec, context('${TopicMapping/events_stream/people.id}'))).toEqual([
      {
        method: 'POST',
        path: '/sources/${Source/events_stream.id}/topic-mappings',
        body: { name: 'people', configuration: spec.configuration },
        creates: true,
        note: 'topic mapping',
      },
    ]);
    const after = parse({ configuration: { topic_identifier: { type: 'regex', regex: '^person' } } });
    expect(TopicMapping.update(spec, after, new Set(['configuration']), context('T1'))).toEqual([
      {
        method: 'PATCH',
        path: '/sources/${Source/events_stream.id}/topic-mappings/T1',
        body: { name: 'people', configuration: { topic_identifier: { type: 'regex', regex: '^person' } } },
        note: 'topic mapping',
      },
    ]);
    expect(TopicMapping.remove(spec, context('T1'))).toEqual([
      {
        method: 'DELETE',
        path: '/sources/${Source/events_stream.id}/topic-mappings/T1',
        note: 'topic mapping',
      },
    ]);
  });

  it('reads back what the platform stores, without its crawl results and audit fields', () => {
    const item = {
      id: '63ce575248ef1c73e0fa5360',
      name: 'people',
      configuration: {
        topic_identifier: { ...people.configuration.topic_identifier, list: ['person', 'address'] },
      },
      json_schema: [{ key: 'id', name: 'id', properties: { sql_type: 4, target_sql_type: 4, type: 'int' } }],
      table_details: [{ id: 't1', name: 'person', state: 'ready' }],
      deserializer_extension_name: 'Kafka',
      deserializer_function_alias: 'Kafka_function',
      created_at: '2024-05-01T10:00:00.000Z',
      created_by: '6RkfybTRQQByEey3v',
      modified_at: '2024-05-01T10:00:00.000Z',
      modified_by: '',
    };
    const live = TopicMapping.fromApi({ id: item.id, item, docs: {} }, { nameOf: () => undefined });
    expect(TopicMapping.normalize ? TopicMapping.normalize(live) : live).toEqual(parse(people));
  });
});

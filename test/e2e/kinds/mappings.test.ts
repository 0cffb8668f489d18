// Topic mappings (streaming sources) and file mappings (file sources) through the real CLI.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const mappings = (o: { topics?: string; path?: string; declared?: boolean } = {}) =>
  f.docs(
    f.streamSource(),
    f.jsonSource(),
    ...(o.declared === false ? [] : [f.topicMapping(o.topics), f.fileMapping(o.path)]),
  );

describe('topic and file mappings', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'sources.yaml': mappings() });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const collections = async () => ({
    topics: `/sources/${await api.idOf('/sources', 'clicks')}/topic-mappings`,
    files: `/sources/${await api.idOf('/sources', 'json_files')}/file-mappings`,
  });

  it('applies both mapping kinds from empty, then plans no changes and writes nothing', async () => {
    const applied = await f.applyOk(e2e);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 9 added, 0 changed, 0 replaced, 0 destroyed.',
    );
    await f.expectConverged(e2e);
  });

  it('plans no changes for mappings made by hand with the topics in another order', async () => {
    await e2e.write('sources.yaml', mappings({ declared: false }));
    await f.applyOk(e2e);
    const { topics, files } = await collections();
    await api.send('POST', topics, {
      name: 'people',
      configuration: { topic_identifier: { type: 'list', list: ['person_a', 'person_b'] } },
    });
    await api.send('POST', files, {
      name: 'orders_files',
      configuration: {
        include_filename_regex: '.*\\.json',
        character_encoding: 'UTF-8',
        include_subdirectories: true,
        record_scope: 'line',
        source_relative_path: '/orders',
      },
    });
    await e2e.write('sources.yaml', mappings());
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({});
    await f.expectConverged(e2e);
  });

  it('updates a topic list and a file path with one PATCH each, then converges', async () => {
    await f.applyOk(e2e);
    const { topics, files } = await collections();
    await e2e.write(
      'sources.yaml',
      mappings({ topics: '[person_c, person_a, person_b]', path: '/orders/v2' }),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'TopicMapping/clicks/people': 'update',
      'FileMapping/json_files/orders_files': 'update',
    });
    expect(plan.changes.find((c) => c.address === 'TopicMapping/clicks/people')?.fields).toEqual([
      {
        path: '/configuration/topic_identifier/list',
        before: ['person_a', 'person_b'],
        after: ['person_a', 'person_b', 'person_c'],
        impact: 'next-run',
      },
    ]);
    expect(f.callLines(plan)).toEqual([
      `PATCH ${topics}/${await api.idOf(topics, 'people')}`,
      `PATCH ${files}/${await api.idOf(files, 'orders_files')}`,
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('deletes undeclared mappings of owned sources: they are owned with their source', async () => {
    await f.applyOk(e2e);
    const { topics, files } = await collections();
    const ids = [
      `${topics}/${await api.idOf(topics, 'people')}`,
      `${files}/${await api.idOf(files, 'orders_files')}`,
    ];
    await e2e.write('sources.yaml', mappings({ declared: false }));
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'TopicMapping/clicks/people': 'delete',
      'FileMapping/json_files/orders_files': 'delete',
    });
    expect(plan.changes.map((c) => c.reason)).toEqual([
      'its parent Source/clicks is owned and no manifest declares it',
      'its parent Source/json_files is owned and no manifest declares it',
    ]);
    expect(f.callLines(plan)).toEqual(ids.map((id) => `DELETE ${id}`));
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });
});

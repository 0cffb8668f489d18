// A table's streaming configuration through the real CLI against the emulator: create, no-op
// re-plan, drift after a change by hand, the source-type and schema rules at validate time, and
// the export round trip. Tables of other sources never read the document.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const STREAMING = `
streaming:
  state: enabled
  engine:
    name: spark
    master: yarn
    deploy_mode: cluster
  topic_identifier:
    type: list
    value: clicks
  streaming_frequency: minutes
  streaming_value: 5
  record_type:
    name: delimited
    column_separator: ','
    character_encoding: utf-8`;

/** A table named `events` in `source`, with extra spec lines (unindented). */
const events = (source: string, extra = STREAMING) => f.table({ name: 'events', source, extra });

describe('table streaming configuration', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(f.streamSource(), events('clicks')),
    });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const streamingPath = async () => {
    const source = await api.idOf('/sources', 'clicks');
    const table = await api.idOf(`/sources/${source}/tables`, 'events');
    return `/sources/${source}/table/${table}/configurations/streaming`;
  };

  it('writes the streaming document with one PUT, then converges', async () => {
    const plan = await f.planJson(e2e);
    const put = plan.calls.find((c) => c.path.endsWith('/configurations/streaming'));
    expect(put).toMatchObject({
      method: 'PUT',
      path: '/sources/${Source/clicks.id}/table/${Table/clicks/events.id}/configurations/streaming',
      body: expect.objectContaining({ streaming_frequency: 'minutes', streaming_value: 5 }),
    });
    await f.applyOk(e2e);
    const live = await api.get<{ result: { configuration: Record<string, unknown> } }>(await streamingPath());
    expect(live.result.configuration).toMatchObject({
      state: 'enabled',
      topic_identifier: { type: 'list', value: 'clicks' },
      record_type: { column_separator: ',' },
    });
    await f.expectConverged(e2e);
  });

  it('reports a streaming interval changed by hand as drift, and apply puts the document back', async () => {
    await f.applyOk(e2e);
    const at = await streamingPath();
    const live = await api.get<{ result: { configuration: Record<string, unknown> } }>(at);
    await api.send('PUT', at, { ...live.result.configuration, streaming_value: 30 });
    const drift = await e2e.dpac(['drift', '-o', 'json']);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.stdout).changed).toEqual([
      expect.objectContaining({
        address: 'Table/clicks/events',
        fields: [{ path: '/streaming/streaming_value', before: 30, after: 5, impact: 'next-run' }],
      }),
    ]);
    const plan = await f.planJson(e2e);
    expect(f.callLines(plan)).toEqual([`PUT ${at}`]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('refuses a streaming block on a table of a database source, located, at validate time', async () => {
    await e2e.write(
      'sources.yaml',
      f.docs(f.streamSource(), events('clicks'), f.salesDb(), events('sales_db')),
    );
    const output = await f.validateFails(e2e);
    expect(output).toMatch(/sources\.yaml:\d+:\d+/);
    expect(output).toContain(
      'Table/sales_db/events: streaming is only for tables of streaming sources, and its source is of type rdbms',
    );
    expect(output).not.toContain('Table/clicks/events:');
  });

  it('checks the emulator rules in the schema: the frequency enum and an integer interval', async () => {
    const bad = STREAMING.replace('minutes', 'weeks').replace('streaming_value: 5', 'streaming_value: 2.5');
    await e2e.write('sources.yaml', f.docs(f.streamSource(), events('clicks', bad)));
    const output = await f.validateFails(e2e);
    expect(output).toContain('streaming_frequency');
    expect(output).toContain('streaming_value');
  });

  it('exports the streaming block, and the exported files plan no change', async () => {
    await f.applyOk(e2e);
    await f.exportRoundTrip(e2e);
    const tables = await f.exportedFile(e2e, 'sources/clicks/tables.yaml');
    expect(tables).toContain('streaming:');
    expect(tables).toContain('deploy_mode: cluster');
  });
});

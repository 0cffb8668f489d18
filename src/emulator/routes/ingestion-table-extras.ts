// Table segmentation, per-table file-mapping properties and streaming configuration.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { normalizeFileProperties } from './ingestion-config-rules.js';
import {
  asRecord,
  type Body,
  isRecord,
  requireSource,
  requireTable,
  updateIfChanged,
} from './ingestion-lookup.js';

const DERIVE_FORMATS = ['yyyy', 'MM', 'dd', 'yyyyMM', 'MMdd', 'yyyyMMdd'];
const DERIVE_FUNCTIONS = ['year', 'month', 'day num in month', 'year month', 'month day', 'year month day'];

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

function success(id: string, message: string): EmuResult {
  return ok({ status: 'success', id }, message);
}

function oneOf(body: Body, field: string, allowed: string[]): void {
  const value = body[field];
  if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
    invalid(`Invalid ${field} '${String(value)}': expected one of ${allowed.join(', ')}`);
  }
}

function checkSegmentation(body: Body): Body {
  if (typeof body.extract_from_column !== 'boolean')
    invalid("'extract_from_column' is required and must be a boolean");
  const column = body.column;
  if (!isRecord(column) || typeof column.name !== 'string' || typeof column.sql_type !== 'number') {
    invalid("'column' must be an object with 'name' (string) and 'sql_type' (int)");
  }
  oneOf(body, 'derive_format', DERIVE_FORMATS);
  oneOf(body, 'derive_function', DERIVE_FUNCTIONS);
  if (body.extract_from_column && (body.derive_format === undefined || body.derive_function === undefined)) {
    invalid("'derive_format' and 'derive_function' are required when 'extract_from_column' is true");
  }
  return body;
}

function segmentationView(table: Doc): Body {
  return {
    id: table.id,
    table_id: table.id,
    segmented_ingested_count: 0,
    total_segments_count: 0,
    total_count: 0,
    segments: [],
    ...asRecord(table.segmentation),
  };
}

function checkStreaming(body: Body): void {
  oneOf(body, 'state', ['enabled', 'disabled']);
  oneOf(body, 'streaming_frequency', ['minutes', 'hours', 'days']);
  const engine = asRecord(body.engine);
  oneOf(engine, 'name', ['spark']);
  oneOf(engine, 'master', ['yarn', 'standalone']);
  oneOf(engine, 'deploy_mode', ['client', 'cluster']);
  oneOf(asRecord(body.topic_identifier), 'type', ['list', 'regex']);
  oneOf(asRecord(body.record_type), 'character_encoding', ['utf-8', 'ascii']);
  if (body.streaming_value !== undefined && !Number.isInteger(body.streaming_value)) {
    invalid("'streaming_value' must be an integer");
  }
}

function streamingStatus(table: Doc): Body {
  const config = asRecord(table.streaming_configuration);
  const status = table.streaming_status ?? (config.state === 'enabled' ? 'enabled' : 'disabled');
  return { table_id: table.id, status, job_id: table.streaming_job_id ?? null };
}

function checkFileMapping(body: Body): Body {
  const count = body.header_rows_count;
  if (count !== undefined && (!Number.isInteger(count) || (count as number) < 0)) {
    invalid("'header_rows_count' must be a non-negative integer");
  }
  return normalizeFileProperties(body);
}

export function registerTableExtras(app: EmuApp): void {
  const base = '/sources/:source_id/tables/:table_id';
  const tableOf = (req: EmuRequest) => requireTable(app, req.params.source_id!, req.params.table_id!);
  const save = (req: EmuRequest, table: Doc, patch: Body) =>
    updateIfChanged(app, { collection: 'tables', doc: table }, patch, req.user.id);
  const options = { entity: 'table' };

  app.route(
    'POST',
    `${base}/segmentation/start`,
    (req) => {
      const table = tableOf(req);
      save(req, table, { segmentation: { ...checkSegmentation(bodyObject(req)), status: 'started' } });
      return ok(undefined, 'Segmentation started successfully');
    },
    options,
  );
  app.route('GET', `${base}/segmentation`, (req) => ok(segmentationView(tableOf(req))));
  for (const [step, status] of [
    ['end', 'ended'],
    ['cancel', 'cancelled'],
    ['crawl', undefined],
  ] as const) {
    app.route(
      'POST',
      `${base}/segmentation/${step}`,
      (req) => {
        const table = tableOf(req);
        const current = asRecord(table.segmentation);
        if (current.status === undefined)
          invalid(`Segmentation has not been started for table '${String(table.name)}'`);
        if (status) save(req, table, { segmentation: { ...current, status } });
        return ok(undefined, `Segmentation ${step} request processed successfully`);
      },
      options,
    );
  }
  app.route('GET', `${base}/segments`, (req) => {
    const result = list(req, segmentationView(tableOf(req)).segments as unknown[]);
    (result.body as Body).results = (result.body as Body).result;
    return result;
  });

  app.route('GET', `${base}/configurations/file-mapping`, (req) =>
    ok(asRecord(asRecord(tableOf(req).configuration).source_file_properties)),
  );
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    app.route(
      method,
      `${base}/configurations/file-mapping`,
      (req) => {
        const table = tableOf(req);
        const configuration = asRecord(table.configuration);
        const sent = checkFileMapping(bodyObject(req));
        const properties =
          method === 'PATCH' ? { ...asRecord(configuration.source_file_properties), ...sent } : sent;
        save(req, table, { configuration: { ...configuration, source_file_properties: properties } });
        return success(table.id, 'Successfully updated file mapping');
      },
      options,
    );
  }

  const streaming = '/sources/:source_id/table/:table_id/configurations/streaming';
  const streamingTableOf = (req: EmuRequest) => {
    const source = requireSource(app, req.params.source_id!);
    if (source.type !== 'streaming') {
      invalid(`Source '${String(source.name)}' is not a streaming source: it has no streaming configuration`);
    }
    return tableOf(req);
  };
  app.route('GET', streaming, (req) => {
    const table = streamingTableOf(req);
    const status = streamingStatus(table);
    return {
      status: 200,
      body: {
        message: '',
        ...status,
        result: { ...status, configuration: table.streaming_configuration ?? {} },
      },
    };
  });
  app.route(
    'PUT',
    streaming,
    (req) => {
      const table = streamingTableOf(req);
      const body = bodyObject(req);
      checkStreaming(body);
      save(req, table, { streaming_configuration: body });
      return success(table.id, 'Successfully updated streaming configuration');
    },
    options,
  );
  app.route('GET', '/sources/:source_id/streaming-tables', (req) => {
    const source = requireSource(app, req.params.source_id!);
    const tables = app.store.find(
      'tables',
      (t) => t.source === source.id && t.streaming_configuration !== undefined,
    );
    return list(req, tables.map(streamingStatus));
  });
  app.route(
    'POST',
    '/sources/:source_id/stop-streaming',
    (req) => {
      const source = requireSource(app, req.params.source_id!);
      const ids = bodyObject(req).table_ids;
      if (!Array.isArray(ids) || ids.length === 0) invalid("'table_ids' must be a non-empty array");
      const tables = ids.map((id) => requireTable(app, source.id, String(id)));
      for (const table of tables) save(req, table, { streaming_status: 'stopped' });
      return ok(source.id, 'Streaming stopped successfully');
    },
    options,
  );
}

// Ingestion test fixture: an emulator on port 0, an admin session over plain fetch, env/storage/computes.
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';

const REFRESH = 'dpac-emulator-refresh-token-0000000000000000000000000000000000000000';

// biome-ignore lint/suspicious/noExplicitAny: replies are JSON inspected ad hoc by the assertions.
export type Json = any;

interface Reply {
  status: number;
  body: Json;
  text: string;
}

class Api {
  private token = '';
  constructor(readonly url: string) {}

  async login(): Promise<void> {
    const res = await fetch(`${this.url}/security/token/access`, {
      headers: { authorization: `Basic ${REFRESH}` },
    });
    const body = (await res.json()) as Json;
    this.token = body.result.authentication_token;
  }

  async call(method: string, path: string, body?: unknown): Promise<Reply> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), text };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body);
  put = (path: string, body?: unknown) => this.call('PUT', path, body);
  patch = (path: string, body?: unknown) => this.call('PATCH', path, body);
  del = (path: string) => this.call('DELETE', path);

  /** The id from a create reply, failing loudly with the reply when the create did not succeed. */
  async create(path: string, body: unknown): Promise<string> {
    const reply = await this.post(path, body);
    if (reply.status !== 200 || typeof reply.body?.result?.id !== 'string') {
      throw new Error(`POST ${path} failed: ${reply.status} ${reply.text}`);
    }
    return reply.body.result.id;
  }
}

export interface Platform {
  environmentId: string;
  storageId: string;
  computeId: string;
  clusterId: string;
}

export interface Fixture {
  emu: RunningEmulator;
  api: Api;
  platform: Platform;
}

/** Starts an emulator and creates an environment with a storage, a compute template and a cluster. */
export async function startFixture(options: EmulatorOptions = {}): Promise<Fixture> {
  const emu = await startEmulator({ port: 0, quiet: true, ...options });
  const api = new Api(emu.url);
  await api.login();
  const environmentId = await api.create('/admin/environment', {
    name: 'env_test',
    platform: 'azure',
    compute_engine: 'databricks',
  });
  const env = `/admin/environment/${environmentId}`;
  const storageId = await api.create(`${env}/environment-storage`, {
    name: 'storage_test',
    storage_type: 'dbfs',
  });
  const compute = { compute_engine: 'databricks', compute_configuration: { runtime_configuration: {} } };
  const computeId = await api.create(`${env}/environment-compute-template`, {
    name: 'compute_test',
    ...compute,
  });
  const clusterId = await api.create(`${env}/environment-interactive-clusters`, {
    name: 'cluster_test',
    ...compute,
    compute_engine: 'databricksInteractive',
  });
  return { emu, api, platform: { environmentId, storageId, computeId, clusterId } };
}

export function sourceBody(platform: Platform, name: string, extra: Record<string, unknown> = {}): Json {
  return {
    name,
    type: 'rdbms',
    sub_type: 'sqlserver',
    data_lake_path: `/iw/sources/${name}`,
    data_lake_schema: 'PUBLIC',
    environment_id: platform.environmentId,
    storage_id: platform.storageId,
    is_source_ingested: true,
    ...extra,
  };
}

/** Adds a source and `names.length` tables through the browse/add-tables flow; returns their ids. */
export async function sourceWithTables(
  fixture: Fixture,
  name: string,
  names: string[],
): Promise<{ sourceId: string; tableIds: string[] }> {
  const sourceId = await fixture.api.create('/sources', sourceBody(fixture.platform, name));
  const reply = await fixture.api.post(`/sources/${sourceId}/tables/source_tables`, {
    tables_to_add: names.map((table) => ({
      table_name: table,
      schema_name: 'dbo',
      table_type: 'TABLE',
      target_table_name: table.toUpperCase(),
      target_schema_name: 'PUBLIC',
    })),
  });
  if (reply.status !== 200) throw new Error(`adding tables failed: ${reply.text}`);
  return { sourceId, tableIds: reply.body.result.added_tables };
}

export function groupBody(platform: Platform, name: string, tableIds: string[]): Json {
  return {
    name,
    environment_compute_template: { environment_compute_template_id: platform.computeId },
    max_connections: 1,
    max_parallel_entities: 1,
    tables: tableIds.map((table_id) => ({ table_id, connection_quota: 100 })),
  };
}

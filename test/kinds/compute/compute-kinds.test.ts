import { describe, expect, it } from 'vitest';
import { ComputeTemplate, InteractiveCluster } from '../../../src/kinds/compute/compute-kinds.js';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { pending } from '../shared/id-refs.js';

const names = { nameOf: () => undefined };
const ENV_ID = '66cd72aaeed4673496ef27c7';
const ID = 'f1b68b17e40c11b07fc62128';

function writeContext(name: string, self: IdExpr = pending(`ComputeTemplate/prod/${name}`)): WriteContext {
  return {
    name,
    self,
    ancestors: { Environment: ENV_ID },
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const etlSmall = {
  compute_engine: 'databricks',
  description: 'Per-job cluster.',
  is_default_cluster: true,
  compute_configuration: {
    runtime_configuration: {
      engine_type: 'spark',
      runtime_version: '14.3',
      runtime_version_properties: { label: '14.3', scala: '2.12', photon_enabled: false },
      driver_node_type: 'Standard_D4as_v5',
      worker_node_type: 'Standard_D4as_v5',
      num_worker_nodes: 2,
      enable_autoscale: true,
      autoscale: { min_worker_nodes: 1, max_worker_nodes: 4 },
      advanced_configurations: [
        { key: 'spark.sql.shuffle.partitions', value: '64' },
        { key: 'spark.executor.memory', value: '4g', is_active: false },
      ],
      data_security_mode: 'SINGLE_USER',
    },
    connection_configuration: {
      workspace_url: 'https://adb-1.azuredatabricks.net',
      token: '${env.DATABRICKS_TOKEN}',
    },
  },
};

const interactiveDev = {
  compute_engine: 'databricksInteractive',
  interactive_job_submit_enabled: true,
  compute_configuration: {
    runtime_configuration: { runtime_version: '14.3', num_worker_nodes: 2, idle_termination_timeout: 60 },
  },
};

const parseTemplate = (spec: unknown) => ComputeTemplate.normalize!(ComputeTemplate.spec.parse(spec));
const parseCluster = (spec: unknown) => InteractiveCluster.normalize!(InteractiveCluster.spec.parse(spec));
const issuesOf = (spec: unknown, kind = ComputeTemplate) =>
  (kind.spec.safeParse(spec).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('compute schemas', () => {
  it('accept an ephemeral template and a persistent cluster', () => {
    expect(issuesOf(etlSmall)).toEqual([]);
    expect(issuesOf(interactiveDev, InteractiveCluster)).toEqual([]);
  });

  it('keep persistent-only fields out of ephemeral templates', () => {
    const spec = { ...interactiveDev, compute_engine: 'databricks' };
    expect(issuesOf(spec)).toEqual([
      'compute_configuration.runtime_configuration: Unrecognized key: "idle_termination_timeout"',
      ': Unrecognized key: "interactive_job_submit_enabled"',
    ]);
  });

  it('refuse autoscale without bounds, inverted bounds and a repeated configuration key', () => {
    const runtime = etlSmall.compute_configuration.runtime_configuration;
    const noBounds = {
      compute_engine: 'databricks',
      compute_configuration: { runtime_configuration: { enable_autoscale: true } },
    };
    expect(issuesOf(noBounds)).toEqual([
      'compute_configuration.runtime_configuration.autoscale: enable_autoscale needs autoscale bounds; add autoscale.',
    ]);
    const bad = {
      ...etlSmall,
      compute_configuration: {
        runtime_configuration: {
          ...runtime,
          autoscale: { min_worker_nodes: 5, max_worker_nodes: 2 },
          advanced_configurations: [runtime.advanced_configurations[0], runtime.advanced_configurations[0]],
        },
      },
    };
    expect(issuesOf(bad)).toEqual([
      'compute_configuration.runtime_configuration.autoscale.min_worker_nodes: min_worker_nodes is above max_worker_nodes; swap or fix them.',
      'compute_configuration.runtime_configuration.advanced_configurations: advanced configuration spark.sql.shuffle.partitions appears twice; keep one.',
    ]);
  });

  it('refuse an unknown engine and a fractional worker count', () => {
    const spec = {
      compute_engine: 'synapse',
      compute_configuration: { runtime_configuration: { num_worker_nodes: 1.5 } },
    };
    expect(issuesOf(spec).map((m) => m.split(':')[0])).toEqual([
      'compute_engine',
      'compute_configuration.runtime_configuration.num_worker_nodes',
    ]);
  });
});

describe('compute writes', () => {
  it('create ephemeral templates and persistent clusters in their own collections', () => {
    expect(ComputeTemplate.create(parseTemplate(etlSmall), writeContext('etl-small'))).toEqual([
      {
        method: 'POST',
        path: `/admin/environment/${ENV_ID}/environment-compute-template`,
        creates: true,
        body: { name: 'etl-small', launch_strategy: 'ephemeral', ...parseTemplate(etlSmall) },
      },
    ]);
    expect(InteractiveCluster.create(parseCluster(interactiveDev), writeContext('interactive-dev'))).toEqual([
      {
        method: 'POST',
        path: `/admin/environment/${ENV_ID}/environment-interactive-clusters`,
        creates: true,
        body: {
          name: 'interactive-dev',
          launch_strategy: 'persistent',
          compute_engine: 'databricksInteractive',
          interactive_job_submit_enabled: true,
          compute_configuration: {
            runtime_configuration: {
              runtime_version: '14.3',
              num_worker_nodes: 2,
              idle_termination_timeout: 60,
            },
          },
        },
      },
    ]);
  });

  it('sort advanced configurations by key and fill is_active', () => {
    const configs =
      parseTemplate(etlSmall).compute_configuration.runtime_configuration.advanced_configurations;
    expect(configs).toEqual([
      { key: 'spark.executor.memory', value: '4g', is_active: false },
      { key: 'spark.sql.shuffle.partitions', value: '64', is_active: true },
    ]);
  });

  it('update with a PATCH of the whole document, token included', () => {
    const after = parseTemplate({ ...etlSmall, description: 'Bigger.' });
    const [call, ...rest] = ComputeTemplate.update(
      parseTemplate(etlSmall),
      after,
      new Set(['description']),
      writeContext('etl-small', ID),
    );
    expect(rest).toEqual([]);
    expect(call).toEqual({
      method: 'PATCH',
      path: `/admin/environment/${ENV_ID}/environment-compute-template/${ID}`,
      body: { name: 'etl-small', launch_strategy: 'ephemeral', ...after },
    });
    const body = call?.body as typeof etlSmall | undefined;
    expect(body?.compute_configuration.connection_configuration.token).toBe('${env.DATABRICKS_TOKEN}');
  });

  it('remove with a DELETE marked undocumented (no reference has it), and replace on an engine change', () => {
    expect(
      InteractiveCluster.remove(parseCluster(interactiveDev), writeContext('interactive-dev', ID)),
    ).toEqual([
      {
        method: 'DELETE',
        path: `/admin/environment/${ENV_ID}/environment-interactive-clusters/${ID}`,
        undocumented: true,
      },
    ]);
    expect(policyOf(ComputeTemplate).immutable.pointers).toEqual(['/compute_engine']);
    expect(
      ComputeTemplate.refs(parseTemplate(etlSmall), { ancestors: ['prod'], declared: () => undefined }),
    ).toEqual([]);
    expect(InteractiveCluster.parent).toBe('Environment');
  });
});

describe('compute fromApi', () => {
  it('projects what the API stores back to the spec: server fields, secrets and stringly numbers folded', () => {
    const runtime = etlSmall.compute_configuration.runtime_configuration;
    const live = {
      id: ID,
      name: 'etl-small',
      environment_id: ENV_ID,
      launch_strategy: 'ephemeral',
      created_at: '2023-06-07T07:32:43.874Z',
      modified_by: '',
      ...etlSmall,
      compute_configuration: {
        runtime_configuration: {
          ...runtime,
          cluster_mode: 'standard',
          num_worker_nodes: '2',
          max_allowed_workers: null,
          advanced_configurations: [
            { key: 'spark.sql.shuffle.partitions', value: 64, is_active: true },
            { key: 'spark.executor.memory', value: '4g', is_active: false },
          ],
        },
        connection_configuration: {
          workspace_url: 'https://adb-1.azuredatabricks.net',
          token: { password_type: 'infoworks_managed', password: 'Y2lwaGVy' },
        },
      },
    };
    const expected = parseTemplate(etlSmall);
    expected.compute_configuration.connection_configuration = {
      workspace_url: 'https://adb-1.azuredatabricks.net',
    };
    expect(ComputeTemplate.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual(expected);
  });

  it('reads a persistent cluster without its Databricks cluster id', () => {
    const live = {
      id: ID,
      name: 'interactive-dev',
      cluster_id: '0228-053549-vcs3y4zr',
      launch_strategy: 'persistent',
      ...interactiveDev,
    };
    expect(InteractiveCluster.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual(
      parseCluster(interactiveDev),
    );
  });

  it('accepts the contract shape of a single advanced configuration object', () => {
    const live = {
      id: ID,
      compute_engine: 'databricks',
      compute_configuration: {
        runtime_configuration: { advanced_configurations: { key: 'k', value: 'v', is_active: true } },
      },
    };
    expect(ComputeTemplate.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual({
      compute_engine: 'databricks',
      compute_configuration: {
        runtime_configuration: { advanced_configurations: [{ key: 'k', value: 'v', is_active: true }] },
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { Environment } from '../../../src/kinds/environment/environment.js';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { pending } from '../shared/id-refs.js';

const names = { nameOf: () => undefined };

function writeContext(self: IdExpr = pending('Environment/prod')): WriteContext {
  return {
    name: 'prod',
    self,
    ancestors: {},
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const databricks = {
  platform: 'azure',
  compute_engine: 'databricks',
  description: 'Production lakehouse.',
  connection_configuration: {
    workspace_url: 'https://adb-1.azuredatabricks.net',
    token: '${env.DATABRICKS_TOKEN}',
    region: 'eastus',
  },
  metastore: { type: 'hive', configuration: { mode: 'internal' } },
};

/** Every field of the Databricks Unity variant, including a Snowflake warehouse. */
const unity = {
  platform: 'azure',
  compute_engine: 'databricks',
  description: 'Unity lakehouse.',
  support_gov_cloud: false,
  connection_configuration: {
    workspace_url: 'https://adb-2.azuredatabricks.net',
    token: { password_type: 'service_authentication', service_auth_id: '66cd72aaeed4673496ef27c7' },
    region: 'westeurope',
  },
  metastore: { type: 'hive', configuration: { mode: 'unity_catalog' } },
  data_warehouse_type: 'snowflake',
  data_warehouse_configuration: {
    type: 'snowflake',
    connection_url: 'https://acme.snowflakecomputing.com',
    account_name: 'acme',
    additional_params: [{ key: 'role', value: 'LOADER' }],
    snowflake_profiles: [
      {
        name: 'loader',
        is_default_profile: true,
        warehouse: [{ name: 'LOAD_WH', is_default_warehouse: true }],
        authentication_properties: { type: 'default', username: 'LOADER', password: '${env.SF_PASSWORD}' },
      },
    ],
  },
  staging_area: { catalog_name: 'main', schema_name: 'staging', volume_name: 'landing' },
  profiles: [
    { type: 'username', name: 'ops', username: 'ops@example.com', is_default: true },
    {
      type: 'azure_service_principal',
      name: 'sp',
      azure_service_principal: {
        password_type: 'service_authentication',
        service_auth_id: 'f1b68b17e40c11b07fc62128',
      },
    },
  ],
};

const parse = (spec: unknown) => Environment.normalize!(Environment.spec.parse(spec));
const issuesOf = (spec: unknown) =>
  (Environment.spec.safeParse(spec).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('Environment schema', () => {
  it('accepts an Azure Databricks environment and a Unity one with a Snowflake warehouse', () => {
    expect(Environment.spec.safeParse(databricks).success).toBe(true);
    expect(Environment.spec.safeParse(unity).success).toBe(true);
  });

  it('accepts an EMR environment with a glue metastore and a Kubernetes one with OAuth', () => {
    const emr = {
      platform: 'aws',
      compute_engine: 'emr',
      connection_configuration: {
        region: 'us-east-1',
        authentication_mechanism: 'access_key',
        access_key: '${env.AWS_ACCESS_KEY}',
        secret_key: { password_type: 'secret_store', secret_id: '66cd72aaeed4673496ef27c7' },
      },
      metastore: { type: 'glue', configuration: { mode: 'internal', warehouse_location: 's3://wh/' } },
    };
    const k8s = {
      platform: 'spark',
      compute_engine: 'kubernetes',
      connection_configuration: {
        cluster_type: 'external',
        authentication_mechanism: 'oauth_token',
        api_url: 'https://k8s.example.com',
        namespace: 'dpac',
        oauth_details: { oauth_token: '${env.K8S_TOKEN}', https_enabled: true },
      },
    };
    expect(issuesOf(emr)).toEqual([]);
    expect(issuesOf(k8s)).toEqual([]);
  });

  it('refuses connection fields of another engine and names the fields the engine takes', () => {
    const spec = {
      ...databricks,
      connection_configuration: { ...databricks.connection_configuration, access_key: '${env.K}' },
    };
    expect(issuesOf(spec)).toEqual([
      'connection_configuration.access_key: access_key does not apply to compute_engine databricks; remove it (databricks takes workspace_url, token, region).',
    ]);
  });

  it('refuses an engine on the wrong platform and a missing Databricks token', () => {
    const spec = { ...databricks, compute_engine: 'emr', connection_configuration: { region: 'x' } };
    expect(issuesOf(spec)).toEqual([
      'platform: compute_engine emr runs on platform aws; change platform.',
      'connection_configuration.authentication_mechanism: authentication_mechanism is required for compute_engine emr; add it.',
    ]);
    const noToken = { ...databricks, connection_configuration: { workspace_url: 'https://adb' } };
    expect(issuesOf(noToken)).toEqual([
      'connection_configuration.token: token is required for compute_engine databricks; add it.',
    ]);
  });

  it('requires connection details and a password for an external hive metastore', () => {
    const spec = {
      ...databricks,
      metastore: {
        type: 'hive',
        configuration: { mode: 'external', connection_url: 'jdbc:x', user_name: 'hive' },
      },
    };
    expect(issuesOf(spec)).toEqual([
      'metastore.configuration.password: password is required for an external hive metastore; add it.',
    ]);
  });

  it('refuses a warehouse type that disagrees with its configuration and a profile without password', () => {
    const profile = unity.data_warehouse_configuration.snowflake_profiles[0]!;
    const spec = {
      ...unity,
      data_warehouse_type: 'bigQuery',
      data_warehouse_configuration: {
        ...unity.data_warehouse_configuration,
        snowflake_profiles: [{ ...profile, authentication_properties: { type: 'default', username: 'u' } }],
      },
    };
    expect(issuesOf(spec)).toEqual([
      'data_warehouse_type: data_warehouse_type must equal data_warehouse_configuration.type (snowflake); set it to snowflake.',
      'data_warehouse_configuration.snowflake_profiles.0.authentication_properties.password: password is required for default authentication; add it.',
    ]);
  });

  it('refuses Unity settings outside Databricks and unknown fields', () => {
    const emr = {
      platform: 'aws',
      compute_engine: 'emr',
      connection_configuration: { region: 'us-east-1', authentication_mechanism: 'system' },
      staging_area: unity.staging_area,
    };
    expect(issuesOf(emr)).toEqual([
      'staging_area: staging_area applies only to compute_engine databricks (Unity Catalog); remove it.',
    ]);
    expect(issuesOf({ ...databricks, name: 'prod' })).toEqual([': Unrecognized key: "name"']);
  });
});

describe('Environment writes', () => {
  it('keeps secret references intact when normalizing the desired spec', () => {
    expect(parse(unity).connection_configuration.token).toEqual(unity.connection_configuration.token);
    const profile = parse(unity).data_warehouse_configuration;
    expect(
      profile?.type === 'snowflake' && profile.snowflake_profiles[0]?.authentication_properties.password,
    ).toBe('${env.SF_PASSWORD}');
  });

  it('has no references and reads full documents from the list', () => {
    expect(Environment.refs(parse(databricks), { ancestors: [], declared: () => undefined })).toEqual([]);
    expect(Environment.read).toEqual({ list: '/admin/environment?fetch_all=true' });
    expect(policyOf(Environment).immutable.pointers).toEqual(['/platform', '/compute_engine']);
  });

  it('creates with one POST carrying the token reference as written', () => {
    expect(Environment.create(parse(databricks), writeContext())).toEqual([
      {
        method: 'POST',
        path: '/admin/environment',
        creates: true,
        body: {
          name: 'prod',
          platform: 'azure',
          compute_engine: 'databricks',
          description: 'Production lakehouse.',
          connection_configuration: {
            workspace_url: 'https://adb-1.azuredatabricks.net',
            token: '${env.DATABRICKS_TOKEN}',
            region: 'eastus',
          },
          metastore: { type: 'hive', configuration: { mode: 'internal' } },
        },
      },
    ]);
  });

  it('updates with a PATCH of the whole document, token included, without platform and engine', () => {
    const before = parse(databricks);
    const after = parse({ ...databricks, description: 'Changed.' });
    expect(
      Environment.update(before, after, new Set(['description']), writeContext('66cd72aaeed4673496ef27c7')),
    ).toEqual([
      {
        method: 'PATCH',
        path: '/admin/environment/66cd72aaeed4673496ef27c7',
        body: {
          name: 'prod',
          description: 'Changed.',
          connection_configuration: {
            workspace_url: 'https://adb-1.azuredatabricks.net',
            token: '${env.DATABRICKS_TOKEN}',
            region: 'eastus',
          },
          metastore: { type: 'hive', configuration: { mode: 'internal' } },
        },
      },
    ]);
  });

  it('removes with a DELETE', () => {
    expect(Environment.remove(parse(databricks), writeContext('66cd72aaeed4673496ef27c7'))).toEqual([
      { method: 'DELETE', path: '/admin/environment/66cd72aaeed4673496ef27c7' },
    ]);
  });
});

describe('Environment fromApi', () => {
  it('projects what the API stores back to the spec, minus secrets and server fields', () => {
    const cipher = { password_type: 'infoworks_managed', password: 'Zm9vYmFyY2lwaGVy' };
    const live = {
      id: '66cd72aaeed4673496ef27c7',
      name: 'unity',
      state: 'ready',
      created_at: '2023-06-07T07:32:43.874Z',
      created_by: '6RkfybTRQQByEey3v',
      modified_at: '2023-06-08T11:05:10.923Z',
      modified_by: '',
      ...unity,
      connection_configuration: { ...unity.connection_configuration, token: cipher },
      data_warehouse_configuration: {
        ...unity.data_warehouse_configuration,
        additional_params: [{ key: 'role', value: 'LOADER', is_active: true, is_encrypted: false }],
        snowflake_profiles: [
          {
            ...unity.data_warehouse_configuration.snowflake_profiles[0],
            authentication_properties: { type: 'default', username: 'LOADER', password: cipher },
          },
        ],
      },
    };
    const expected = parse(unity) as Record<string, unknown>;
    const wantConnection = { workspace_url: 'https://adb-2.azuredatabricks.net', region: 'westeurope' };
    const wantWarehouse = structuredClone(unity.data_warehouse_configuration) as {
      snowflake_profiles: { authentication_properties: Record<string, unknown> }[];
    };
    delete wantWarehouse.snowflake_profiles[0]!.authentication_properties.password;
    expect(Environment.fromApi({ id: live.id, item: live, docs: {} }, names)).toEqual({
      ...expected,
      connection_configuration: wantConnection,
      data_warehouse_configuration: wantWarehouse,
    });
  });

  it('reads an empty warehouse type and configuration as no warehouse', () => {
    const live = {
      id: 'ed1c6973a2d2046f1fe93a20',
      name: 'prod',
      ...databricks,
      description: '',
      data_warehouse_type: '',
      data_warehouse_configuration: {},
      connection_configuration: { ...databricks.connection_configuration, token: 'cipher' },
    };
    const { description: _d, ...rest } = parse(databricks);
    expect(Environment.fromApi({ id: live.id, item: live, docs: {} }, names)).toEqual({
      ...rest,
      connection_configuration: { workspace_url: 'https://adb-1.azuredatabricks.net', region: 'eastus' },
    });
  });
});

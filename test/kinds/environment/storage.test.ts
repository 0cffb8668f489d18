import { describe, expect, it } from 'vitest';
import { EnvironmentStorage } from '../../../src/kinds/environment/storage.js';
import type { WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { pending } from '../shared/id-refs.js';

const names = { nameOf: () => undefined };
const ENV_ID = '66cd72aaeed4673496ef27c7';

function writeContext(self = '${EnvironmentStorage/prod/lake.id}'): WriteContext {
  return {
    name: 'lake',
    self,
    ancestors: { Environment: ENV_ID },
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const lake = {
  storage_type: 'adls_gen2',
  description: 'Data lake.',
  is_default_storage: true,
  storage_credential_name: 'lake_credential',
  storage_authentication: {
    scheme: 'abfss://',
    authentication_mechanism: 'access_key',
    file_system: 'lake',
    storage_account_name: 'dpacprodlake',
    access_key_name: '${env.LAKE_ACCESS_KEY}',
  },
};

const parse = (spec: unknown) => EnvironmentStorage.normalize!(EnvironmentStorage.spec.parse(spec));
const issuesOf = (spec: unknown) =>
  (EnvironmentStorage.spec.safeParse(spec).error?.issues ?? []).map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  );

describe('EnvironmentStorage schema', () => {
  it('accepts ADLS Gen2, S3 with keys, WASB and DBFS storages', () => {
    expect(issuesOf(lake)).toEqual([]);
    const s3 = {
      storage_type: 's3',
      region: 'us-east-1',
      storage_authentication: {
        scheme: 's3a://',
        bucket_name: 'raw',
        authentication_mechanism: 'access_key',
        access_key: '${env.S3_KEY}',
        secret_key: { password_type: 'secret_store', secret_id: 'f1b68b17e40c11b07fc62128' },
      },
    };
    const wasb = {
      storage_type: 'wasb',
      storage_authentication: {
        scheme: 'wasbs://',
        container_name: 'c',
        storage_account_name: 'acct',
        account_key: '${env.WASB_KEY}',
      },
    };
    expect(issuesOf(s3)).toEqual([]);
    expect(issuesOf(wasb)).toEqual([]);
    expect(issuesOf({ storage_type: 'dbfs' })).toEqual([]);
  });

  it('refuses fields of another storage type and a scheme that does not fit', () => {
    const spec = {
      ...lake,
      storage_authentication: { ...lake.storage_authentication, scheme: 's3a://', bucket_name: 'b' },
    };
    expect(issuesOf(spec)).toEqual([
      'storage_authentication.bucket_name: bucket_name does not apply to storage_type adls_gen2; remove it.',
      'storage_authentication.scheme: storage_type adls_gen2 uses scheme abfs:// or abfss://.',
    ]);
  });

  it('requires the credential each authentication mechanism needs', () => {
    const { access_key_name: _key, ...noKey } = lake.storage_authentication;
    expect(issuesOf({ ...lake, storage_authentication: noKey })).toEqual([
      'storage_authentication.access_key_name: access_key_name is required when authentication_mechanism is access_key; add it.',
    ]);
    const sp = { ...noKey, authentication_mechanism: 'service_principal', application_id: 'app' };
    expect(issuesOf({ ...lake, storage_authentication: sp })).toEqual([
      'storage_authentication.directory_id: directory_id is required when authentication_mechanism is service_principal; add it.',
      'storage_authentication.service_credential: service_credential is required when authentication_mechanism is service_principal; add it.',
    ]);
  });

  it('refuses a mechanism the storage type does not know and a missing authentication', () => {
    const spec = {
      ...lake,
      storage_authentication: { ...lake.storage_authentication, authentication_mechanism: 'system' },
    };
    expect(issuesOf(spec)).toEqual([
      'storage_authentication.authentication_mechanism: storage_type adls_gen2 authenticates with access_key, service_principal, not system.',
    ]);
    expect(issuesOf({ storage_type: 'gcs' })).toEqual([
      'storage_authentication.scheme: scheme is required for storage_type gcs; add it.',
      'storage_authentication.bucket_name: bucket_name is required for storage_type gcs; add it.',
      'storage_authentication.authentication_mechanism: authentication_mechanism is required for storage_type gcs; add it.',
    ]);
  });

  it('refuses a service authentication where the platform allows only values or stored secrets', () => {
    const spec = {
      ...lake,
      storage_authentication: {
        ...lake.storage_authentication,
        access_key_name: { password_type: 'service_authentication', service_auth_id: 'x' },
      },
    };
    const issues = EnvironmentStorage.spec.safeParse(spec).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toEqual(['storage_authentication.access_key_name']);
  });
});

describe('EnvironmentStorage writes', () => {
  it('is a child of Environment without other references', () => {
    expect(EnvironmentStorage.parent).toBe('Environment');
    expect(EnvironmentStorage.metadataKey).toBe('storage');
    expect(EnvironmentStorage.refs(parse(lake), { ancestors: ['prod'], declared: () => undefined })).toEqual(
      [],
    );
    expect(EnvironmentStorage.read.list).toBe('/admin/environment/{Environment}/environment-storage');
  });

  it('creates under its environment with the access key reference as written', () => {
    expect(EnvironmentStorage.create(parse(lake), writeContext())).toEqual([
      {
        method: 'POST',
        path: `/admin/environment/${ENV_ID}/environment-storage`,
        creates: true,
        body: { name: 'lake', ...lake },
      },
    ]);
  });

  it('sends an empty storage_authentication for DBFS, as the API expects', () => {
    const [call] = EnvironmentStorage.create(parse({ storage_type: 'dbfs' }), writeContext());
    expect(call?.body).toEqual({ name: 'lake', storage_type: 'dbfs', storage_authentication: {} });
  });

  it('re-sends the whole document with its secret when only the description changed', () => {
    const after = parse({ ...lake, description: 'Renamed zones.' });
    expect(
      EnvironmentStorage.update(
        parse(lake),
        after,
        new Set(['description']),
        writeContext('f1b68b17e40c11b07fc62128'),
      ),
    ).toEqual([
      {
        method: 'PATCH',
        path: `/admin/environment/${ENV_ID}/environment-storage/f1b68b17e40c11b07fc62128`,
        body: { name: 'lake', ...lake, description: 'Renamed zones.' },
      },
    ]);
  });

  it('removes with a DELETE marked undocumented (no reference has it), and replaces on a storage type change', () => {
    expect(EnvironmentStorage.remove(parse(lake), writeContext('f1b68b17e40c11b07fc62128'))).toEqual([
      {
        method: 'DELETE',
        path: `/admin/environment/${ENV_ID}/environment-storage/f1b68b17e40c11b07fc62128`,
        undocumented: true,
      },
    ]);
    expect(policyOf(EnvironmentStorage).immutable.pointers).toEqual(['/storage_type']);
    expect(policyOf(EnvironmentStorage).secret.pointers).toContain('/storage_authentication/access_key_name');
  });
});

describe('EnvironmentStorage fromApi', () => {
  it('projects what the API stores back to the spec, minus the secret and server fields', () => {
    const live = {
      id: 'f1b68b17e40c11b07fc62128',
      name: 'lake',
      environment_id: ENV_ID,
      created_at: '2023-06-07T07:32:43.874Z',
      created_by: '6RkfybTRQQByEey3v',
      modified_at: '2023-06-07T07:32:43.874Z',
      modified_by: '',
      storage_integration_name: '',
      ...lake,
      storage_authentication: {
        ...lake.storage_authentication,
        access_key_name: { password_type: 'infoworks_managed', password: 'c2VjcmV0Y2lwaGVy' },
      },
    };
    const { access_key_name: _secret, ...auth } = lake.storage_authentication;
    expect(EnvironmentStorage.fromApi({ id: live.id, item: live, docs: {} }, names)).toEqual({
      ...parse(lake),
      storage_authentication: auth,
    });
  });

  it('reads the empty authentication of DBFS as no setting', () => {
    const live = {
      id: 'a',
      name: 'dbfs',
      storage_type: 'dbfs',
      storage_authentication: {},
      is_default_storage: false,
    };
    expect(EnvironmentStorage.fromApi({ id: 'a', item: live, docs: {} }, names)).toEqual({
      storage_type: 'dbfs',
      is_default_storage: false,
    });
  });
});

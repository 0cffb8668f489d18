// The EnvironmentStorage manifest spec: storage type, placement and the credentials to reach it,
// with the rules each storage type sets (fields it takes and needs, schemes, mechanisms).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { secret, storedSecret } from '../shared/fields.js';

const STORAGE_TYPES = ['dbfs', 'adls_gen1', 'adls_gen2', 'wasb', 's3', 'gcs'] as const;
type StorageType = (typeof STORAGE_TYPES)[number];

const text = (description: string) => z.string().min(1).describe(description);

const storageAuthentication = z
  .object({
    scheme: z
      .enum(['gs://', 'adl://', 'abfs://', 'abfss://', 'wasb://', 'wasbs://', 's3a://', 's3://'])
      .optional()
      .describe(
        'URI scheme; must fit storage_type (adls_gen2: abfs:// or abfss://, s3: s3a:// or s3://...).',
      ),
    authentication_mechanism: z
      .enum([
        'access_key',
        'service_principal',
        'system',
        'environment_access_key',
        'service_credential',
        'environment_service_credential',
      ])
      .optional()
      .describe('How the platform authenticates; the allowed values depend on storage_type.'),
    bucket_name: text('s3 and gcs: bucket name.').optional(),
    file_system: text('adls_gen2: file system (container).').optional(),
    container_name: text('wasb: container name.').optional(),
    storage_account_name: text('adls and wasb: storage account name.').optional(),
    application_id: text('adls service principal: application (client) id.').optional(),
    directory_id: text('adls service principal: directory (tenant) id.').optional(),
    service_credential: secret('adls service principal: client secret.').optional(),
    access_key_name: storedSecret('adls_gen2 access_key: the storage account access key.').optional(),
    account_key: storedSecret('wasb: storage account key.').optional(),
    access_key: storedSecret('s3 access_key: access key id.').optional(),
    secret_key: storedSecret('s3 access_key: secret access key.').optional(),
  })
  .strict()
  .describe(
    'Where the storage is and how to authenticate; the fields depend on storage_type (none for dbfs).',
  );

type Auth = z.infer<typeof storageAuthentication>;
type AuthKey = keyof Auth;

/** Per storage type: fields it takes, fields it needs, schemes, mechanisms, and fields each mechanism needs. */
const RULES: Record<
  StorageType,
  { allowed: AuthKey[]; required: AuthKey[]; schemes: string[]; mechanisms: Record<string, AuthKey[]> }
> = {
  dbfs: { allowed: [], required: [], schemes: [], mechanisms: {} },
  gcs: {
    allowed: ['scheme', 'bucket_name', 'authentication_mechanism'],
    required: ['scheme', 'bucket_name', 'authentication_mechanism'],
    schemes: ['gs://'],
    mechanisms: { service_credential: [], system: [], environment_service_credential: [] },
  },
  adls_gen1: {
    allowed: [
      'scheme',
      'authentication_mechanism',
      'storage_account_name',
      'application_id',
      'directory_id',
      'service_credential',
    ],
    required: ['scheme', 'authentication_mechanism', 'storage_account_name'],
    schemes: ['adl://'],
    mechanisms: { service_principal: ['application_id', 'directory_id', 'service_credential'] },
  },
  adls_gen2: {
    allowed: [
      'scheme',
      'authentication_mechanism',
      'file_system',
      'storage_account_name',
      'access_key_name',
      'application_id',
      'directory_id',
      'service_credential',
    ],
    required: ['scheme', 'authentication_mechanism', 'file_system', 'storage_account_name'],
    schemes: ['abfs://', 'abfss://'],
    mechanisms: {
      access_key: ['access_key_name'],
      service_principal: ['application_id', 'directory_id', 'service_credential'],
    },
  },
  wasb: {
    allowed: ['scheme', 'container_name', 'storage_account_name', 'account_key'],
    required: ['scheme', 'container_name', 'storage_account_name', 'account_key'],
    schemes: ['wasb://', 'wasbs://'],
    mechanisms: {},
  },
  s3: {
    allowed: ['scheme', 'bucket_name', 'authentication_mechanism', 'access_key', 'secret_key'],
    required: ['scheme', 'bucket_name', 'authentication_mechanism'],
    schemes: ['s3a://', 's3://'],
    mechanisms: { access_key: ['access_key', 'secret_key'], system: [], environment_access_key: [] },
  },
};

export const storageObject = z
  .object({
    storage_type: withRules(
      z.enum(STORAGE_TYPES).describe('dbfs, adls_gen1, adls_gen2, wasb, s3 or gcs. Immutable.'),
      { immutable: true },
    ),
    description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
      impact: 'metadata',
    }),
    region: text('Region of the bucket (s3, gcs).').optional(),
    is_default_storage: z.boolean().optional().describe('Whether jobs of the environment use it by default.'),
    storage_integration_name: text('Snowflake storage integration name.').optional(),
    storage_credential_name: text('Unity Catalog storage credential name.').optional(),
    storage_authentication: storageAuthentication.optional(),
  })
  .strict();

// Field policy (docs/data-impact.md): no source says what moving or re-keying a storage does to its data.
export const storageSpec = withRules(
  storageObject
    .superRefine((s, ctx) => {
      const rules = RULES[s.storage_type];
      const auth = s.storage_authentication ?? {};
      const at = (key: string) => ['storage_authentication', key];
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      for (const key of Object.keys(auth) as AuthKey[]) {
        if (!rules.allowed.includes(key)) {
          issue(at(key), `${key} does not apply to storage_type ${s.storage_type}; remove it.`);
        }
      }
      const need = (keys: AuthKey[], why: string) => {
        for (const key of keys)
          if (auth[key] === undefined) issue(at(key), `${key} is required ${why}; add it.`);
      };
      need(rules.required, `for storage_type ${s.storage_type}`);
      if (auth.scheme !== undefined && !rules.schemes.includes(auth.scheme)) {
        issue(at('scheme'), `storage_type ${s.storage_type} uses scheme ${rules.schemes.join(' or ')}.`);
      }
      const mechanism = auth.authentication_mechanism;
      if (mechanism === undefined) return;
      const needs = rules.mechanisms[mechanism];
      if (needs === undefined) {
        const known = Object.keys(rules.mechanisms);
        issue(
          at('authentication_mechanism'),
          known.length === 0
            ? `storage_type ${s.storage_type} takes no authentication_mechanism; remove it.`
            : `storage_type ${s.storage_type} authenticates with ${known.join(', ')}, not ${mechanism}.`,
        );
        return;
      }
      need(needs, `when authentication_mechanism is ${mechanism}`);
    })
    .describe('A storage location of an environment, with the credentials to reach it.'),
  { impact: 'unknown', impactOnDelete: 'unknown' },
);

export type EnvironmentStorageSpec = z.infer<typeof storageSpec>;

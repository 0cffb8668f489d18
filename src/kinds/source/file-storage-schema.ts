// Where a file source (or a Teradata TPT connection) reads its files: the `storage` union of a connection.
import { z } from 'zod';
import { secret } from '../shared/fields.js';

const dbfs = z
  .object({
    storage_type: z.literal('dbfs').describe('Files on the compute cluster file system.'),
  })
  .strict();

const basicCredential = z
  .object({
    type: z.literal('basic').describe('User name and password.'),
    username: z.string().min(1).describe('SFTP user.'),
    password: secret('SFTP password.'),
  })
  .strict();

const keyCredential = z
  .object({
    type: z
      .literal('key')
      .describe('Private key on the platform host, optionally protected by a passphrase.'),
    username: z.string().min(1).describe('SFTP user.'),
    private_key_path: z.string().min(1).describe('Path of the private key file on the platform host.'),
    passphrase: secret('Passphrase of the private key.').optional(),
  })
  .strict();

const pathCredential = z
  .object({
    type: z.literal('path').describe('Private key file already present on the platform host.'),
    private_key_path: z.string().min(1).describe('Path of the private key file on the platform host.'),
  })
  .strict();

const remote = z
  .object({
    storage_type: z.literal('remote').describe('Files on an SFTP server.'),
    sftp_host: z.string().min(1).describe('SFTP host name.'),
    sftp_port: z.number().int().min(1).max(65535).describe('SFTP port, usually 22.'),
    username: z.string().min(1).describe('SFTP user.'),
    auth_type: z.enum(['password', 'private_key']).describe('How the SFTP user authenticates.'),
    password: secret('SFTP password (auth_type password).').optional(),
    credential: z
      .discriminatedUnion('type', [basicCredential, keyCredential, pathCredential])
      .optional()
      .describe('Credential details (basic, key or path).'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.auth_type === 'password' && s.password === undefined && s.credential?.type !== 'basic') {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'auth_type password needs a password: add `password: ${env.NAME}`',
      });
    }
  });

const s3 = z
  .object({
    storage_type: z.literal('cloud').describe('Files in cloud object storage.'),
    cloud_type: z.literal('s3').describe('Amazon S3.'),
    access_type: z
      .string()
      .min(1)
      .optional()
      .describe('How to access the bucket, e.g. use_access_credentials.'),
    account_type: z.string().optional().describe('Account type.'),
    access_id: z.string().optional().describe('Access key id.'),
    secret_key: secret('Secret access key.').optional(),
    support_gov_cloud: z.boolean().optional().describe('Whether the bucket lives in a government cloud.'),
    endpoint: z.string().optional().describe('Custom S3 endpoint.'),
  })
  .strict();

const gs = z
  .object({
    storage_type: z.literal('cloud').describe('Files in cloud object storage.'),
    cloud_type: z.literal('gs').describe('Google Cloud Storage.'),
    access_type: z.enum(['service_account']).optional().describe('How to access the bucket.'),
    project_id: z.string().optional().describe('Google Cloud project id.'),
    upload_option: z
      .enum(['fileUpload', 'serverLocation'])
      .optional()
      .describe(
        'Where the service account key comes from; only serverLocation can be declared in a manifest.',
      ),
    server_path: z.string().optional().describe('Path of the service account key on the platform host.'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.upload_option === 'fileUpload') {
      ctx.addIssue({
        code: 'custom',
        path: ['upload_option'],
        message:
          'a key file upload cannot be declared: use `upload_option: serverLocation` with `server_path`',
      });
    }
    if (s.upload_option === 'serverLocation' && !s.server_path) {
      ctx.addIssue({
        code: 'custom',
        path: ['server_path'],
        message: 'upload_option serverLocation needs server_path (the key file path on the platform host)',
      });
    }
  });

const wasb = z
  .object({
    storage_type: z.literal('cloud').describe('Files in cloud object storage.'),
    cloud_type: z.literal('wasb').describe('Azure Blob Storage.'),
    access_type: z.enum(['none', 'account_key']).optional().describe('How to access the container.'),
    account_name: z.string().optional().describe('Storage account name.'),
    account_key: secret('Storage account key (access_type account_key).').optional(),
    account_endpoint: z.string().optional().describe('Storage account endpoint.'),
    container_name: z.string().optional().describe('Container name.'),
    support_gov_cloud: z.boolean().optional().describe('Whether the account lives in a government cloud.'),
  })
  .strict();

const adlsGen2 = z
  .object({
    storage_type: z.literal('cloud').describe('Files in cloud object storage.'),
    cloud_type: z.literal('adls_gen2').describe('Azure Data Lake Storage Gen2.'),
    access_type: z.string().min(1).optional().describe('How to access the file system, e.g. access_key.'),
    access_scheme: z.string().optional().describe('URI scheme, e.g. abfss://.'),
    storage_account_name: z.string().optional().describe('Storage account name.'),
    file_system: z.string().optional().describe('File system (container) name.'),
    access_key_name: secret('Storage account access key.').optional(),
    support_gov_cloud: z.boolean().optional().describe('Whether the account lives in a government cloud.'),
  })
  .strict();

const cloud = z.discriminatedUnion('cloud_type', [s3, gs, wasb, adlsGen2]);

export const fileStorage = z
  .discriminatedUnion('storage_type', [dbfs, remote, cloud])
  .describe('Where the files are: dbfs, remote (SFTP) or cloud (s3, gs, wasb, adls_gen2).');

// The GenericSourceType manifest spec: the JDBC driver class, where its jars are, and the driver
// files to upload (local paths, read by the loader) or to keep (name and size, as export writes).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

/** A file the platform holds, named by what the API shows of it: name and size. */
const liveFile = z
  .object({
    name: z.string().min(1).describe('File name on the platform, e.g. terajdbc4.jar.'),
    size: z.number().int().nonnegative().describe('Size in bytes.'),
  })
  .strict()
  .describe('A driver file the platform must already hold (export writes this form; it cannot be uploaded).');

const driverFile = z.union([
  z
    .string()
    .min(1)
    .describe('Path of a local driver file, relative to this manifest; uploaded when the platform lacks it.'),
  liveFile,
]);

/** A local file once the loader read it (the manifest gives its path). */
export interface ResolvedFile {
  name: string;
  size: number;
  sha256?: string;
  path?: string;
}

const typeObject = z
  .object({
    driver_class_name: withRules(
      z
        .string()
        .min(1)
        .describe('Fully qualified JDBC driver class, e.g. com.teradata.jdbc.TeraDriver. Immutable.'),
      // The update call takes only upload_option, folder_path and files.
      { immutable: true },
    ),
    upload_option: z
      .enum(['fileUpload', 'serverLocation'])
      .describe('serverLocation: the jars are in folder_path on the platform; fileUpload: uploaded files.'),
    folder_path: z
      .string()
      .min(1)
      .optional()
      .describe('Folder holding the driver jars, e.g. /opt/drivers (required for serverLocation).'),
    files: withRules(
      z
        .array(driverFile)
        .min(1)
        .describe(
          'Driver files, by local path or by name and size. Compared by name and size (the API keeps no hash); files the platform holds but the list leaves out are kept.',
        ),
      { keyedBy: 'name', localFiles: true },
    ).optional(),
  })
  .strict();

// Field policy (docs/data-impact.md): jobs load the driver when they next run.
export const genericSourceTypeSpec = withRules(
  typeObject
    .superRefine((s, ctx) => {
      if (s.upload_option === 'serverLocation' && s.folder_path === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['folder_path'],
          message:
            'upload_option serverLocation needs folder_path (the folder holding the driver jars); add it.',
        });
      }
    })
    .describe('A generic JDBC source type: a driver class and where its jars are.'),
  { impact: 'next-run', impactOnDelete: 'next-run' },
);

/** After loading, every file is resolved: local paths became {name, size, sha256, path}. */
export type GenericSourceTypeSpec = Omit<z.infer<typeof genericSourceTypeSpec>, 'files'> & {
  files?: ResolvedFile[];
};

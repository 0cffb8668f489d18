// The GenericSourceType manifest spec: the JDBC driver class and where its jars are.
import { z } from 'zod';

const typeObject = z
  .object({
    driver_class_name: z
      .string()
      .min(1)
      .describe('Fully qualified JDBC driver class, e.g. com.teradata.jdbc.TeraDriver. Immutable.'),
    upload_option: z
      .enum(['fileUpload', 'serverLocation'])
      .describe('serverLocation: the jars are in folder_path on the platform; fileUpload: uploaded files.'),
    folder_path: z
      .string()
      .min(1)
      .optional()
      .describe('Folder holding the driver jars, e.g. /opt/drivers (required for serverLocation).'),
  })
  .strict();

export const genericSourceTypeSpec = typeObject
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
  .describe('A generic JDBC source type: a driver class and where its jars are.');

export type GenericSourceTypeSpec = z.infer<typeof genericSourceTypeSpec>;

// FileMapping: which files of a JSON (or other file) source become one table family, and how records are cut.
import { z } from 'zod';
import { defineKind } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { asRecord, pick } from '../shared/fields.js';

const configuration = z
  .object({
    source_relative_path: z
      .string()
      .min(1)
      .describe('Folder of the files, relative to the source base path.'),
    record_scope: z.enum(['file', 'line']).optional().describe('One record per file, or one per line.'),
    include_subdirectories: z.boolean().optional().describe('Also read files in sub-folders.'),
    character_encoding: z.string().optional().describe('Character encoding of the files, e.g. UTF-8.'),
    include_filename_regex: z.string().optional().describe('Only files whose name matches, e.g. .*'),
    exclude_filename_regex: z.string().optional().describe('Skip files whose name matches.'),
  })
  .strict()
  .describe('Mapping configuration.');

const spec = z
  .object({ configuration })
  .strict()
  .describe('A file mapping of a file source: which files are read and how records are cut.');

export type FileMappingSpec = z.infer<typeof spec>;

const COLLECTION = '/sources/{Source}/file-mappings';
const KEYS = Object.keys(configuration.shape);

export const FileMapping = defineKind<FileMappingSpec>({
  kind: 'FileMapping',
  description: 'A file mapping of a file source: which files are read and how records are cut.',
  parent: 'Source',
  metadataKey: 'file_mapping',
  spec,
  sensitive: [],
  immutable: [],
  refs: () => [],
  // List items are whole mapping objects.
  read: { list: COLLECTION },
  fromApi: ({ item }) => {
    const raw = asRecord(item.configuration);
    const live = pick(raw, KEYS);
    // Other file APIs spell the flag `ingest_subdirectories`; accept that echo too.
    if (live.include_subdirectories === undefined && typeof raw?.ingest_subdirectories === 'boolean') {
      live.include_subdirectories = raw.ingest_subdirectories;
    }
    return { configuration: live as FileMappingSpec['configuration'] };
  },
  // The reference shows `result` as a bare id string; real clients (and the emulator) read `result.id`.
  ...crudWrites<FileMappingSpec>({
    collection: COLLECTION,
    body: (spec, ctx) => ({ name: ctx.name, configuration: spec.configuration }),
    note: 'file mapping',
  }),
});

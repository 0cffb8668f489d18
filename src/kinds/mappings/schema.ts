// The manifest specs of the two mapping kinds of a source: which topics a streaming source reads
// (TopicMapping) and which files a file source reads and how records are cut (FileMapping).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

const topicIdentifier = z
  .object({
    type: z.enum(['list', 'regex']).describe('Pick topics by an explicit list or by a regular expression.'),
    list: z.array(z.string().min(1)).optional().describe('Topic names (type list; a set).'),
    regex: z
      .string()
      .min(1)
      .optional()
      .describe('Regular expression over topic names (type regex), e.g. ^person.'),
    crawl_schema_mechanism: z.string().optional().describe('How the message schema is discovered.'),
    subject_name: z.string().optional().describe('Schema registry subject of the messages.'),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.type === 'list' && (t.list === undefined || t.list.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['list'],
        message: 'type list needs `list` with at least one topic name',
      });
    }
    if (t.type === 'list' && t.regex !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['regex'],
        message: 'regex applies to type regex only: remove it',
      });
    }
    if (t.type === 'regex' && t.regex === undefined) {
      ctx.addIssue({ code: 'custom', path: ['regex'], message: 'type regex needs `regex`, e.g. ^person' });
    }
    if (t.type === 'regex' && t.list !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['list'], message: 'list applies to type list only: remove it' });
    }
  });

// Field policy (docs/data-impact.md): the tables read the topics when they next run.
export const topicMappingSpec = withRules(
  z
    .object({
      configuration: z
        .object({ topic_identifier: topicIdentifier.describe('Which topics the mapping reads.') })
        .strict()
        .describe('Mapping configuration.'),
    })
    .strict()
    .describe('A topic mapping of a streaming source (Kafka or Confluent).'),
  { impact: 'next-run', impactOnDelete: 'unknown' },
);

export type TopicMappingSpec = z.infer<typeof topicMappingSpec>;

const fileConfiguration = z
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

// Field policy (docs/data-impact.md): the tables read the files when they next run.
export const fileMappingSpec = withRules(
  z
    .object({ configuration: fileConfiguration })
    .strict()
    .describe('A file mapping of a file source: which files are read and how records are cut.'),
  { impact: 'next-run', impactOnDelete: 'unknown' },
);

export type FileMappingSpec = z.infer<typeof fileMappingSpec>;

// Streaming configuration of a table of a streaming (Kafka/Confluent) source: engine, topic
// identifier, frequency and record type, written whole with PUT …/table/{id}/configurations/streaming.
import { z } from 'zod';
import { emptyIsAValue } from '../shared/spec-projection.js';

const engine = z
  .object({
    name: z.enum(['spark']).optional().describe('Streaming engine.'),
    master: z.enum(['yarn', 'standalone']).optional().describe('Cluster manager.'),
    deploy_mode: z.enum(['client', 'cluster']).optional().describe('Where the driver runs.'),
  })
  .strict();

const topicIdentifier = z
  .object({
    type: z.enum(['list', 'regex']).describe('A list of topics or a regular expression.'),
    value: z.string().min(1).describe('The topic list (comma-separated) or the expression.'),
  })
  .strict();

/** A separator or quote may be the empty string on purpose. */
const character = (what: string) => emptyIsAValue(z.string().describe(what)).optional();

const recordType = z
  .object({
    name: z.string().min(1).optional().describe('Record format, e.g. delimited.'),
    column_separator: character('Column separator, e.g. ",".'),
    column_enclosed_by: character('Quote character around columns.'),
    escape_character: character('Escape character.'),
    character_encoding: z.enum(['utf-8', 'ascii']).optional().describe('Character encoding.'),
  })
  .strict();

export const streamingSpec = z
  .object({
    state: z.enum(['enabled', 'disabled']).optional().describe('Whether streaming is on.'),
    engine: engine.optional(),
    topic_identifier: topicIdentifier.optional(),
    streaming_frequency: z
      .enum(['minutes', 'hours', 'days'])
      .optional()
      .describe('Unit of the micro-batch interval.'),
    streaming_value: z.number().int().positive().optional().describe('Micro-batch interval, in units.'),
    record_type: recordType.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.streaming_frequency === undefined) !== (s.streaming_value === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [s.streaming_frequency === undefined ? 'streaming_value' : 'streaming_frequency'],
        message: 'give streaming_frequency and streaming_value together (e.g. minutes and 5)',
      });
    }
  })
  .describe('Streaming configuration; only for tables of streaming (Kafka/Confluent) sources.');

export type StreamingSpec = z.infer<typeof streamingSpec>;

// ValidationSpec: a regex check on one column of a table (`ValidationSpec/<source>/<table>/<name>`).
import { z } from 'zod';
import { defineKind, type WriteContext } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { compact } from '../shared/fields.js';
import { liveText } from '../shared/table-live-values.js';

const spec = z
  .object({
    column_name: z.string().min(1).describe('The column whose values are checked.'),
    type: z.enum(['regex']).describe('Kind of check; regex is the only one the API documents.'),
    regex_expression: z
      .string()
      .min(1)
      .describe('Regular expression every value must match, e.g. [a-zA-Z]+.'),
  })
  .strict()
  .describe('A validation spec: a regular expression the values of a column must match.');

export type ValidationSpecSpec = z.infer<typeof spec>;

const LIST = '/sources/{Source}/tables/{Table}/validation-specs';

function body(s: ValidationSpecSpec, ctx: WriteContext): Record<string, unknown> {
  return {
    name: ctx.name,
    column_name: s.column_name,
    table_id: ctx.ancestors.Table,
    type: s.type,
    regex_expression: s.regex_expression,
  };
}

export const ValidationSpec = defineKind<ValidationSpecSpec>({
  kind: 'ValidationSpec',
  description: 'A validation spec: a regular expression the values of a column must match.',
  parent: 'Table',
  metadataKey: 'validation_spec',
  spec,
  sensitive: [],
  immutable: [],
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) =>
    compact({
      column_name: liveText(item.column_name) ?? '',
      type: (liveText(item.type) ?? 'regex') as ValidationSpecSpec['type'],
      // The SDK's docstring spells the expression `expression`.
      regex_expression: liveText(item.regex_expression) ?? liveText(item.expression) ?? '',
    }),
  ...crudWrites<ValidationSpecSpec>({ collection: LIST, body }),
});

// ValidationSpec: a regex check on one column of a table (`ValidationSpec/<source>/<table>/<name>`).
import { defineKind, type WriteContext } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { liveText } from '../shared/live-values.js';
import { OWNED_WITH_PARENT } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type ValidationSpecSpec, validationSpecSpec } from './schema.js';

export type { ValidationSpecSpec } from './schema.js';

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
  spec: validationSpecSpec,
  ownership: OWNED_WITH_PARENT,
  parentMarker: 'dpac:validation-specs',
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) =>
    projectLive(
      {
        ...item,
        // Regex is the only type the API documents; a record that does not say is one.
        type: liveText(item.type) ?? 'regex',
        // The SDK's docstring spells the expression `expression`.
        regex_expression: liveText(item.regex_expression) ?? item.expression,
      },
      validationSpecSpec,
    ),
  ...crudWrites<ValidationSpecSpec>({ collection: LIST, body }),
});

// The rename of a kind whose item endpoint takes a partial body: `{name}` alone, so a rename never
// re-sends (or needs) the secrets the rest of the document holds.
import type { CallDraft } from '../../core/call.js';
import { pathIds, renderPath, type WriteContext } from '../kind.js';

export function renameByName(item: string, method: 'PATCH' | 'PUT' = 'PATCH') {
  return (_before: unknown, _after: unknown, ctx: WriteContext): CallDraft[] => [
    { method, path: renderPath(item, pathIds(ctx)), body: { name: ctx.name }, note: 'rename' },
  ];
}

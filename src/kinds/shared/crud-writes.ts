// The write calls of a kind written as one document: POST to the collection, PATCH/PUT the item,
// DELETE the item. Several kinds share exactly this shape.
import type { CallDraft } from '../../core/call.js';
import { pathIds, type ResourceKind, renderPath, type WriteContext } from '../kind.js';
import { renameByName } from './rename-call.js';

export interface CrudWrites<S> {
  /** Collection path template (`/sources/{Source}/file-mappings`); the item is `<collection>/{id}`. */
  collection: string;
  /** The request body for create and update. */
  body(spec: S, ctx: WriteContext): unknown;
  updateMethod?: 'PATCH' | 'PUT';
  /** Label of the calls in plans (`file mapping`). */
  note?: string;
  /**
   * No reference documents the item's DELETE (environment storages, compute templates,
   * interactive clusters): the call is marked so plans say so and apply reports a refusal.
   */
  undocumentedDelete?: boolean;
}

/** The item's PATCH takes a partial body for every kind written this way, so it renames too. */
export function crudWrites<S>(
  w: CrudWrites<S>,
): Pick<ResourceKind<S>, 'create' | 'update' | 'remove' | 'rename' | 'writes'> {
  const item = `${w.collection}/{id}`;
  const note = w.note ? { note: w.note } : {};
  const route = (template: string) => template.replace(/\{[A-Za-z]+\}/g, '{}');
  return {
    writes: [
      `POST ${route(w.collection)}`,
      `${w.updateMethod ?? 'PATCH'} ${route(item)}`,
      `DELETE ${route(item)}`,
    ],
    create: (spec, ctx): CallDraft[] => [
      {
        method: 'POST',
        path: renderPath(w.collection, pathIds(ctx)),
        body: w.body(spec, ctx),
        creates: true,
        ...note,
      },
    ],
    update: (_before, after, _changed, ctx): CallDraft[] => [
      {
        method: w.updateMethod ?? 'PATCH',
        path: renderPath(item, pathIds(ctx)),
        body: w.body(after, ctx),
        ...note,
      },
    ],
    remove: (_before, ctx): CallDraft[] => [
      {
        method: 'DELETE',
        path: renderPath(item, pathIds(ctx)),
        ...note,
        ...(w.undocumentedDelete ? { undocumented: true as const } : {}),
      },
    ],
    rename: renameByName(item),
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KindName } from '../../src/kinds/index.js';
import { EagerProjections } from '../../src/live/eager-projections.js';
import { projectOne } from '../../src/live/project-objects.js';
import type { RawObject } from '../../src/live/read-live.js';

const TAG = 'managed-by:dpac';

function raw(
  kind: KindName,
  name: string,
  id: string,
  item: Record<string, unknown>,
  ancestors: string[] = [],
): RawObject {
  return { kind, name, ancestors, ancestorIds: {}, record: { id, item: { id, name, ...item }, docs: {} } };
}

/**
 * A platform whose records refer to each other by id (a source to its environment and storage, a
 * group to its source's tables), read as collections: environments and sources first, then each
 * parent's children once the parent arrived. Ids may collide (ambiguous names).
 */
function platform(seed: { envs: number; sources: number; tables: number; collide: boolean }) {
  const envs = Array.from({ length: seed.envs }, (_, e) => raw('Environment', `env${e}`, `e${e}`, {}));
  const storages = envs.map((env, e) => raw('EnvironmentStorage', `lake${e}`, `st${e}`, {}, [env.name]));
  const sources = Array.from({ length: seed.sources }, (_, s) =>
    raw('Source', `src${s}`, `s${s}`, {
      environment_id: `e${s % seed.envs}`,
      storage_id: `st${s % seed.envs}`,
      tags: [TAG],
    }),
  );
  const tables = sources.map((src, s) =>
    Array.from({ length: seed.tables }, (_, t) =>
      raw('Table', `t${t}`, seed.collide && t === 0 ? 'same' : `s${s}t${t}`, { tags: [TAG] }, [src.name]),
    ),
  );
  const groups = sources.map((src, s) => [
    raw('TableGroup', 'g', `g${s}`, { tables: tables[s]?.map((t) => ({ table_id: t.record.id })) ?? [] }, [
      src.name,
    ]),
  ]);
  return { envs, storages, sources, tables, groups };
}

describe('projections made while reading', () => {
  it('are kept only when they equal the projection made after every record is read', () => {
    fc.assert(
      fc.property(
        fc.record({
          envs: fc.integer({ min: 1, max: 3 }),
          sources: fc.integer({ min: 1, max: 4 }),
          tables: fc.integer({ min: 0, max: 3 }),
          collide: fc.boolean(),
        }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (shape, order) => {
          const p = platform(shape);
          const kinds = new Set<KindName>([
            'Environment',
            'EnvironmentStorage',
            'Source',
            'Table',
            'TableGroup',
          ]);
          const eager = new EagerProjections(kinds, TAG);
          // Collections in flight; one finishes at a time, in an order the seed picks.
          const inFlight: Array<[KindName, RawObject[], () => void]> = [];
          const start = (kind: KindName, raws: RawObject[], then: () => void = () => {}) => {
            eager.started(kind);
            inFlight.push([kind, raws, then]);
          };
          start('Environment', p.envs, () => {
            for (const storage of p.storages) start('EnvironmentStorage', [storage]);
          });
          start('Source', p.sources, () =>
            p.sources.forEach((_, s) => {
              start('Table', p.tables[s] ?? []);
              start('TableGroup', p.groups[s] ?? []);
            }),
          );
          for (let n = 0; inFlight.length > 0; n++) {
            const [kind, raws, then] = inFlight.splice(
              (order[n % order.length] ?? 0) % inFlight.length,
              1,
            )[0] as [KindName, RawObject[], () => void];
            then();
            eager.finished(kind, raws);
          }
          const all = [...p.envs, ...p.sources, ...p.storages, ...p.tables.flat(), ...p.groups.flat()];
          const index = new Map(all.map((r) => [`${r.kind}\u0000${r.record.id}`, r.name]));
          const names = { nameOf: (k: KindName, id: string) => index.get(`${k}\u0000${id}`) };
          for (const [r, projection] of eager.known) expect(projection).toEqual(projectOne(r, names, TAG));
          // Tables refer to nothing: they are all projected while reading, unless their ids collide.
          if (!shape.collide) for (const t of p.tables.flat()) expect(eager.known.has(t)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import { diffResources } from '../../src/diff/diff-resources.js';
import type { KindName } from '../../src/kinds/index.js';
import type { LiveObject, LiveState } from '../../src/live/live-object.js';
import type { Manifest } from '../../src/manifest/manifest.js';

function manifest(
  kind: KindName,
  address: string,
  spec: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
): Manifest {
  const parts = address.split('/');
  const name = parts.at(-1) as string;
  return {
    kind,
    name,
    ancestors: parts.slice(1, -1),
    address: addressFrom(address),
    metadata: { name, ...metadata },
    spec,
    source: { file: 'm.yaml', line: 1, col: 1 },
    locate: () => undefined,
  };
}

function live(kind: KindName, address: string, spec: Record<string, unknown>, owned = false): LiveObject {
  const parts = address.split('/');
  return {
    kind,
    address: addressFrom(address),
    name: parts.at(-1) as string,
    ancestors: parts.slice(1, -1),
    id: `id-${address}`,
    spec,
    owned,
    raw: { id: '', item: {}, docs: {} },
  };
}

function state(...objects: LiveObject[]): LiveState {
  return { objects: new Map(objects.map((o) => [o.address, o])), problems: [] };
}

const actions = (r: ReturnType<typeof diffResources>) =>
  r.changes.map((c) => `${c.action} ${c.address}: ${c.reason}`);

describe('diffResources', () => {
  it('creates what is declared and missing, and leaves what matches alone', () => {
    const result = diffResources({
      manifests: [
        manifest('Domain', 'Domain/a', { environments: [] }),
        manifest('Domain', 'Domain/b', { environments: [] }),
      ],
      live: state(live('Domain', 'Domain/b', { environments: [], description: 'server side' })),
    });
    expect(actions(result)).toEqual(['create Domain/a: declared, not found live', 'noop Domain/b: in sync']);
  });

  it('updates with field-level before and after', () => {
    const result = diffResources({
      manifests: [manifest('Domain', 'Domain/a', { description: 'new', environments: [] })],
      live: state(live('Domain', 'Domain/a', { description: 'old', environments: [] })),
    });
    expect(result.changes[0]).toMatchObject({
      action: 'update',
      reason: '1 field differs',
      fields: [{ path: '/description', before: 'old', after: 'new' }],
    });
  });

  it('replaces when an immutable field changes and names the field', () => {
    const result = diffResources({
      manifests: [manifest('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 's3' })],
      live: state(live('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 'dbfs' })),
    });
    expect(actions(result)).toEqual([
      'replace EnvironmentStorage/prod/lake: /storage_type cannot be changed in place',
    ]);
  });

  it('deletes an undeclared source only when it carries the ownership tag, and reports the rest unmanaged', () => {
    const result = diffResources({
      manifests: [manifest('Domain', 'Domain/a', { environments: [] })],
      live: state(
        live('Domain', 'Domain/a', { environments: [] }),
        live('Source', 'Source/ours', {}, true),
        live('Source', 'Source/theirs', {}, false),
      ),
    });
    expect(actions(result)).toContain(
      'delete Source/ours: carries the ownership tag and no manifest declares it',
    );
    expect(result.unmanaged).toEqual(['Source/theirs']);
  });

  it('deletes the children of a deleted parent first-class, and never deletes with an empty manifest set', () => {
    const objects = [live('Source', 'Source/ours', {}, true), live('Table', 'Table/ours/t1', {}, false)];
    const withManifests = diffResources({
      manifests: [manifest('Domain', 'Domain/x', { environments: [] })],
      live: state(...objects),
    });
    expect(actions(withManifests)).toContain('delete Table/ours/t1: its parent Source/ours is deleted');
    const empty = diffResources({ manifests: [], live: state(...objects) });
    expect(empty.changes).toEqual([]);
    expect(empty.unmanaged).toEqual(['Source/ours', 'Table/ours/t1']);
  });

  it('deletes inside a prune scope and children of a parent with prune: true', () => {
    const result = diffResources({
      manifests: [manifest('Source', 'Source/s', {}, { prune: true })],
      live: state(
        live('Source', 'Source/s', {}, true),
        live('Domain', 'Domain/tmp_1', {}),
        live('Domain', 'Domain/keep', {}),
        live('TopicMapping', 'TopicMapping/s/m', {}),
      ),
      prune: [{ kind: 'Domain', name: 'tmp_*' }],
    });
    expect(actions(result)).toEqual(
      expect.arrayContaining([
        'delete Domain/tmp_1: inside the prune scope Domain/tmp_* of dpac.yaml',
        'delete TopicMapping/s/m: its parent Source/s has metadata.prune: true',
      ]),
    );
    expect(result.unmanaged).toEqual(['Domain/keep']);
  });

  it('adopts a declared source that exists without the ownership tag', () => {
    const result = diffResources({
      manifests: [manifest('Source', 'Source/s', { tags: [] })],
      live: state(live('Source', 'Source/s', { tags: [] }, false)),
    });
    expect(actions(result)).toEqual([
      'adopt Source/s: exists live without the ownership tag: take ownership',
    ]);
  });

  it('refuses to delete or replace a protected object', () => {
    const result = diffResources({
      manifests: [
        manifest(
          'EnvironmentStorage',
          'EnvironmentStorage/prod/lake',
          { storage_type: 's3' },
          { protect: true },
        ),
      ],
      live: state(
        live('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 'dbfs' }),
        live('Source', 'Source/gone', {}, true),
      ),
      protect: [{ kind: 'Source', name: 'gone' }],
    });
    expect(result.diagnostics.map((d) => d.summary)).toEqual([
      'EnvironmentStorage/prod/lake is protected (metadata.protect: true) but the plan would replace it: /storage_type cannot be changed in place.',
      'Source/gone is protected (the protect pattern Source/gone in dpac.yaml) but the plan would delete it: carries the ownership tag and no manifest declares it.',
    ]);
  });

  it('refuses a mass delete above max(5, 25%) of the managed objects of a kind unless allowed', () => {
    const owned = Array.from({ length: 6 }, (_, i) => live('Source', `Source/s${i}`, {}, true));
    const manifests = [manifest('Domain', 'Domain/x', { environments: [] })];
    const refused = diffResources({ manifests, live: state(...owned) });
    expect(refused.diagnostics.map((d) => d.summary)).toEqual([
      'The plan deletes 6 of 6 managed Source objects, more than the limit of 5.',
    ]);
    expect(diffResources({ manifests, live: state(...owned), allowMassDelete: true }).diagnostics).toEqual(
      [],
    );
  });

  it('takes the creates a selection depends on, and nothing else, when selecting', () => {
    const owned = Array.from({ length: 6 }, (_, i) => live('Source', `Source/gone${i}`, {}, true));
    const result = diffResources({
      manifests: [
        manifest('Environment', 'Environment/prod', {}),
        manifest('Domain', 'Domain/sales', { environments: ['prod'] }),
        manifest('Domain', 'Domain/other', { environments: [] }),
      ],
      live: state(...owned),
      selected: (c) => c.address === 'Domain/sales',
    });
    expect(actions(result)).toEqual([
      'create Environment/prod: declared, not found live',
      'create Domain/sales: declared, not found live',
    ]);
    expect(result.diagnostics).toEqual([]); // the unselected deletes do not trip the mass-delete guard
  });

  it('honours metadata.ignore pointers and never compares write-only fields', () => {
    const result = diffResources({
      manifests: [
        manifest(
          'Domain',
          'Domain/a',
          { description: 'mine', environments: ['x'] },
          { ignore: ['/description'] },
        ),
      ],
      live: state(live('Domain', 'Domain/a', { description: 'theirs', environments: ['x'] })),
    });
    expect(actions(result)).toEqual(['noop Domain/a: in sync']);
  });
});

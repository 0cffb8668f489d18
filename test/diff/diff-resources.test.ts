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

/** The audit fields the platform stamps: who changed it last. */
function changedBy(userId: string, obj: LiveObject): LiveObject {
  return {
    ...obj,
    raw: { ...obj.raw, item: { modified_by: userId, modified_at: '2024-05-02T10:00:00.000Z' } },
  };
}

function state(...objects: LiveObject[]): LiveState {
  return { objects: new Map(objects.map((o) => [o.address, o])), problems: [] };
}

const TAG = 'managed-by:dpac/test';

const actions = (r: ReturnType<typeof diffResources>) =>
  r.changes.map((c) => `${c.action} ${c.address}: ${c.reason}`);

describe('diffResources', () => {
  it('creates what is declared and missing, and leaves what matches alone', () => {
    const result = diffResources({
      ownershipTag: TAG,
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
      ownershipTag: TAG,
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
      ownershipTag: TAG,
      manifests: [manifest('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 's3' })],
      live: state(live('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 'dbfs' })),
    });
    expect(actions(result)).toEqual([
      'replace EnvironmentStorage/prod/lake: /storage_type cannot be changed in place',
    ]);
  });

  it('re-clones a replaced clone: clone_from counts, and a declared child the clone brings is refused', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [
        manifest('Environment', 'Environment/staging', { platform: 'azure', clone_from: 'prod' }),
        manifest('EnvironmentStorage', 'EnvironmentStorage/staging/lake', { storage_type: 's3' }),
      ],
      live: state(
        live('Environment', 'Environment/prod', { platform: 'aws' }),
        live('EnvironmentStorage', 'EnvironmentStorage/prod/lake', { storage_type: 's3' }),
        live('Environment', 'Environment/staging', { platform: 'aws' }, true),
        live('EnvironmentStorage', 'EnvironmentStorage/staging/lake', { storage_type: 's3' }, true),
      ),
    });
    expect(actions(result)).toContain('replace Environment/staging: /platform cannot be changed in place');
    const said = result.diagnostics.map((d) => `${d.severity}: ${d.summary}`);
    expect(said.filter((line) => line.includes('clone_from is ignored'))).toEqual([]);
    expect(said).toContain(
      'error: EnvironmentStorage/staging/lake would be created, but Environment/staging is a clone of Environment/prod, which brings a EnvironmentStorage named lake.',
    );
  });

  it('deletes an undeclared source only when it carries the ownership tag, and reports the rest unmanaged', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Domain', 'Domain/a', { environments: [] })],
      live: state(
        live('Domain', 'Domain/a', { environments: [] }),
        live('Source', 'Source/ours', {}, true),
        live('Source', 'Source/theirs', {}, false),
      ),
    });
    expect(actions(result)).toContain(
      'delete Source/ours: carries the ownership tag managed-by:dpac/test and no manifest declares it',
    );
    expect(result.unmanaged).toEqual([
      {
        address: 'Source/theirs',
        kind: 'Source',
        reason:
          'not owned: it carries no ownership tag (if dpac created it and was stopped before tagging it, declare it again and apply to adopt it, or delete it by hand); outside any prune scope',
      },
    ]);
  });

  it('deletes the children of a deleted parent first-class, and never deletes with an empty manifest set', () => {
    const objects = [live('Source', 'Source/ours', {}, true), live('Table', 'Table/ours/t1', {}, false)];
    const withManifests = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Domain', 'Domain/x', { environments: [] })],
      live: state(...objects),
    });
    expect(actions(withManifests)).toContain(
      'delete Table/ours/t1: its parent Source/ours is deleted (a cascade: this project does not own it)',
    );
    expect(withManifests.diagnostics.map((d) => d.summary)).toEqual([
      'The plan would delete Source/ours and with it 1 child object this project does not own: Table/ours/t1.',
    ]);
    const cascade = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Domain', 'Domain/x', { environments: [] })],
      live: state(...objects),
      cascade: true,
    });
    expect(cascade.diagnostics).toEqual([]);
    const empty = diffResources({ ownershipTag: TAG, manifests: [], live: state(...objects) });
    expect(empty.changes).toEqual([]);
    expect(empty.unmanaged.map((u) => u.address)).toEqual(['Source/ours', 'Table/ours/t1']);
  });

  it('deletes inside a prune scope and children of a parent with prune: true', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Source', 'Source/s', {}, { prune: true })],
      live: state(
        live('Source', 'Source/s', {}, true),
        changedBy('u-me', live('Domain', 'Domain/tmp_1', {})),
        live('Domain', 'Domain/keep', {}),
        live('TopicMapping', 'TopicMapping/s/m', {}),
      ),
      prune: [{ kind: 'Domain', name: 'tmp_*' }],
      me: { id: 'u-me', email: 'me@example.com' },
    });
    expect(actions(result)).toEqual(
      expect.arrayContaining([
        'delete Domain/tmp_1: inside the prune scope Domain/tmp_* of dpac.yaml',
        'delete TopicMapping/s/m: its parent Source/s is owned and no manifest declares it',
      ]),
    );
    expect(result.unmanaged.map((u) => u.address)).toEqual(['Domain/keep']);
  });

  describe('kinds without tags: who changed it last', () => {
    const me = { id: 'u-me', email: 'me@example.com' };
    const users = [
      live('User', 'User/me@example.com', {}),
      live('User', 'User/alice@example.com', {}),
      live('User', 'User/bob@example.com', {}),
    ];
    users[0]!.id = 'u-me';
    users[1]!.id = 'u-alice';

    it('prunes only what this run signs in as changed last; a pattern never prunes users, an exact name does', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Domain', 'Domain/declared', { environments: [] })],
        live: state(
          ...users,
          changedBy('u-me', live('Domain', 'Domain/mine', {})),
          changedBy('u-alice', live('Domain', 'Domain/sales', {})),
          live('Domain', 'Domain/silent', {}),
          changedBy('u-me', live('Environment', 'Environment/dev', {})),
          changedBy('u-alice', live('EnvironmentStorage', 'EnvironmentStorage/dev/theirs', {})),
          changedBy('u-me', live('EnvironmentStorage', 'EnvironmentStorage/dev/mine', {})),
        ),
        prune: [
          { kind: 'Domain', name: '*' },
          { kind: 'User', name: '*@example.com' },
          { kind: 'User', name: 'bob@example.com' },
          { kind: 'EnvironmentStorage', name: 'dev/*' },
        ],
        me,
      });
      const deleted = result.changes.filter((c) => c.action === 'delete').map((c) => c.address);
      expect(deleted.sort()).toEqual(['Domain/mine', 'EnvironmentStorage/dev/mine', 'User/bob@example.com']);
      const unmanaged = Object.fromEntries(result.unmanaged.map((u) => [u.address, u.reason]));
      expect(unmanaged['Domain/sales']).toBe(
        "not deleted although inside the prune scope Domain/* of dpac.yaml: alice@example.com changed it last, not me@example.com, whom this run signs in as: a prune scope deletes a Domain only when this project's user changed it last (give each project its own platform user)",
      );
      expect(unmanaged['Domain/silent']).toContain('the platform does not say who changed it last');
      expect(unmanaged['EnvironmentStorage/dev/theirs']).toContain('alice@example.com changed it last');
      expect(unmanaged['User/alice@example.com']).toBe(
        'not deleted although inside the prune scope User/*@example.com of dpac.yaml: the v3 API keeps no marker on a User that could name this project: a pattern deletes none; name it exactly in prune: ({ kind: User, name: alice@example.com }) to delete it',
      );
    });

    it('prunes nothing of a kind without tags when the run cannot tell who it signs in as', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Domain', 'Domain/declared', { environments: [] })],
        live: state(changedBy('u-me', live('Domain', 'Domain/mine', {}))),
        prune: [{ kind: 'Domain', name: '*' }],
      });
      expect(result.changes.filter((c) => c.action === 'delete')).toEqual([]);
      expect(result.unmanaged[0]?.reason).toContain('dpac cannot tell which user this run signs in as');
    });

    it('warns before changing a declared object someone else changed last, and before changing any user', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [
          manifest('Domain', 'Domain/sales', { description: 'ours', environments: [] }),
          manifest('Domain', 'Domain/same', { description: 'same', environments: [] }),
          manifest('Domain', 'Domain/mine', { description: 'ours', environments: [] }),
          manifest('User', 'User/alice@example.com', { roles: ['admin'] }),
        ],
        live: state(
          ...users.slice(0, 1),
          { ...users[1]!, spec: { roles: ['modeller'] } },
          changedBy('u-alice', live('Domain', 'Domain/sales', { description: 'theirs', environments: [] })),
          changedBy('u-alice', live('Domain', 'Domain/same', { description: 'same', environments: [] })),
          changedBy('u-me', live('Domain', 'Domain/mine', { description: 'old', environments: [] })),
        ),
        me,
      });
      expect(result.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
        [
          'warning',
          'Domain/sales was last changed by alice@example.com (at 2024-05-02T10:00:00.000Z), not by me@example.com, whom this run signs in as: another project or a person may manage it, and applying overwrites their change.',
        ],
        [
          'warning',
          'User/alice@example.com will be changed, but the v3 API records no one who changed a User: dpac cannot tell whether another project manages it too.',
        ],
      ]);
    });
  });

  it('refuses a plan whose declared object (or its parent) could not be read', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Source', 'Source/s', {}), manifest('Table', 'Table/s/t', {})],
      live: {
        objects: new Map(),
        problems: [{ address: addressFrom('Source/s'), why: 'cannot be expressed as a manifest: x' }],
      },
    });
    expect(result.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
      ['error', 'Source/s could not be read: cannot be expressed as a manifest: x.'],
      ['error', "Table/s/t's parent Source/s could not be read: cannot be expressed as a manifest: x."],
    ]);
  });

  it('adopts a declared source that exists without the ownership tag', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [manifest('Source', 'Source/s', { tags: [] })],
      live: state(live('Source', 'Source/s', { tags: [] }, false)),
    });
    expect(actions(result)).toEqual([
      'adopt Source/s: exists live without the ownership tag: take ownership',
    ]);
  });

  it('refuses to delete or replace a protected object', () => {
    const result = diffResources({
      ownershipTag: TAG,
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
      'Source/gone is protected (the protect pattern Source/gone in dpac.yaml) but the plan would delete it: carries the ownership tag managed-by:dpac/test and no manifest declares it.',
    ]);
  });

  it('refuses a mass delete above max(5, 25%) of the managed objects of a kind unless allowed', () => {
    const owned = Array.from({ length: 6 }, (_, i) => live('Source', `Source/s${i}`, {}, true));
    const manifests = [manifest('Domain', 'Domain/x', { environments: [] })];
    const refused = diffResources({ ownershipTag: TAG, manifests, live: state(...owned) });
    expect(refused.diagnostics.map((d) => d.summary)).toEqual([
      'The plan deletes 6 of 6 managed Source objects, more than the limit of 5.',
    ]);
    expect(
      diffResources({ ownershipTag: TAG, manifests, live: state(...owned), allowMassDelete: true })
        .diagnostics,
    ).toEqual([]);
  });

  it('takes the creates a selection depends on, and nothing else, when selecting', () => {
    const owned = Array.from({ length: 6 }, (_, i) => live('Source', `Source/gone${i}`, {}, true));
    const result = diffResources({
      ownershipTag: TAG,
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

  it('takes a new compute a selected group needs through its external source’s live environment', () => {
    const result = diffResources({
      ownershipTag: TAG,
      manifests: [
        manifest('ComputeTemplate', 'ComputeTemplate/prod/etl-new', {}),
        manifest('TableGroup', 'TableGroup/reference_db/regional', { compute: 'etl-new', tables: [] }),
      ],
      live: state(
        live('Environment', 'Environment/prod', {}),
        live('Source', 'Source/reference_db', { environment: 'prod' }),
      ),
      externals: [
        { kind: 'Environment', address: 'Environment/prod', pattern: false },
        { kind: 'Source', address: 'Source/reference_db', pattern: false },
      ],
      selected: (c) => c.address === 'TableGroup/reference_db/regional',
    });
    expect(actions(result).filter((a) => a.startsWith('create'))).toEqual([
      'create ComputeTemplate/prod/etl-new: declared, not found live',
      'create TableGroup/reference_db/regional: declared, not found live',
    ]);
    expect(result.declaredSpec(addressFrom('Source/reference_db'))).toEqual({ environment: 'prod' });
  });

  it('honours metadata.ignore pointers and never compares write-only fields', () => {
    const result = diffResources({
      ownershipTag: TAG,
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

  describe('ownership on a shared platform', () => {
    const tagged = (kind: KindName, address: string, ...ownerTags: string[]) => ({
      ...live(kind, address, {}),
      ownerTags,
    });
    const domain = manifest('Domain', 'Domain/x', { environments: [] });

    it('never deletes on the strength of the tag every unnamed project shares, and says how to fix it', () => {
      const result = diffResources({
        ownershipTag: 'managed-by:dpac',
        manifests: [domain],
        live: state(live('Source', 'Source/s', {}, true)),
      });
      expect(result.changes.filter((c) => c.action === 'delete')).toEqual([]);
      expect(result.unmanaged[0]?.reason).toContain('set project: in dpac.yaml');
    });

    it("lists another project's objects as theirs, never deletes them, and derives a table group's owner", () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [domain],
        live: state(
          tagged('Source', 'Source/b', 'managed-by:dpac/b'),
          live('Source', 'Source/a', {}, true),
          tagged('Table', 'Table/a/theirs', 'managed-by:dpac/b'),
          live('Table', 'Table/a/mine', {}, true),
          live('TableGroup', 'TableGroup/a/mixed', { tables: [{ table: 'theirs' }, { table: 'mine' }] }),
          live('TableGroup', 'TableGroup/a/own', { tables: [{ table: 'mine' }] }),
          live('TableGroup', 'TableGroup/b/over_mine', { tables: [{ table: 'x' }] }),
        ),
        prune: [{ kind: 'Source', name: '*' }],
        cascade: true,
      });
      const unmanaged = Object.fromEntries(result.unmanaged.map((u) => [u.address, u.reason]));
      expect(unmanaged['Source/b']).toBe('owned by managed-by:dpac/b');
      // A cascade may take unowned children along when allowed, but never another project's.
      expect(result.diagnostics.map((d) => d.summary)).toEqual([
        'The plan would delete Source/a and with it 2 child objects another project owns: Table/a/theirs, TableGroup/a/mixed.',
      ]);
      expect(actions(result)).toContain('delete TableGroup/a/own: its parent Source/a is deleted');
      expect(result.unmanaged.find((u) => u.address === 'Source/b')?.owner).toBe('managed-by:dpac/b');
    });

    it('refuses to take over a declared object tagged by another project unless adopt: force', () => {
      const theirs = tagged('Source', 'Source/s', 'managed-by:dpac/b');
      const refused = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Source', 'Source/s', {})],
        live: state(theirs),
      });
      expect(refused.diagnostics.map((d) => d.summary)).toEqual([
        'Source/s is owned by managed-by:dpac/b, another project; this project (managed-by:dpac/test) will not take it over.',
      ]);
      const forced = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Source', 'Source/s', {}, { adopt: 'force' })],
        live: state(theirs),
      });
      expect(forced.diagnostics).toEqual([]);
      expect(actions(forced)).toEqual([
        'adopt Source/s: take over from managed-by:dpac/b (metadata.adopt: force)',
      ]);
    });

    it('treats an object carrying two projects’ tags as no project’s: never deleted, refused, flagged', () => {
      const both = { ...tagged('Source', 'Source/both', 'managed-by:dpac/b'), owned: true };
      const kept = diffResources({
        ownershipTag: TAG,
        manifests: [domain],
        live: state(
          both,

          tagged('Source', 'Source/bc', 'managed-by:dpac/b', 'managed-by:dpac/c'),
        ),
        prune: [{ kind: 'Source', name: '*' }],
      });
      expect(kept.changes.filter((c) => c.action === 'delete')).toEqual([]);
      const reasons = Object.fromEntries(kept.unmanaged.map((u) => [u.address, u]));
      expect(reasons['Source/both']).toEqual({
        address: 'Source/both',
        kind: 'Source',
        reason:
          "carries more than one ownership tag (managed-by:dpac/b, managed-by:dpac/test): no single project's, so never deleted; remove the tags of the projects that do not own it by hand",
      });
      expect(reasons['Source/bc']?.reason).toContain('(managed-by:dpac/b, managed-by:dpac/c)');
      const refused = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Source', 'Source/both', {})],
        live: state(both),
      });
      expect(refused.diagnostics.map((d) => d.summary)).toEqual([
        "Source/both carries more than one ownership tag (managed-by:dpac/b, managed-by:dpac/test): it is no single project's, so this project (managed-by:dpac/test) will not manage it.",
      ]);
      const forced = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Source', 'Source/both', {}, { adopt: 'force' })],
        live: state(both),
      });
      expect(forced.diagnostics).toEqual([]);
      expect(actions(forced)).toEqual([
        'adopt Source/both: take over from managed-by:dpac/b (metadata.adopt: force)',
      ]);
    });

    it('refuses a declared table group whose owner, derived from its source, is another project', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('TableGroup', 'TableGroup/b/g', { tables: [] })],
        live: state(
          tagged('Source', 'Source/b', 'managed-by:dpac/b'),
          live('TableGroup', 'TableGroup/b/g', { tables: [] }),
        ),
      });
      expect(result.diagnostics.map((d) => d.summary)).toEqual([
        'TableGroup/b/g is owned by managed-by:dpac/b, another project; this project (managed-by:dpac/test) will not take it over.',
      ]);
    });

    it('migrates the unnamed tag of a declared object and keeps an undeclared one, saying how to proceed', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [manifest('Source', 'Source/old', {})],
        live: state(
          tagged('Source', 'Source/old', 'managed-by:dpac'),
          tagged('Source', 'Source/gone', 'managed-by:dpac'),
        ),
      });
      expect(actions(result)).toEqual([
        'adopt Source/old: carries managed-by:dpac, the tag of projects without a name: adopt it into this project (migrates the tag managed-by:dpac → managed-by:dpac/test)',
      ]);
      expect(result.unmanaged[0]?.reason).toContain('declare it to adopt it into this project');
    });

    it('keeps external objects, resolves their ids, and fails for a declared external that does not exist', () => {
      const result = diffResources({
        ownershipTag: TAG,
        manifests: [domain],
        live: state(live('Environment', 'Environment/prod', {}), live('Domain', 'Domain/shared', {})),
        prune: [{ kind: 'Domain', name: '*' }],
        externals: [
          { kind: 'Domain', address: 'Domain/sh*', pattern: true },
          {
            kind: 'Environment',
            address: 'Environment/dev',
            pattern: false,
            source: { file: 'dpac.yaml', line: 3, col: 5 },
          },
        ],
        url: 'http://x/v3',
      });
      expect(result.unmanaged.find((u) => u.address === 'Domain/shared')?.reason).toBe(
        'external (declared by Domain/sh*)',
      );
      expect(result.changes.find((c) => c.address === 'Domain/shared')).toMatchObject({
        action: 'noop',
        liveId: 'id-Domain/shared',
      });
      expect(result.diagnostics.map((d) => d.summary)).toEqual([
        'Environment/dev is declared external but does not exist on http://x/v3',
      ]);
    });
  });
});

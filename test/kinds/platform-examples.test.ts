import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { getPointer } from '../../src/core/json-pointer.js';
import { ComputeTemplate, InteractiveCluster } from '../../src/kinds/compute/compute-kinds.js';
import { DataConnection } from '../../src/kinds/data-connection/data-connection.js';
import { Domain } from '../../src/kinds/domain/domain.js';
import { Environment } from '../../src/kinds/environment/environment.js';
import { EnvironmentStorage } from '../../src/kinds/environment/storage.js';
import { GenericSourceType } from '../../src/kinds/generic-source-type/generic-source-type.js';
import { type KindName, policyOf, type ResourceKind } from '../../src/kinds/kind.js';
import { User } from '../../src/kinds/user/user.js';

const DIR = join(import.meta.dirname, '../../examples/platform');
// The kinds these examples exercise; Domain is read only for its address.
// biome-ignore lint/suspicious/noExplicitAny: kinds of every spec type.
const KINDS: Partial<Record<KindName, ResourceKind<any>>> = {
  Environment,
  EnvironmentStorage,
  ComputeTemplate,
  InteractiveCluster,
  DataConnection,
  User,
  GenericSourceType,
  Domain,
};
const OWNED: readonly KindName[] = Object.keys(KINDS).filter((k) => k !== 'Domain') as KindName[];
const kindOf = (name: KindName) => {
  const kind = KINDS[name];
  if (!kind) throw new Error(`examples/platform declares a ${name}, which this test does not know`);
  return kind;
};

interface Doc {
  file: string;
  kind: KindName;
  metadata: Record<string, unknown>;
  spec: unknown;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const docs: Doc[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((d) => ({
    file,
    ...(d.toJS() as Omit<Doc, 'file'>),
  })),
);
const address = (d: Doc) => {
  const parentKind = kindOf(d.kind).parent;
  const parent = parentKind ? [String(d.metadata[kindOf(parentKind).metadataKey])] : [];
  return [d.kind, ...parent, String(d.metadata.name)].join('/');
};

describe('examples/platform', () => {
  it('holds the four example files, each opening with the schema modeline', () => {
    expect(files).toEqual(
      expect.arrayContaining(['domain.yaml', 'prod.yaml', 'users.yaml', 'warehouse-target.yaml']),
    );
    for (const file of files) {
      expect(readFileSync(join(DIR, file), 'utf8').split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../../schemas/dpac.schema.json',
      );
    }
  });

  it('declares the names other examples rely on', () => {
    expect(docs.map(address)).toEqual(
      expect.arrayContaining([
        'ComputeTemplate/prod/etl-small',
        'DataConnection/warehouse_target',
        'Domain/sales',
        'Environment/prod',
        'EnvironmentStorage/prod/lake',
        'InteractiveCluster/prod/interactive-dev',
        'User/alice@example.com',
        'User/bob@example.com',
      ]),
    );
  });

  // An external declaration has no spec: the plan resolves it live.
  const managed = docs.filter((d) => OWNED.includes(d.kind) && d.metadata.external !== true);

  it.each(managed.map((d) => [address(d), d] as const))(
    '%s parses against its kind schema and its references resolve within the examples',
    (_address, doc) => {
      const kind = kindOf(doc.kind);
      const parsed = kind.spec.safeParse(doc.spec);
      expect(parsed.error?.issues ?? []).toEqual([]);
      const ancestors = kind.parent ? [String(doc.metadata[kindOf(kind.parent).metadataKey])] : [];
      const declared = new Set(docs.map(address));
      for (const ref of kind.refs(parsed.data, { ancestors, declared: () => undefined })) {
        expect(declared.has(ref.address), `${ref.address} at ${ref.path}`).toBe(true);
      }
      if (kind.parent) expect(declared.has(`${kind.parent}/${ancestors[0]}`)).toBe(true);
    },
  );

  it('gives every secret as an ${env.NAME} reference', () => {
    for (const doc of managed) {
      for (const pointer of policyOf(kindOf(doc.kind)).secret.presentIn(doc.spec)) {
        const value = getPointer(doc.spec, pointer);
        expect(value, `${address(doc)} ${pointer}`).toMatch(/^\$\{env\.[A-Z_]+\}$/);
      }
    }
  });
});

// generatePlatform(): a synthetic manifest set of a chosen size (environment, sources, tables, groups, users).
import { basePlatformYaml, sqlSourceYaml } from '../../src/bench/base-platform.js';

export interface PlatformShape {
  sources?: number;
  tablesPerSource?: number;
  domains?: number;
  users?: number;
  /** Env var holding every source's JDBC password (default SOURCE_PASSWORD). */
  sourcePasswordEnv?: string;
  /** Env var holding every user's password (default USER_PASSWORD). */
  userPasswordEnv?: string;
}

export interface GeneratedPlatform {
  /** Relative file path → YAML text. */
  files: Record<string, string>;
  /** How many resources (documents other than the project file) the set declares. */
  resources: number;
  /** Secrets the manifests reference, with harmless default values. */
  env: Record<string, string>;
  sourceNames: string[];
}

const doc = (text: string): string => `apiVersion: dpac/v1\n${text.trim()}\n`;

/** Defaults give 200 resources: 3 platform + 4 domains + 5 users + 4 × (1 source + 45 tables + 1 group). */
export function generatePlatform(shape: PlatformShape = {}): GeneratedPlatform {
  const sources = shape.sources ?? 4;
  const tablesPerSource = shape.tablesPerSource ?? 45;
  const domains = shape.domains ?? 4;
  const users = shape.users ?? 5;
  const sourcePasswordEnv = shape.sourcePasswordEnv ?? 'SOURCE_PASSWORD';
  const userPasswordEnv = shape.userPasswordEnv ?? 'USER_PASSWORD';
  const files: Record<string, string> = {};
  let resources = 0;
  const add = (file: string, docs: string[]): void => {
    files[file] = docs.join('---\n');
    resources += docs.length;
  };

  // A named project: its tag proves ownership, so dropping a manifest deletes the object.
  files['dpac.yaml'] = 'apiVersion: dpac/v1\nkind: Project\nproject: generated\n';
  add('platform/env.yaml', [platformDocs()].flat());
  const domainNames = Array.from({ length: domains }, (_, i) => `domain_${i}`);
  add(
    'platform/domains.yaml',
    domainNames.map((name) =>
      doc(`
kind: Domain
metadata:
  name: ${name}
spec:
  description: Generated domain ${name}.
  environments: [gen]`),
    ),
  );
  add(
    'platform/users.yaml',
    Array.from({ length: users }, (_, i) =>
      doc(`
kind: User
metadata:
  name: user${i}@example.com
spec:
  profile:
    name: Generated User ${i}
  roles: [analyst]
  password: \${env.${userPasswordEnv}}${domains > 0 ? `\n  accessible_domains: [${domainNames[i % domains]}]` : ''}`),
    ),
  );

  const sourceNames = Array.from({ length: sources }, (_, i) => `src_${i}`);
  sourceNames.forEach((source, index) => {
    const tables = Array.from({ length: tablesPerSource }, (_, t) => `t_${String(t).padStart(3, '0')}`);
    add(`sources/${source}.yaml`, [
      sourceDoc(source, sourcePasswordEnv, domainNames[index % Math.max(domains, 1)]),
      ...tables.map((table) => tableDoc(source, table)),
      groupDoc(source, tables),
    ]);
  });
  return {
    files,
    resources,
    env: {
      [sourcePasswordEnv]: 'generated-source-password',
      [userPasswordEnv]: 'generated-user-password',
      GEN_DATABRICKS_TOKEN: 'generated-databricks-token',
      GEN_LAKE_KEY: 'generated-lake-key',
    },
    sourceNames,
  };
}

function platformDocs(): string[] {
  return basePlatformYaml({
    environment: 'gen',
    compute: 'etl',
    tokenEnv: 'GEN_DATABRICKS_TOKEN',
    lakeKeyEnv: 'GEN_LAKE_KEY',
    maxWorkers: 2,
  })
    .split('\n---\n')
    .map((d) => (d.endsWith('\n') ? d : `${d}\n`));
}

function sourceDoc(name: string, passwordEnv: string, domain: string | undefined): string {
  return sqlSourceYaml({
    name,
    environment: 'gen',
    passwordEnv,
    tag: 'generated',
    ...(domain ? { domain } : {}),
  });
}

function tableDoc(source: string, table: string): string {
  return doc(`
kind: Table
metadata:
  name: ${table}
  source: ${source}
spec:
  description: Generated table ${table}.
  source_table:
    schema_name: dbo
    table_name: ${table}
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: ${source}
    target_table_name: ${table}`);
}

function groupDoc(source: string, tables: string[]): string {
  const members = tables
    .slice(0, 10)
    .map((table) => `    - table: ${table}\n      connection_quota: 10`)
    .join('\n');
  return doc(`
kind: TableGroup
metadata:
  name: ${source}_nightly
  source: ${source}
spec:
  compute: etl
  max_connections: 4
  max_parallel_entities: 2
  tables:
${members}`);
}

/** Writes a generated set into an e2e scratch folder under `folder`. */
export async function writePlatform(
  write: (file: string, yaml: string) => Promise<string>,
  platform: GeneratedPlatform,
  folder = 'platform-set',
): Promise<string> {
  for (const [file, yaml] of Object.entries(platform.files)) await write(`${folder}/${file}`, yaml);
  return folder;
}

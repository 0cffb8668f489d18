// One parsed document → one Manifest: shape checks (apiVersion, kind, metadata with the right
// parent keys), interpolation, then the kind's strict spec schema. Every problem is reported.
import { makeAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { getPointer, setPointer, toPointer } from '../core/json-pointer.js';
import type { SecretRef } from '../core/secret.js';
import { type KindName, policyOf } from '../kinds/index.js';
import { deeperIssues } from './deeper-issues.js';
import { didYouMean } from './did-you-mean.js';
import { documentSchema } from './document-schema.js';
import type { ExternalDeclaration } from './external.js';
import { safeParse } from './fast-parse.js';
import { interpolate } from './interpolate.js';
import type { Locator } from './locator.js';
import {
  ancestorKindsIn,
  type KindRegistry,
  type Manifest,
  type ManifestMetadata,
  registeredKinds,
} from './manifest.js';
import type { ParsedDocument } from './parse-yaml.js';
import { scalarTypeAt } from './schema-at-path.js';
import { issuesToDiagnostics } from './zod-issues.js';

export interface DocumentContext {
  registry: KindRegistry;
  vars: Readonly<Record<string, string>>;
  varDescriptions?: Readonly<Record<string, string>>;
  env: Readonly<Record<string, string | undefined>>;
  /** Environment variables plain fields may use (declared non-secret in dpac.yaml). */
  plainEnv: ReadonlySet<string>;
  /** Collects every variable a secret field refers to (see secretValues). */
  secretVariables?: Set<string>;
}

export interface DocumentResult {
  manifest?: Manifest;
  /** A document with `metadata.external: true`: a declaration, not a manifest. */
  external?: ExternalDeclaration;
  /**
   * An invalid document's manifest without its broken values, when that much parses: only for the
   * cross-manifest checks, so its reference errors come in the same run as its schema errors.
   */
  partial?: Manifest;
  /** The address the document declares, even when it is invalid (so others' references to it don't cascade). */
  address?: string;
  diagnostics: Diagnostic[];
}

export function validateDocument(doc: ParsedDocument, ctx: DocumentContext): DocumentResult {
  const raw = doc.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail({
      severity: 'error',
      summary: 'A manifest document must be a mapping',
      detail: 'Start it with `apiVersion: dpac/v1`, `kind`, `metadata` and `spec`.',
      source: doc.start,
    });
  }
  const record = raw as Record<string, unknown>;
  const kind = checkKind(record.kind, doc, ctx.registry);
  if (typeof kind !== 'string') return fail(kind);
  const definition = ctx.registry[kind];
  if (!definition) return fail({ severity: 'error', summary: `Unknown kind ${kind}`, source: doc.start });
  const address = guessAddress(record, kind, ctx.registry);
  const secrets = policyOf(definition).secret;
  const schema = documentSchema(ctx.registry, kind);
  const secretRefs: [string, SecretRef][] = [];
  // Without a `$` and without a secret field given (which records even a literal), interpolation
  // would return the document as it is: most of a 10k-table project's documents.
  const interpolated =
    doc.withoutDollar && secrets.presentIn(record.spec).length === 0
      ? { value: record, diagnostics: [] }
      : interpolate(record, {
          vars: ctx.vars,
          ...(ctx.varDescriptions ? { varDescriptions: ctx.varDescriptions } : {}),
          scalarTypeAt: (path) => scalarTypeAt(schema, path),
          env: ctx.env,
          isSensitive: (path) => path[0] === 'spec' && path.length > 1 && secrets.matches(path, 1),
          secretAt: (path, secret) => secretRefs.push([toPointer(path.slice(1)), secret]),
          plainEnv: ctx.plainEnv,
          locator: doc.locator,
          address,
          ...(ctx.secretVariables ? { secretVariables: ctx.secretVariables } : {}),
        });
  const input = { ...(interpolated.value as Record<string, unknown>) };
  const metadata = input.metadata as Record<string, unknown> | null | undefined;
  if (metadata && typeof metadata === 'object' && metadata.external === true)
    return externalDocument(input, kind, doc, ctx, interpolated.diagnostics);
  if (input.spec === null || input.spec === undefined) input.spec = {};
  // zod is asked only when the fast path cannot vouch for the document (fast-parse.ts).
  const parsed = safeParse(schema, input);
  const diagnostics = [...interpolated.diagnostics];
  if (!parsed.success) {
    const deeper = deeperIssues(schema, input, parsed.error.issues);
    // A field whose reference did not resolve is already reported; don't pile schema errors on it.
    const reported = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => locationKey(d)));
    const schemaProblems = issuesToDiagnostics([...parsed.error.issues, ...deeper.issues], {
      schema,
      data: input,
      locator: doc.locator,
      address,
    });
    diagnostics.push(...schemaProblems.filter((d) => !reported.has(locationKey(d))));
    const partial = deeper.data === undefined ? undefined : toManifest(deeper.data, kind, doc, ctx.registry);
    return { address, diagnostics, ...(partial ? { partial } : {}) };
  }
  const manifest = withSecrets(toManifest(parsed.data, kind, doc, ctx.registry), secretRefs);
  if (diagnostics.some((d) => d.severity === 'error')) return { address, diagnostics, partial: manifest };
  return { manifest, address: manifest.address, diagnostics };
}

/**
 * The manifest with each secret the interpolation recorded put back as its SecretRef (after the
 * schema and the kind's normalization saw the text): from here on, no secret is a string.
 */
function withSecrets(manifest: Manifest, secrets: readonly [string, SecretRef][]): Manifest {
  let spec = manifest.spec;
  for (const [pointer, secret] of secrets) {
    if (typeof getPointer(spec, pointer) === 'string') spec = setPointer(spec, pointer, secret);
  }
  return spec === manifest.spec ? manifest : { ...manifest, spec };
}

function toManifest(
  parsedData: unknown,
  kind: KindName,
  doc: ParsedDocument,
  registry: KindRegistry,
): Manifest {
  const definition = registry[kind] as NonNullable<KindRegistry[KindName]>;
  const data = parsedData as { metadata: ManifestMetadata; spec: unknown };
  const ancestors = ancestorKindsIn(registry, kind).map((k) =>
    String(data.metadata[registry[k]?.metadataKey ?? k]),
  );
  return {
    kind,
    name: data.metadata.name,
    ancestors,
    address: makeAddress(kind, ancestors, data.metadata.name),
    metadata: data.metadata,
    spec: definition.normalize ? definition.normalize(data.spec) : data.spec,
    source: doc.locator.key('/kind') ?? doc.start,
    locate: specLocator(doc.locator),
  };
}

/**
 * Places in the spec. Made apart from toManifest: a closure there would share its scope, and keep
 * the whole parsed document (a second copy of every spec) alive as long as the manifest.
 */
function specLocator(locator: Locator): Manifest['locate'] {
  return (pointer) => locator.value(`/spec${pointer}`) ?? locator.nearest(`/spec${pointer}`, '/spec');
}

/** An external object: its metadata is checked; a spec is not needed, and one given is ignored (with a warning). */
function externalDocument(
  input: Record<string, unknown>,
  kind: KindName,
  doc: ParsedDocument,
  ctx: DocumentContext,
  found: readonly Diagnostic[],
): DocumentResult {
  const { spec, ...rest } = input;
  const schema = documentSchema(ctx.registry, kind);
  const parsed = schema.safeParse(rest);
  const address = guessAddress(input, kind, ctx.registry);
  const diagnostics = [...found];
  if (!parsed.success) {
    diagnostics.push(
      ...issuesToDiagnostics(parsed.error.issues, { schema, data: rest, locator: doc.locator, address }),
    );
    return { address, diagnostics };
  }
  if (spec !== undefined && spec !== null)
    diagnostics.push({
      severity: 'warning',
      summary: `${address} is external: its spec is ignored`,
      detail: 'dpac never writes an external object. Remove the spec, or metadata.external to manage it.',
      address,
      source: doc.locator.key('/spec'),
    });
  if (diagnostics.some((d) => d.severity === 'error') || !address) return { address, diagnostics };
  const source = doc.locator.key('/kind') ?? doc.start;
  return { address, diagnostics, external: { kind, address, pattern: false, source } };
}

function fail(diagnostic: Diagnostic): DocumentResult {
  return { diagnostics: [diagnostic] };
}

function checkKind(value: unknown, doc: ParsedDocument, registry: KindRegistry): KindName | Diagnostic {
  if (typeof value === 'string' && value !== 'Project' && Object.hasOwn(registry, value))
    return value as KindName;
  const known = registeredKinds(registry);
  const listing = `Known kinds: ${known.join(', ')}.`;
  if (value === undefined) {
    return { severity: 'error', summary: 'The document has no `kind`', detail: listing, source: doc.start };
  }
  // Only a diagnostic needs the location (it may build the document's full locator).
  const at = doc.locator.value('/kind');
  if (typeof value !== 'string') {
    return { severity: 'error', summary: '`kind` must be a string', detail: listing, source: at };
  }
  if (value === 'Project') {
    return {
      severity: 'error',
      summary: 'A Project document belongs in dpac.yaml, not among the manifests',
      detail: 'Move it to dpac.yaml at the project root.',
      source: at,
    };
  }
  const hint = didYouMean(value, known);
  return {
    severity: 'error',
    summary: `Unknown kind ${value}.${hint ? ` Did you mean ${hint}?` : ''}`,
    detail: listing,
    source: at,
  };
}

/** The address the document means to declare, for labelling its diagnostics (may be partial). */
function guessAddress(
  record: Record<string, unknown>,
  kind: KindName,
  registry: KindRegistry,
): string | undefined {
  const metadata = record.metadata;
  if (metadata === null || typeof metadata !== 'object') return undefined;
  const m = metadata as Record<string, unknown>;
  if (typeof m.name !== 'string') return undefined;
  const ancestors = ancestorKindsIn(registry, kind).map((k) => m[registry[k]?.metadataKey ?? k]);
  if (!ancestors.every((a): a is string => typeof a === 'string')) return `${kind}/…/${m.name}`;
  return makeAddress(kind, ancestors, m.name);
}

function locationKey(d: Diagnostic): string {
  return d.source ? `${d.source.file}:${d.source.line}:${d.source.col}` : '';
}

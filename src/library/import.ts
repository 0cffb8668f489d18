// importObject(): one existing live object brought under management, for `dpac import ADDRESS`.
// It reads the object, writes nothing, and returns its manifest as export writes it (canonical
// form, secrets as ${env.NAME} placeholders) plus external declarations of what it needs that the
// project does not declare, so the next plan shows an adopt (tagged kinds) or nothing. Another
// project's object is refused unless the caller takes it over (metadata.adopt: force).
import { makeAddress, parseAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { ownerResolver } from '../diff/ownership.js';
import { externalDocument } from '../export/dependencies.js';
import { exportObject } from '../export/export-object.js';
import { FileNames, filePathFor } from '../export/file-layout.js';
import { readForExport, readNames } from '../export/read-for-export.js';
import { type ExportDocument, renderDocuments } from '../export/render-documents.js';
import type { SecretVariable } from '../export/secret-placeholders.js';
import { ancestorKinds, isKindName, KIND_NAMES, KINDS, parentOf } from '../kinds/index.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { externalMatcher } from '../manifest/external.js';
import type { LoadManifestsResult } from '../manifest/load-manifests.js';
import type { Connection } from './connect.js';
import { Refusal } from './refusal.js';

export interface ImportOptions {
  /** Take over an object another project's tag marks: its manifest gets `metadata.adopt: force`. */
  adoptForce?: boolean;
}

export interface ImportResult {
  address: string;
  /** YAML documents to add to the project (no `$schema` modeline): external declarations, then the manifest. */
  yaml: string;
  /** Where `dpac export` would put it, relative to the project root, with `/`. */
  path: string;
  /** What it needs that the project does not declare, written as external declarations. */
  externals: string[];
  /** The environment variables its secret placeholders name. */
  variables: SecretVariable[];
  /** Fields a plan would still change after importing (a projection that does not round-trip: a dpac bug). */
  unstable: string[];
  /** The other project's tag it is taken over from (with adoptForce). */
  takenFrom?: string;
}

/** Refusals name what to do: a wrong address, one already declared, not live, another project's. */
export async function importObject(
  connection: Connection,
  project: LoadManifestsResult,
  address: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const refuse = (summary: string, detail: string, extra: Partial<Diagnostic> = {}): never => {
    throw new Refusal('Nothing was imported.', [{ severity: 'error', summary, detail, ...extra }]);
  };
  if (project.diagnostics.some((d) => d.severity === 'error'))
    throw new Refusal('The manifests have errors; nothing was imported.', project.diagnostics);
  const { kind, ancestors, name } = parseAddress(address);
  if (!isKindName(kind)) {
    const hint = didYouMean(kind, KIND_NAMES);
    refuse(
      `${address} does not start with a kind.${hint ? ` Did you mean ${hint}?` : ''}`,
      `Write KIND/NAME, or KIND/PARENT/.../NAME for a child (a table: Table/SOURCE/TABLE). Kinds: ${KIND_NAMES.join(', ')}.`,
    );
  }
  const chain = ancestorKinds(kind as never);
  if (ancestors.length !== chain.length || [...ancestors, name].some((n) => n === ''))
    refuse(
      `${address} needs ${chain.length + 1} name${chain.length ? 's' : ''} after ${kind}`,
      `A ${kind} is addressed as ${makeAddress(
        kind,
        chain.map((k) => k.toUpperCase()),
        'NAME',
      )}.`,
    );
  const wanted = makeAddress(kind, ancestors, name);
  const declared = project.manifests.find((m) => m.address === wanted);
  if (declared)
    refuse(`${wanted} is already declared; nothing to import.`, 'It is managed by that manifest.', {
      address: wanted,
      source: declared.source,
    });
  const isExternal = externalMatcher(project.externals);
  const external = isExternal(wanted);
  if (external && !external.pattern)
    refuse(
      `${wanted} is declared external: this project refers to it and never manages it.`,
      'Remove that declaration first to manage it here.',
      external.source ? { address: wanted, source: external.source } : { address: wanted },
    );

  const ownershipTag = project.project.ownership_tag;
  const read = { client: connection.client, ownershipTag };
  const live = await readForExport({ ...read, select: [wanted] });
  const obj = live.objects.get(wanted);
  if (!obj) {
    const names = await readNames({ ...read, kinds: [kind as never] });
    const candidates = [...names.objects.values()].filter((o) => o.kind === kind).map((o) => o.address);
    const hint = didYouMean(wanted, candidates);
    return refuse(
      `${wanted} was not found at ${connection.url}.${hint ? ` Did you mean ${hint}?` : ''}`,
      'Check the names: an address is the kind and the names that lead to the object from the top.',
    );
  }
  const owner = ownerResolver(live, ownershipTag)(obj);
  if (owner.state === 'theirs' && !options.adoptForce)
    refuse(
      `${wanted} is owned by ${owner.tag}${owner.contested ? ' (more than one project)' : ', another project'}; it was not imported.`,
      'Refer to it as external (metadata.external: true) instead, or take it over deliberately with --adopt-force: its manifest gets metadata.adopt: force and the next apply replaces their tag with this one.',
    );

  const exported = exportObject(obj, { takenNames: new Set(), memos: new Map() });
  if (!exported.ok)
    return refuse(`${wanted} cannot be written as a manifest: ${exported.why}.`, 'Manage it by hand.');
  const refs = KINDS[obj.kind]
    .refs(exported.desired as never, { ancestors: obj.ancestors, declared: (a) => live.objects.get(a)?.spec })
    .map((r) => r.address);
  const missing = refs.find((a) => !live.objects.has(a));
  if (missing)
    refuse(
      `${wanted} refers to ${missing}, which was not found live.`,
      'Fix the reference on the platform first.',
    );
  const isDeclared = (a: string) =>
    project.manifests.some((m) => m.address === a) || isExternal(a) !== undefined;
  const parent = parentOf(obj);
  const needs = [...new Set([...(parent ? [parent] : []), ...refs])].filter((a) => !isDeclared(a));
  const takeOver = owner.state === 'theirs';
  const document: ExportDocument = takeOver
    ? { ...exported.document, metadata: { ...exported.document.metadata, adopt: 'force' } }
    : exported.document;
  return {
    address: wanted,
    yaml: renderDocuments([...needs.map((a) => externalDocument(a).document), document], undefined),
    path: filePathFor(new FileNames(), obj.kind, obj.ancestors, obj.name),
    externals: needs,
    variables: exported.variables,
    unstable: exported.differs.map((f) => f.path),
    ...(takeOver ? { takenFrom: owner.tag } : {}),
  };
}

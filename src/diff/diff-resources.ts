// Desired × Live → one Change per address, with reasons. Pure. The safety rules (ownership, take-over,
// prune scopes, the cascade guard, protect, the mass-delete guard) are applied here, at plan time.
import type { Address } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { PointerPatterns } from '../core/field-policy.js';
import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { REDACTED } from '../core/secret.js';
import { KINDS, markersUnder, parentOf, policyOf } from '../kinds/index.js';
import { tagsPointer } from '../kinds/kind.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import { type ExternalDeclaration, externalMatcher } from '../manifest/external.js';
import type { Manifest } from '../manifest/manifest.js';
import type { ScopePattern } from '../manifest/project-config.js';
import { checkCascade } from './cascade.js';
import type { Change } from './change.js';
import { compareAddresses, sortByDepth, sortChanges } from './change-order.js';
import { checkSafety } from './check-safety.js';
import { checkClones, describeClones } from './clones.js';
import { compareOptionsOf } from './compare-options.js';
import { compareSpecs, type FieldChange } from './compare-specs.js';
import { type DestroyScope, decideDestroyed, keptDependents } from './destroy.js';
import { missingExternals } from './externals.js';
import { failedReads } from './failed-reads.js';
import { lastChangeWarnings, type RunUser, userNames } from './last-change.js';
import { type Owner, ownerResolver } from './ownership.js';
import { markParent, wantedMarkers } from './parent-markers.js';
import { decideUndeclared, settleInto, type UnmanagedObject, withheldDeletes } from './undeclared.js';
import { withDependencies } from './with-dependencies.js';

export interface DiffOptions {
  manifests: readonly Manifest[];
  live: LiveState;
  /** This project's ownership tag (an undeclared object is deleted on its strength only when it is not the unnamed projects' shared tag). */
  ownershipTag: string;
  prune?: readonly ScopePattern[];
  protect?: readonly ScopePattern[];
  allowMassDelete?: boolean;
  /** `--cascade`: deleting an owned parent may delete children this project does not own. */
  cascade?: boolean;
  /** External declarations (manifests with metadata.external and dpac.yaml `external:`). */
  externals?: readonly ExternalDeclaration[];
  /** The platform's URL, for the error about a missing external object. */
  url?: string;
  /** `--select`: only these changes, plus the creates they depend on (like terraform -target). */
  selected?(change: Change): boolean;
  /** Treat every document holding a secret as changed (`apply --resend-secrets`). */

  resendSecrets?: boolean;
  /** The user this run signs in as: the marker of kinds without tags is who changed them last. */
  me?: RunUser;
  /**
   * The manifests are only part of the project (files named on the command line): an object they
   * do not declare is not one to delete, so nothing undeclared is deleted (it is listed with why).
   */
  partial?: boolean;
  /**
   * A plan scoped to the changes since a commit: only the undeclared objects this covers (those
   * whose manifests were deleted, and what lies below them) are decided; every other one may be
   * declared by a manifest the plan did not load, so it is neither deleted nor listed.
   */
  scoped?: { covers(address: string): boolean; projectEmpty: boolean; ref: string };
  /** `dpac destroy`: the declared objects to destroy. The result then holds only deletes. */
  destroy?: DestroyScope;
}

export interface DiffResult {
  changes: Change[];
  /**
   * The spec references resolve through: a manifest's, or an external object's live spec (a table
   * group under an external source finds its compute through the source's environment).
   */
  declaredSpec: (address: Address) => unknown;
  /** Live objects no manifest declares and dpac may not delete, with why. */
  unmanaged: UnmanagedObject[];
  diagnostics: Diagnostic[];
}

export function diffResources(options: DiffOptions): DiffResult {
  const { manifests, live } = options;
  const declared = new Map(manifests.map((m) => [m.address, m]));
  const byAddress = new Map<string, Change>();
  const unmanaged: UnmanagedObject[] = [];
  const diagnostics: Diagnostic[] = [];
  const owner = ownerResolver(live, options.ownershipTag);
  const me = options.me ?? {};
  const userName = userNames(live);
  const externals = options.externals ?? [];
  const external = externals.length ? externalMatcher(externals) : undefined;
  const markers = wantedMarkers(manifests);

  const destroying = options.destroy;
  const cascaded = new Map<string, Address>();
  const settle = settleInto(byAddress, cascaded, unmanaged);
  const ownership = { owner, ownershipTag: options.ownershipTag, me, userName, done: byAddress };
  for (const m of sortByDepth(manifests, (x) => x.kind)) {
    const obj = live.objects.get(m.address);
    if (destroying?.(m)) {
      const decision = obj && decideDestroyed(obj, ownership);
      if (decision) settle(obj, decision);
      continue;
    }
    const refused = obj && !destroying && refuseTakeOver(m, owner(obj), options.ownershipTag);
    if (refused) diagnostics.push(refused);
    const change = diffDeclared(m, obj, byAddress, options);
    if (markersUnder(m.kind).length > 0) markParent(change, markers.get(m.address), obj?.markers);
    byAddress.set(m.address, change);
  }
  // Undeclared live objects: delete only what is provably ours (tagged, in a prune scope, or under
  // a parent with prune: true); everything else is listed as unmanaged, with why.
  const scoped = options.scoped;
  // A scoped plan decides only what it covers, and deletes unless the project has no manifest left;
  // any other plan withholds its deletes when it loads no manifest or only part of the project.
  const withheld = destroying
    ? undefined
    : withheldDeletes(
        scoped
          ? { empty: scoped.projectEmpty, partial: false }
          : { empty: manifests.length === 0, partial: options.partial ?? false },
      );
  for (const obj of sortByDepth([...live.objects.values()], (x) => x.kind)) {
    if (declared.has(obj.address) || (scoped && !scoped.covers(obj.address))) continue;
    const decision = decideUndeclared(obj, {
      ...ownership,
      prune: destroying ? [] : (options.prune ?? []),
      declared,
      external,
    });
    // A destroy takes along what lies below what it destroys, and lists nothing else.
    if (destroying) {
      const below = 'delete' in decision ? decision.cascadeFrom : undefined;
      if (below && byAddress.get(below)?.action === 'delete') settle(obj, decision);
      continue;
    }
    if ('delete' in decision && withheld && !decision.cascadeFrom) {
      // Deletes need the whole project: it alone says what is no longer declared. (A cascade
      // happens only under a declared parent being replaced: its delete is inevitable.)
      unmanaged.push({
        address: obj.address,
        kind: obj.kind,
        reason: `${decision.delete}, but ${withheld.why}`,
      });
      withheld.kept.push(obj.address);
    } else settle(obj, decision);
  }
  const declaredSpec = (address: Address): unknown =>
    declared.get(address)?.spec ??
    (byAddress.get(address)?.external ? live.objects.get(address)?.spec : undefined);
  markReferrersOfReplaced(byAddress, declaredSpec);
  diagnostics.push(
    ...checkCascade({
      cascaded,
      changes: byAddress,
      live: live.objects,
      declared,
      owner,
      cascade: options.cascade ?? false,
    }),
  );
  if (withheld) diagnostics.push(...withheld.report(cascaded));
  if (destroying)
    diagnostics.push(
      ...keptDependents({ changes: byAddress, live, declared, inScope: destroying, declaredSpec }),
    );
  else if (external)
    diagnostics.push(
      ...missingExternals({
        externals,
        match: external,
        declared,
        live,
        url: options.url ?? 'the platform',
      }),
    );

  const all = sortChanges([...byAddress.values()]);
  const selected = options.selected
    ? withDependencies(
        all.filter((c) => c.external || options.selected?.(c)),
        byAddress,
        declaredSpec,
      )
    : all;
  // A destroy is only deletes; the mass-delete guard still counts the objects it keeps as managed.
  const changes = destroying ? all.filter((c) => c.action === 'delete') : selected;
  const planned = options.selected || destroying ? new Map(changes.map((c) => [c.address, c])) : byAddress;
  describeClones(planned, live);
  diagnostics.push(
    ...failedReads(manifests, live),
    ...(destroying ? [] : checkAgainstLive(manifests, live)),
    ...lastChangeWarnings(changes, declared, live, me, userName),
    ...checkClones(planned, declared, live),
    ...checkSafety({
      changes,
      manifests,
      protect: options.protect ?? [],
      allowMassDelete: options.allowMassDelete ?? false,
      ...(scoped ? { scopedTo: scoped.ref } : {}),
      ...(destroying ? { destroy: true, kept: all.filter((c) => c.action !== 'delete') } : {}),
    }),
  );
  return {
    changes,
    declaredSpec,
    unmanaged: unmanaged.sort((a, b) => compareAddresses(a.address, b.address)),
    diagnostics,
  };
}

/**
 * A declared object another project owns (its tag, or for kinds without tags its parent's or its
 * listed tables' tags) is not taken over without `metadata.adopt: force`.
 */
function refuseTakeOver(m: Manifest, owner: Owner, ownershipTag: string): Diagnostic | undefined {
  if (owner.state !== 'theirs' || m.metadata.adopt === 'force') return undefined;
  if (owner.contested)
    return {
      severity: 'error',
      address: m.address,
      source: m.source,
      summary: `${m.address} carries more than one ownership tag (${owner.tag}): it is no single project's, so this project (${ownershipTag}) will not manage it.`,
      detail:
        'Remove the tags of the projects that do not own it (by hand), or take it over deliberately with metadata.adopt: force (the other tags are removed).',
    };
  return {
    severity: 'error',
    address: m.address,
    source: m.source,
    summary: `${m.address} is owned by ${owner.tag}, another project; this project (${ownershipTag}) will not take it over.`,
    detail:
      'Refer to it as external (metadata.external: true, or external: in dpac.yaml) instead of declaring it, or take it over deliberately with metadata.adopt: force.',
  };
}

function diffDeclared(
  m: Manifest,
  obj: LiveObject | undefined,
  done: Map<string, Change>,
  options: DiffOptions,
): Change {
  const resendSecrets = options.resendSecrets ?? false;
  const kind = KINDS[m.kind];
  const base = {
    address: m.address,
    kind: m.kind,
    name: m.name,
    ancestors: m.ancestors,
    ignore: m.metadata.ignore,
  };
  const after = m.spec as Record<string, unknown>;
  const parent = parentChange(m, done);
  if (parent && (parent.action === 'replace' || parent.action === 'create')) {
    if (obj)
      return {
        ...base,
        action: 'replace',
        reason: `its parent ${parent.address} is replaced`,
        before: obj.spec,
        after,
        fields: [],
        liveId: obj.id,
        owned: obj.owned,
        ...(obj.ownerTags ? { ownerTags: obj.ownerTags } : {}),
      };
    return { ...base, action: 'create', reason: 'declared, not found live', after, fields: [] };
  }
  if (!obj) return { ...base, action: 'create', reason: 'declared, not found live', after, fields: [] };

  const fields = compareSpecs(after, obj.spec, compareOptionsOf(m.kind, m.metadata.ignore));
  const policy = policyOf(kind);
  for (let i = 0; i < fields.length; i++) fields[i] = withWhy(fields[i] as FieldChange, policy.immutable);
  if (resendSecrets) fields.push(...secretFields(policy.secret, after));
  // Built as one literal (two spreads per object showed in profiles of 10k-object plans).
  const compared = (action: Change['action'], reason: string): Change => ({
    address: m.address,
    kind: m.kind,
    name: m.name,
    ancestors: m.ancestors,
    ignore: m.metadata.ignore,
    before: obj.spec,
    after,
    fields,
    liveId: obj.id,
    owned: obj.owned,
    ...(obj.ownerTags ? { ownerTags: obj.ownerTags } : {}),
    action,
    reason,
  });
  const immutable = fields.find((f) => f.why === IMMUTABLE);
  if (immutable) return compared('replace', `${immutable.path} cannot be changed in place`);
  // Carrying our tag beside another is no proof: such an object is taken over (or refused) too.
  const others = obj.ownerTags ?? [];
  if (tagsPointer(kind) && (!obj.owned || others.length > 0)) {
    const also = fields.length ? ` and update ${fields.length} field${fields.length === 1 ? '' : 's'}` : '';
    if (!obj.owned && others.length === 1 && others[0] === UNNAMED_PROJECT_TAG)
      return compared(
        'adopt',
        `carries ${UNNAMED_PROJECT_TAG}, the tag of projects without a name: adopt it into this project (migrates the tag ${UNNAMED_PROJECT_TAG} → ${options.ownershipTag})${also}`,
      );
    if (others.length)
      return compared('adopt', `take over from ${others.join(', ')} (metadata.adopt: force)${also}`);
    return compared('adopt', `exists live without the ownership tag: take ownership${also}`);
  }
  if (fields.length)
    return compared('update', `${fields.length} field${fields.length === 1 ? ' differs' : 's differ'}`);
  return compared('noop', 'in sync');
}

/** What a kind finds wrong in a declared spec only its live object can tell (located plan errors). */
function checkAgainstLive(manifests: readonly Manifest[], live: LiveState): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of manifests) {
    const check = KINDS[m.kind].checkLive;
    const obj = check && live.objects.get(m.address);
    if (!check || !obj) continue;
    for (const problem of check(m.spec as never, obj.spec as never)) {
      out.push({
        severity: 'error',
        address: m.address,
        source: m.locate(problem.path) ?? m.source,
        summary: `${m.address}: ${problem.message}`,
        detail: problem.fix,
      });
    }
  }
  return out;
}

/** The secrets a manifest gives, as field changes that force their documents to be written. */
function secretFields(secrets: PointerPatterns, spec: Record<string, unknown>): FieldChange[] {
  return secrets.presentIn(spec).map((p) => ({
    path: p,
    before: REDACTED,
    after: REDACTED,
    why: 'secret re-sent (--resend-secrets)',
  }));
}

const IMMUTABLE = 'immutable: forces replacement';

function withWhy(field: FieldChange, immutable: PointerPatterns): FieldChange {
  return immutable.touches(field.path) ? { ...field, why: IMMUTABLE } : field;
}

/** An object that refers to a replaced one must be rewritten with the new id. */
function markReferrersOfReplaced(
  byAddress: Map<string, Change>,
  declaredSpec: (address: Address) => unknown,
): void {
  if (![...byAddress.values()].some((c) => c.action === 'replace')) return;
  for (const change of byAddress.values()) {
    if (change.action !== 'noop' || !change.after) continue;
    const refs = KINDS[change.kind].refs(change.after as never, {
      ancestors: change.ancestors,
      declared: declaredSpec,
    });
    const replaced = refs.find((r) => byAddress.get(r.address)?.action === 'replace');
    if (replaced) {
      change.action = 'update';
      change.reason = `refers to ${replaced.address}, which is replaced`;
      change.fields = [
        {
          path: replaced.path,
          before: replaced.address,
          after: replaced.address,
          why: 'new id after replacement',
        },
      ];
    }
  }
}

function parentChange(m: Manifest, done: Map<string, Change>): Change | undefined {
  const address = parentOf(m);
  return address ? done.get(address) : undefined;
}

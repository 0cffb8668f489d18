// Domain access lists: accessible sources/domains/pipeline extensions, their *-to-add lists, users.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, list } from '../respond.js';
import type { Doc } from '../store.js';
import { requireDomain } from './domain-record.js';

interface AccessKind {
  segment: string;
  field: string;
  /** Collection the ids must exist in; undefined = not modelled, any id accepted. */
  collection?: string;
  addMessage: string;
  item(app: EmuApp, id: string): Record<string, unknown>;
  toAdd(app: EmuApp, domain: Doc): Array<Record<string, unknown>>;
}

const KINDS: AccessKind[] = [
  {
    segment: 'accessible-sources',
    field: 'accessible_sources',
    collection: 'sources',
    addMessage: 'Successfully added accessible sources to the domain',
    item: (app, id) => {
      const s = app.store.get('sources', id);
      return {
        id,
        sourceName: s?.name,
        sourceType: s?.type,
        created_at: s?.created_at,
        created_by: s?.created_by,
      };
    },
    toAdd: (app, domain) =>
      app.store
        .find('sources', (s) => !ids(domain, 'accessible_sources').includes(s.id))
        .map((s) => ({ id: s.id, source_name: s.name, created_at: s.created_at, created_by: s.created_by })),
  },
  {
    segment: 'accessible-domains',
    field: 'accessible_domains',
    collection: 'domains',
    addMessage: 'Successfully added accessible domains to the domain',
    item: (app, id) => {
      const d = app.store.get('domains', id);
      return {
        id,
        domainName: d?.name,
        created_at: d?.created_at,
        created_by: d?.created_by,
        modified_at: d?.modified_at,
        modified_by: d?.modified_by,
      };
    },
    toAdd: (app, domain) =>
      app.store
        .find('domains', (d) => d.id !== domain.id && !ids(domain, 'accessible_domains').includes(d.id))
        .map((d) => ({
          id: d.id,
          domain_name: d.name,
          description: d.description,
          created_at: d.created_at,
          created_by: d.created_by,
        })),
  },
  {
    segment: 'accessible-pipeline-extensions',
    field: 'accessible_pipeline_extensions',
    addMessage: 'Successfully added accessible pipeline extensions to the domain',
    item: (_app, id) => ({ id }),
    toAdd: () => [],
  },
];

function ids(domain: Doc, field: string): string[] {
  const value = domain[field];
  return Array.isArray(value) ? (value as string[]) : [];
}

function entityIds(app: EmuApp, req: EmuRequest, kind: AccessKind): string[] {
  const value = bodyObject(req).entity_ids;
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) {
    throw new EmuError(400, 'IW10006', "'entity_ids' must be an array of ids");
  }
  const collection = kind.collection;
  if (collection) {
    const missing = value.filter((id) => !app.store.get(collection, id));
    if (missing.length > 0) throw new EmuError(400, 'IW10006', `Unknown entity id(s): ${missing.join(', ')}`);
  }
  return value as string[];
}

export function registerDomainAccess(app: EmuApp): void {
  for (const kind of KINDS) registerKind(app, kind);
  app.route(
    'GET',
    '/admin/domains/:domain_id/domain-users',
    (req) =>
      list(
        req,
        ids(requireDomain(app, req.params.domain_id!), 'users').map((id) => ({ id })),
      ),
    { admin: true },
  );
}

function registerKind(app: EmuApp, kind: AccessKind): void {
  const path = `/domains/:domain_id/${kind.segment}`;
  const options = { admin: true, entity: kind.field };
  const write = (req: EmuRequest, next: (current: string[], given: string[]) => string[]) => {
    const domain = requireDomain(app, req.params.domain_id!);
    const current = ids(domain, kind.field);
    const updated = [...new Set(next(current, entityIds(app, req, kind)))];
    if (JSON.stringify(updated) !== JSON.stringify(current)) {
      app.store.update('domains', domain.id, { [kind.field]: updated }, { userId: req.user.id });
    }
  };

  app.route('GET', path, (req) => {
    const domain = requireDomain(app, req.params.domain_id!);
    return list(
      req,
      ids(domain, kind.field).map((id) => kind.item(app, id)),
    );
  });
  app.route(
    'POST',
    path,
    (req) => {
      write(req, (current, given) => [...current, ...given]);
      return { status: 200, body: { message: kind.addMessage, result: 'success' } };
    },
    options,
  );
  app.route(
    'PUT',
    path,
    (req) => {
      write(req, (_current, given) => given);
      return { status: 200, body: { message: 'Successfully updated', result: 'success' } };
    },
    options,
  );
  app.route(
    'DELETE',
    path,
    (req) => {
      write(req, (current, given) => current.filter((id) => !given.includes(id)));
      return { status: 200, body: { message: 'Successfully removed', result: 'success' } };
    },
    options,
  );
  app.route(
    'GET',
    `/admin/domains/:domain_id/${kind.segment}-to-add`,
    (req) => list(req, kind.toAdd(app, requireDomain(app, req.params.domain_id!))),
    { admin: true },
  );
}

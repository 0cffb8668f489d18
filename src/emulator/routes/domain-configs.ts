// Domain advanced configurations (/domains/:id/configurations/advance) and comments.
import type { EmuApp } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, list, ok, requireString } from '../respond.js';
import type { Doc } from '../store.js';
import { requireDomain } from './domain-record.js';

function findConfig(app: EmuApp, domainId: string, key: string): Doc | undefined {
  return app.store.find(
    'advanced_configs',
    (c) => c.entity_type === 'domain' && c.entity_id === domainId && c.key === key,
  )[0];
}

function configView(doc: Doc): Record<string, unknown> {
  return {
    id: doc.id,
    key: doc.key,
    value: doc.value,
    description: doc.description,
    is_active: doc.is_active,
    created_at: doc.created_at,
    created_by: doc.created_by,
    modified_at: doc.modified_at,
    modified_by: doc.modified_by,
  };
}

export function registerDomainConfigs(app: EmuApp): void {
  const { store } = app;
  const base = '/domains/:domain_id/configurations/advance';
  const options = { admin: true, entity: 'advanced_config' };

  app.route('GET', base, (req) => {
    const domain = requireDomain(app, req.params.domain_id!);
    const configs = store.find(
      'advanced_configs',
      (c) => c.entity_type === 'domain' && c.entity_id === domain.id,
    );
    return list(req, configs, '', (c) => configView(c as Doc));
  });

  app.route(
    'POST',
    base,
    (req) => {
      const domain = requireDomain(app, req.params.domain_id!);
      const body = bodyObject(req);
      const key = requireString(body, 'key');
      if (findConfig(app, domain.id, key)) {
        throw new EmuError(400, 'IW10003', `Advanced configuration with name '${key}' already exists`);
      }
      const doc = store.insert(
        'advanced_configs',
        {
          entity_type: 'domain',
          entity_id: domain.id,
          key,
          value: body.value ?? '',
          description: body.description ?? '',
          is_active: body.is_active ?? true,
        },
        { userId: req.user.id },
      );
      return {
        status: 200,
        body: { message: 'Successfully updated Advance configuration', result: { id: doc.id } },
      };
    },
    options,
  );

  app.route('GET', `${base}/:key`, (req) => {
    const domain = requireDomain(app, req.params.domain_id!);
    const config = findConfig(app, domain.id, req.params.key!);
    if (!config) throw new EmuError(404, 'IW10001', `Advanced configuration '${req.params.key}' not found`);
    return ok(configView(config));
  });

  app.route(
    'PUT',
    `${base}/:key`,
    (req) => {
      const domain = requireDomain(app, req.params.domain_id!);
      const body = bodyObject(req);
      const key = req.params.key!;
      const patch = {
        value: body.value ?? '',
        description: body.description ?? '',
        is_active: body.is_active ?? true,
      };
      const current = findConfig(app, domain.id, key);
      if (!current) {
        store.insert(
          'advanced_configs',
          { entity_type: 'domain', entity_id: domain.id, key, ...patch },
          { userId: req.user.id },
        );
      } else if (
        JSON.stringify(patch) !==
        JSON.stringify({
          value: current.value,
          description: current.description,
          is_active: current.is_active,
        })
      ) {
        store.update('advanced_configs', current.id, patch, { userId: req.user.id });
      }
      return { status: 200, body: { message: 'Successfully updated Advance configuration' } };
    },
    options,
  );

  app.route(
    'DELETE',
    `${base}/:key`,
    (req) => {
      const domain = requireDomain(app, req.params.domain_id!);
      const config = findConfig(app, domain.id, req.params.key!);
      if (!config) throw new EmuError(404, 'IW10001', `Advanced configuration '${req.params.key}' not found`);
      store.remove('advanced_configs', config.id);
      return { status: 200, body: { message: 'Successfully removed Advance configuration' } };
    },
    options,
  );

  app.route('GET', '/domains/:domain_id/comments', (req) => {
    const domain = requireDomain(app, req.params.domain_id!);
    const comments = Array.isArray(domain.comments) ? domain.comments : [];
    return list(req, comments);
  });

  app.route(
    'POST',
    '/domains/:domain_id/comments',
    (req) => {
      const domain = requireDomain(app, req.params.domain_id!);
      const comment = requireString(bodyObject(req), 'comment');
      const comments = [...(Array.isArray(domain.comments) ? domain.comments : []), { comment }];
      store.update('domains', domain.id, { comments }, { userId: req.user.id });
      return ok('success');
    },
    { entity: 'domain_comment' },
  );
}

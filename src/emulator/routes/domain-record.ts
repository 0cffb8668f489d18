// A domain's stored record, for the routes of its own sub-resources (access, configurations), which
// must not import the domains routes that register them.
import type { EmuApp } from '../app.js';
import type { Doc } from '../store.js';

/** The domain with this id, or a 404 naming it. */
export function requireDomain(app: EmuApp, id: string): Doc {
  return app.store.require('domains', id);
}

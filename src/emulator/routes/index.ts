// Registers every route module with the app. Ingestion modules export `register(app)`.
import type { EmuApp } from '../app.js';
import type { Sessions } from '../auth.js';
import { register as dataConnections } from './data-connections.js';
import { register as domains } from './domains.js';
import { register as environments } from './environments.js';
import { register as genericSourceTypes } from './generic-source-types.js';
import { register as mappings } from './mappings.js';
import { register as schedules } from './schedules.js';
import { register as security } from './security.js';
import { register as sources } from './sources.js';
import { register as tableConfigs } from './table-configs.js';
import { register as tableGroups } from './table-groups.js';
import { register as tables } from './tables.js';
import { register as users } from './users.js';
import { register as validationSpecs } from './validation-specs.js';

export interface RouteDeps {
  sessions: Sessions;
}

export function registerRoutes(app: EmuApp, deps: RouteDeps): void {
  security(app, deps.sessions);
  users(app);
  environments(app);
  domains(app);
  dataConnections(app);
  genericSourceTypes(app);
  sources(app);
  tables(app);
  tableConfigs(app);
  tableGroups(app);
  schedules(app);
  mappings(app);
  validationSpecs(app);
}

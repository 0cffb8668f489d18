// Route table: matches /v3 paths to handlers, enforces auth/admin, and journals committed writes.
import type {
  EmuApp,
  EmulatorConfig,
  EmuMethod,
  EmuRequest,
  EmuResult,
  Handler,
  RouteOptions,
} from './app.js';
import { ANONYMOUS, authenticateBearer, type Sessions } from './auth.js';
import type { RequestFacts } from './contract/conformance.js';
import { EmuError } from './errors.js';
import { entityFromPattern, type Journal } from './journal.js';
import { decodeSegment } from './query.js';
import { fail, failFrom } from './respond.js';
import type { Store } from './store.js';

interface Route {
  method: EmuMethod;
  segments: string[];
  handler: Handler;
  options: RouteOptions;
  entity: string;
}

export interface Incoming {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface RouterContext {
  store: Store;
  sessions: Sessions;
  journal: Journal;
  config: EmulatorConfig;
  now: () => Date;
  /** A request to a route the references do not back, refused once the caller is authorised. */
  screen?: (facts: RequestFacts) => EmuResult | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class Router {
  private readonly routes: Route[] = [];

  constructor(private readonly ctx: RouterContext) {}

  /** The EmuApp handed to route modules. */
  app(): EmuApp {
    return {
      route: (method, pattern, handler, options = {}) => this.add(method, pattern, handler, options),
      store: this.ctx.store,
      now: this.ctx.now,
      config: this.ctx.config,
    };
  }

  add(method: EmuMethod, pattern: string, handler: Handler, options: RouteOptions): void {
    const segments = split(pattern);
    const clash = this.routes.find((r) => r.method === method && r.segments.join('/') === segments.join('/'));
    if (clash) throw new Error(`emulator route registered twice: ${method} ${pattern}`);
    this.routes.push({
      method,
      segments,
      handler,
      options,
      entity: options.entity ?? entityFromPattern(pattern),
    });
  }

  private match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const parts = split(path);
    let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      const ok = route.segments.every((segment, i) => {
        const part = parts[i]!;
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = decodeSegment(part);
          return true;
        }
        literals++;
        return segment === part;
      });
      // Literal segments win over parameters ('/cluster/restart' over '/cluster/:environment_id').
      if (ok && (!best || literals > best.literals)) best = { route, params, literals };
    }
    return best;
  }

  /** Runs one request; `committed` reports whether a write changed state (and was journaled). */
  async handle(
    incoming: Incoming,
    options: { skipHandler?: boolean; fault?: string } = {},
  ): Promise<EmuResult & { committed: boolean }> {
    const found = this.match(incoming.method, incoming.path);
    if (!found) {
      return {
        ...fail(404, 'IW10001', `No route for ${incoming.method} /v3${incoming.path}`),
        committed: false,
      };
    }
    const { route, params } = found;
    const before = this.ctx.store.revision;
    let result: EmuResult;
    try {
      const user =
        (route.options.auth ?? 'bearer') === 'bearer'
          ? authenticateBearer(incoming.headers.authorization, this.ctx)
          : ANONYMOUS;
      if (route.options.admin && !user.isAdmin) {
        throw new EmuError(403, 'IW10004', 'Forbidden: this operation requires the admin role');
      }
      const refusal = this.ctx.screen?.({ ...incoming, contentType: incoming.headers['content-type'] });
      if (refusal) return { ...refusal, committed: false };
      const req: EmuRequest = {
        method: route.method,
        path: incoming.path,
        params,
        query: incoming.query,
        body: incoming.body,
        user,
        headers: incoming.headers,
      };
      result = options.skipHandler ? fail(500, 'IW10002', 'not run') : await route.handler(req);
    } catch (error) {
      if (!(error instanceof EmuError)) throw error;
      result = failFrom(error);
    }
    const committed =
      WRITES.has(route.method) &&
      result.status >= 200 &&
      result.status < 300 &&
      this.ctx.store.revision !== before;
    if (committed) {
      this.ctx.journal.append({
        at: this.ctx.now(),
        method: route.method,
        path: `/v3${incoming.path}`,
        status: result.status,
        entity: route.entity,
        ...(options.fault ? { fault: options.fault } : {}),
      });
    }
    return { ...result, committed };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

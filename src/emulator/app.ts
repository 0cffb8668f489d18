// The emulator's internal contract: request/response types and the app handed to route modules.
import type { Store } from './store.js';

export type EmuMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EmuUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  isAdmin: boolean;
}

export interface EmuRequest {
  method: EmuMethod;
  /** Path after /v3, no query, trailing slash removed (e.g. '/sources/abc'). */
  path: string;
  /** From the route pattern, e.g. {source_id: '...'}. */
  params: Record<string, string>;
  /** Lenient parse: `?&limit=` ok, bad %-escapes kept raw. */
  query: Record<string, string>;
  /** Parsed JSON, or undefined when empty (DELETE bodies too). Non-JSON bodies arrive as a string. */
  body: unknown;
  /** The authenticated caller on auth 'bearer' routes; an anonymous user (id '') on 'none'/'basic'. */
  user: EmuUser;
  /** Raw request headers, lower-case names (for the security routes). */
  headers: Record<string, string>;
}

export interface EmuResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: EmuRequest) => EmuResult | Promise<EmuResult>;

export interface RouteOptions {
  /** Default 'bearer'. */
  auth?: 'bearer' | 'none' | 'basic';
  /** true → 403 IW10004 for non-admin callers. */
  admin?: boolean;
  /** Journal entity for committed writes, e.g. 'source' (default: derived from the path). */
  entity?: string;
}

export type Revision = 'legacy' | 'current';

export interface EmulatorConfig {
  tokenTtlSeconds: number;
  revision: Revision;
  expiredTokenStatus: 401 | 406;
  /** Secret used to sign access tokens (HS256). */
  jwtSecret: string;
}

export interface EmuApp {
  route(method: EmuMethod, pattern: string, handler: Handler, options?: RouteOptions): void;
  store: Store;
  /** Injectable clock. */
  now(): Date;
  config: EmulatorConfig;
}

export interface JournalEntry {
  seq: number;
  at: string;
  method: EmuMethod;
  path: string;
  status: number;
  entity: string;
  /** Set when an injected fault hid the committed outcome from the client ('5xx-after', 'reset-after'). */
  fault?: string;
}

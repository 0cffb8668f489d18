// Test harness: starts an emulator on port 0 and talks to it with plain fetch.
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../src/emulator/server.js';

export const ADMIN_REFRESH = 'dpac-emulator-refresh-token-0000000000000000000000000000000000000000';

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
  text: string;
  headers: Headers;
}

export class Client {
  token = '';
  constructor(readonly emu: RunningEmulator) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const url = path.startsWith('http')
      ? path
      : path.startsWith('/_emulator')
        ? this.emu.baseUrl + path
        : this.emu.url + path;
    const res = await fetch(url, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body);
  patch = (path: string, body?: unknown) => this.call('PATCH', path, body);
  put = (path: string, body?: unknown) => this.call('PUT', path, body);
  del = (path: string, body?: unknown) => this.call('DELETE', path, body);

  /** Mints a bearer token from a refresh token (the admin's by default). */
  async login(refresh = ADMIN_REFRESH): Promise<this> {
    const res = await fetch(`${this.emu.url}/security/token/access`, {
      headers: { authorization: `Basic ${refresh}` },
    });
    const body = (await res.json()) as { result: { authentication_token: string } };
    this.token = body.result.authentication_token;
    return this;
  }

  /** Logs in with email and password (Basic user:pass on /security/authenticate). */
  async loginWithPassword(email: string, password: string): Promise<Reply> {
    const basic = Buffer.from(`${email}:${password}`).toString('base64');
    const reply = await this.call('GET', '/security/authenticate?service_id=1', undefined, {
      authorization: `Basic ${basic}`,
    });
    if (reply.status === 200) this.token = reply.body.result.authentication_token;
    return reply;
  }
}

export async function emulator(
  options: EmulatorOptions = {},
): Promise<{ emu: RunningEmulator; admin: Client }> {
  const emu = await startEmulator({ port: 0, quiet: true, ...options });
  const admin = await new Client(emu).login();
  return { emu, admin };
}

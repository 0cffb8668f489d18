// Raw v3 calls to the emulator for tests, as another client of the platform would make them
// (out-of-band changes, hand-made objects). Never goes through dpac's own client.
import { REFRESH_TOKEN } from './e2e.js';

export interface PlatformApi {
  get<T = unknown>(path: string): Promise<T>;
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** POSTs bytes as application/octet-stream (a file upload). */
  upload(path: string, bytes: Uint8Array): Promise<void>;
  /** Sends fields as multipart/form-data (the generic source types' content type). */
  form<T = unknown>(method: string, path: string, fields: Record<string, string>): Promise<T>;
  /** Id of the live object named `name` in a collection (`/sources`, `/admin/domains`...). */
  idOf(collection: string, name: string): Promise<string>;
}

/** Logs in with a refresh token (the emulator's admin by default) against `url` (…/v3). */
export async function platformApi(url: string, refreshToken = REFRESH_TOKEN): Promise<PlatformApi> {
  const minted = await fetch(`${url}/security/token/access`, {
    headers: { Authorization: `Basic ${refreshToken}` },
  }).then((r) => r.json() as Promise<{ result: { authentication_token: string } }>);
  const headers = {
    Authorization: `Bearer ${minted.result.authentication_token}`,
    'Content-Type': 'application/json',
  };
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const get = <T>(path: string) => send<T>('GET', path);
  return {
    get,
    send,
    async upload(path, bytes) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
        body: bytes,
      });
      if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${await response.text()}`);
    },
    async form<T>(method: string, path: string, fields: Record<string, string>) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      const { 'Content-Type': _, ...auth } = headers;
      const response = await fetch(`${url}${path}`, { method, headers: auth, body });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : {}) as T;
    },
    async idOf(collection, name) {
      const filter = encodeURIComponent(JSON.stringify({ name }));
      const found = await get<{ result: { id: string; name?: string }[] }>(`${collection}?filter=${filter}`);
      const match = found.result.find((item) => item.name === name);
      if (!match) throw new Error(`no ${name} in ${collection}`);
      return match.id;
    },
  };
}

// Out-of-band changes for tests: raw v3 calls to the emulator, as another user of the platform would make.
import type { E2e } from '../helpers/e2e.js';

export interface PlatformApi {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The id of the object of `collectionPath` (a list endpoint) named `name`. */
  idOf(collectionPath: string, name: string): Promise<string>;
}

export async function platformApi(e2e: E2e, refreshToken = e2e.env.DPAC_REFRESH_TOKEN): Promise<PlatformApi> {
  const minted = await fetch(`${e2e.emulator.url}/security/token/access`, {
    headers: { Authorization: `Basic ${refreshToken}` },
  }).then((r) => r.json() as Promise<{ result: { authentication_token: string } }>);
  const headers = {
    Authorization: `Bearer ${minted.result.authentication_token}`,
    'Content-Type': 'application/json',
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${e2e.emulator.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    async idOf(collectionPath, name) {
      const filter = encodeURIComponent(JSON.stringify({ name }));
      const found = await call<{ result: { id: string; name: string }[] }>(
        'GET',
        `${collectionPath}?filter=${filter}`,
      );
      const match = found.result.find((item) => item.name === name);
      if (!match) throw new Error(`no ${name} under ${collectionPath}`);
      return match.id;
    },
  };
}

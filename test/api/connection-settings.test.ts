// resolveConnection: URL from --url or DPAC_URL, secrets only from the environment, clear errors.

import { describe, expect, it } from 'vitest';
import { resolveConnection } from '../../src/api/index.js';

describe('resolveConnection', () => {
  it('prefers the refresh token over username and password', () => {
    const result = resolveConnection({
      env: {
        DPAC_URL: 'https://p.example/v3',
        DPAC_REFRESH_TOKEN: 'rt',
        DPAC_USERNAME: 'u',
        DPAC_PASSWORD: 'p',
      },
    });
    expect(result).toEqual({ value: { baseUrl: 'https://p.example/v3', auth: { refreshToken: 'rt' } } });
  });

  it('uses username and password, keeping the password verbatim', () => {
    const result = resolveConnection({
      env: { DPAC_URL: 'https://p.example/v3', DPAC_USERNAME: 'u@x.io', DPAC_PASSWORD: ' p w ' },
    });
    expect(result.value?.auth).toEqual({ username: 'u@x.io', password: ' p w ' });
  });

  it('lets --url win over DPAC_URL and carries the TLS and http flags', () => {
    const result = resolveConnection({
      url: 'http://intranet.example/v3',
      env: { DPAC_URL: 'https://ignored/v3', DPAC_REFRESH_TOKEN: 'rt' },
      caFile: '/etc/ca.pem',
      insecureSkipTlsVerify: true,
      allowHttp: true,
    });
    expect(result.value).toEqual({
      baseUrl: 'http://intranet.example/v3',
      auth: { refreshToken: 'rt' },
      tls: { caFile: '/etc/ca.pem', insecureSkipTlsVerify: true },
      allowHttp: true,
    });
  });

  it('names the variables to set when nothing is configured', () => {
    expect(resolveConnection({ env: {} }).error).toMatch(/set DPAC_URL/);
    expect(resolveConnection({ env: { DPAC_URL: 'https://p/v3' } }).error).toBe(
      'No credentials: set DPAC_REFRESH_TOKEN (preferred; works with SSO) or DPAC_USERNAME and DPAC_PASSWORD',
    );
  });

  it('says which half of a username/password pair is missing', () => {
    expect(resolveConnection({ env: { DPAC_URL: 'https://p/v3', DPAC_USERNAME: 'u' } }).error).toMatch(
      /DPAC_PASSWORD is not set/,
    );
    expect(resolveConnection({ env: { DPAC_URL: 'https://p/v3', DPAC_PASSWORD: 'p' } }).error).toMatch(
      /DPAC_USERNAME is not set/,
    );
  });

  it('refuses plain http to a remote host without --allow-http', () => {
    const result = resolveConnection({ env: { DPAC_URL: 'http://p.example/v3', DPAC_REFRESH_TOKEN: 'rt' } });
    expect(result.value).toBeUndefined();
    expect(result.error).toMatch(/Refusing plain http to p\.example/);
  });

  it('reads the deadlines and read limits, and names a bad value with its default', () => {
    const base = { DPAC_URL: 'https://p/v3', DPAC_REFRESH_TOKEN: 'rt' };
    const result = resolveConnection({
      env: {
        ...base,
        DPAC_TIMEOUT: '30m',
        DPAC_REQUEST_TIMEOUT: '2m',
        DPAC_MAX_LIST_ITEMS: '250000',
        DPAC_MAX_READ_MB: '2048',
        DPAC_MAX_PAGES: '10',
      },
    });
    expect(result.value).toMatchObject({
      runTimeoutMs: 1_800_000,
      requestTimeoutMs: 120_000,
      limits: { maxListItems: 250_000, maxReadBytes: 2048 * 1024 * 1024, maxPagesPerList: 10 },
    });
    const errorOf = (env: Record<string, string>) => resolveConnection({ env: { ...base, ...env } }).error;
    expect(errorOf({ DPAC_REQUEST_TIMEOUT: 'soon' })).toBe(
      'DPAC_REQUEST_TIMEOUT="soon" is not a duration; write e.g. 90s, 30m or 2h (a bare number is seconds; default 90s)',
    );
    expect(errorOf({ DPAC_MAX_LIST_ITEMS: '1.5' })).toBe(
      'DPAC_MAX_LIST_ITEMS="1.5" is not a whole number of at least 1 (default 100000)',
    );
    expect(errorOf({ DPAC_MAX_READ_MB: '0' })).toBe(
      'DPAC_MAX_READ_MB="0" is not a positive number of mebibytes (default 1024)',
    );
  });
});

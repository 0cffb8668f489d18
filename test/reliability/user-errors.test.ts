// User mistakes in flags, files and environment values end in a clear, located error and exit 1 —
// never in "internal error … This is a bug".
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';

/** Any readable file that holds no certificate: this test's own source. */
const NOT_A_CERTIFICATE = fileURLToPath(import.meta.url);

const DOMAIN = `apiVersion: dpac/v1
kind: Domain
metadata:
  name: sales
spec:
  description: Sales.
`;

describe('user mistakes are user errors', () => {
  let e2e: E2e;
  beforeEach(async () => {
    e2e = await startE2e();
    await e2e.write('d.yaml', DOMAIN);
    await e2e.write('folder/keep.txt', 'x');
  });
  afterEach(() => e2e.close());

  const cases: Array<[string, string[], Record<string, string>, string]> = [
    [
      '--ca-file naming a file that is no certificate (like /etc/hostname)',
      ['plan', 'd.yaml', '--ca-file', NOT_A_CERTIFICATE],
      {},
      `Error: --ca-file ${NOT_A_CERTIFICATE}: the file holds no PEM certificate`,
    ],
    [
      '--ca-file naming a missing file',
      ['plan', 'd.yaml', '--ca-file', '/nonexistent/ca.pem'],
      {},
      'Error: --ca-file /nonexistent/ca.pem: the file cannot be read (ENOENT)',
    ],
    [
      '--ca-file naming a folder',
      ['plan', 'd.yaml', '--ca-file', '/etc'],
      {},
      'Error: --ca-file /etc: the file cannot be read (EISDIR)',
    ],
    ['DPAC_URL that is not a URL', ['plan', 'd.yaml'], { DPAC_URL: 'not a url' }, 'is not a valid URL'],
    [
      'DPAC_TIMEOUT that is not a duration',
      ['plan', 'd.yaml'],
      { DPAC_TIMEOUT: 'soon' },
      'Error: DPAC_TIMEOUT="soon" is not a duration',
    ],
    [
      'DPAC_MAX_PAGES that is not a whole number',
      ['plan', 'd.yaml'],
      { DPAC_MAX_PAGES: '1.5' },
      'Error: DPAC_MAX_PAGES="1.5" is not a whole number of at least 1',
    ],
    [
      'DPAC_MAX_RESPONSE_MB that is not positive',
      ['drift', 'd.yaml'],
      { DPAC_MAX_RESPONSE_MB: '0' },
      'Error: DPAC_MAX_RESPONSE_MB="0" is not a positive number',
    ],
    [
      'plan --out into a missing folder',
      ['plan', 'd.yaml', '--out', 'missing/plan.json'],
      {},
      'missing/plan.json: no such file or folder (ENOENT)',
    ],
    [
      'plan --out naming a folder',
      ['plan', 'd.yaml', '--out', 'folder'],
      {},
      'folder: it is a folder (EISDIR)',
    ],
  ];

  it.each(cases)('%s', async (_name, args, env, message) => {
    const run = await e2e.dpac(args, { env });
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr).toContain(message);
    expect(run.code).toBe(1);
  });
});

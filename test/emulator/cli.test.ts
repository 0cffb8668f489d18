import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { captureIo as capture } from '../helpers/capture-io.js';

function captureIo() {
  const io = capture();
  return Object.assign(io, { lines: io.stdout, errors: io.stderr });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('dpac emulator', () => {
  it('prints the URL, the admin and the refresh token, serves until SIGTERM and then closes', async () => {
    const io = captureIo();
    let finished = false;
    const run = runCli(['emulator', '--port', '0', '--seed', 'demo', '--token-ttl', '60'], io).then(
      (code) => {
        finished = true;
        return code;
      },
    );
    await waitFor(() => io.lines.length > 0);
    const url = /listening on (\S+)/.exec(io.lines[0] ?? '')?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v3$/);
    expect(io.lines.join('\n')).toContain('admin@dpac.local / admin');
    expect(io.lines.join('\n')).toContain('dpac-emulator-refresh-token-');
    const health = await fetch(`${url!.replace(/\/v3$/, '')}/_emulator/health`);
    expect(health.status).toBe(200);
    expect(finished).toBe(false);
    process.emit('SIGTERM');
    expect(await run).toBe(0);
    await expect(fetch(`${url}/domains`)).rejects.toThrow();
  });

  it('reports a port already in use as an error, not a bug', async () => {
    const first = captureIo();
    const run = runCli(['emulator', '--port', '0'], first);
    await waitFor(() => first.lines.length > 0);
    const port = /:(\d+)\/v3/.exec(first.lines[0] ?? '')?.[1];
    const second = captureIo();
    expect(await runCli(['emulator', '--port', String(port)], second)).toBe(1);
    expect(second.errors.join('\n')).toContain('could not start');
    process.emit('SIGINT');
    expect(await run).toBe(0);
  });
});

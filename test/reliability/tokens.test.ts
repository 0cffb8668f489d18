// Token expiry mid-apply: 2-second tokens against an apply of ~200 resources that outlives many of
// them. The emulator logs every mint; a second mint for the same expiry would land within a few
// ms of the first, so consecutive mints closer than a tenth of the lifetime prove a duplicate.
// Only the apply's mints are compared: the plan that follows is a new process with its own first
// mint, which may land any time after the apply's last one.
import { afterEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from './generate-platform.js';

const TTL_SECONDS = 2;
const MIN_GAP_MS = (TTL_SECONDS * 1000) / 10;

function gapsBetweenMints(mints: readonly { at: number }[]): number[] {
  return mints.slice(1).map((m, i) => m.at - (mints[i]?.at ?? 0));
}

/**
 * `sources` × (a source, 45 tables, a group) and a few platform objects. Table creates are batched
 * per source, so 4 sources (200 resources) keep an apply alive past several 2-second tokens.
 */
async function applyResources(e2e: E2e, sources: number) {
  const platform = generatePlatform({ sources });
  const folder = await writePlatform(e2e.write, platform);
  const result = await e2e.dpac(['apply', folder, '--auto-approve', '--no-color'], { env: platform.env });
  const applyMints = [...e2e.emulator.tokenLog().mints];
  const plan = await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env: platform.env });
  return { result, plan, applyMints, resources: platform.resources };
}

describe('an apply that outlives its access tokens', () => {
  let e2e: E2e | undefined;
  afterEach(() => e2e?.close());

  it('refreshes each token once as it nears expiry, and no step fails for auth', async () => {
    e2e = await startE2e({ tokenTtlSeconds: TTL_SECONDS, latencyMs: 50 });
    const { result, plan, applyMints, resources } = await applyResources(e2e, 4);

    expect(resources).toBeGreaterThanOrEqual(200);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Apply complete!');
    expect(result.code).toBe(0);
    expect(plan.code).toBe(0);
    // The apply spanned several lifetimes (else this proves nothing), and every re-mint was alone.
    expect(applyMints.length).toBeGreaterThanOrEqual(4);
    for (const gap of gapsBetweenMints(applyMints))
      expect(gap, JSON.stringify(gapsBetweenMints(applyMints))).toBeGreaterThanOrEqual(MIN_GAP_MS);
  }, 120_000);

  it('re-mints exactly once per expiry when tokens die before the planned refresh', async () => {
    // The emulator's clock runs twice as fast: tokens expire before the client's refresh time, so
    // calls in flight are refused with 406 and the client must re-mint once for all of them.
    const start = Date.now();
    e2e = await startE2e({
      tokenTtlSeconds: TTL_SECONDS,
      latencyMs: 50,
      now: () => new Date(start + (Date.now() - start) * 2),
    });
    const { result, plan, applyMints } = await applyResources(e2e, 4);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/\bfailed\b/);
    expect(plan.code).toBe(0);
    const log = e2e.emulator.tokenLog();
    expect(log.expiredRefused).toBeGreaterThanOrEqual(2);
    for (const gap of gapsBetweenMints(applyMints))
      expect(gap, JSON.stringify(gapsBetweenMints(applyMints))).toBeGreaterThanOrEqual(MIN_GAP_MS);
  }, 120_000);
});

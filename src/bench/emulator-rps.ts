// Measures emulator throughput: ~1,000 seeded objects, concurrent GETs for ~5 s, prints {requests, seconds, rps}.
// The emulator runs in its own process and the load comes over keep-alive connections (undici Pool),
// so the figure is the emulator's, not this script's HTTP client's.
import { Pool } from 'undici';
import { BENCH_REFRESH_TOKEN } from './bench-env.js';
import { forkEmulator } from './fork-emulator.js';

const SEED_COUNT = 1000;
const CONCURRENCY = 32;
const DURATION_MS = Number(process.env.DPAC_BENCH_MS ?? 5000);

async function main(): Promise<void> {
  const emu = await forkEmulator(0);
  const origin = new URL(emu.url).origin;
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  try {
    const auth = await fetch(`${emu.url}/security/token/access`, {
      headers: { authorization: `Basic ${BENCH_REFRESH_TOKEN}` },
    });
    const token = ((await auth.json()) as { result: { authentication_token: string } }).result
      .authentication_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ids: string[] = [];
    for (let start = 0; start < SEED_COUNT; start += CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CONCURRENCY, SEED_COUNT - start) }, (_, i) =>
        fetch(`${emu.url}/domains`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `bench_${start + i}`, description: 'bench' }),
        }).then(async (res) => ids.push(((await res.json()) as { result: { id: string } }).result.id)),
      );
      await Promise.all(batch);
    }
    // A realistic read mix: single GETs, filtered look-ups by name, and 20-item pages.
    const paths = (n: number): string => {
      switch (n % 3) {
        case 0:
          return `/domains/${ids[n % ids.length]}`;
        case 1:
          return `/domains?filter=${encodeURIComponent(JSON.stringify({ name: `bench_${n % SEED_COUNT}` }))}`;
        default:
          return `/domains?limit=20&offset=${(n * 20) % SEED_COUNT}`;
      }
    };
    let requests = 0;
    let failures = 0;
    const started = performance.now();
    const deadline = started + DURATION_MS;
    const worker = async (offset: number): Promise<void> => {
      for (let n = offset; performance.now() < deadline; n += CONCURRENCY) {
        const res = await pool.request({ method: 'GET', path: `/v3${paths(n)}`, headers });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) requests++;
        else failures++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
    const seconds = (performance.now() - started) / 1000;
    const out = {
      requests,
      failures,
      seconds: Number(seconds.toFixed(2)),
      rps: Math.round(requests / seconds),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await pool.close();
    await emu.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator-rps: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

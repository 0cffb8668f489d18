// Measures emulator throughput: ~1,000 seeded objects, concurrent GETs for ~5 s, prints {requests, seconds, rps}.
import { startEmulator } from '../emulator/server.js';

const SEED_COUNT = 1000;
const CONCURRENCY = 32;
const DURATION_MS = Number(process.env.DPAC_BENCH_MS ?? 5000);

async function main(): Promise<void> {
  const emu = await startEmulator({ port: 0, latencyMs: 0, quiet: true });
  try {
    const auth = await fetch(`${emu.url}/security/token/access`, {
      headers: { authorization: `Basic ${emu.adminRefreshToken}` },
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
        const res = await fetch(emu.url + paths(n), { headers });
        await res.arrayBuffer();
        if (res.status === 200) requests++;
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
    await emu.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator-rps: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

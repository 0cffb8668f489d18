// The bench's credentials and environment, apart from the CLI: a measured plan process imports
// only what a plan needs, so its peak RSS is the plan's (seed-platform pulls in the whole CLI).

export const BENCH_REFRESH_TOKEN = 'dpac-emulator-refresh-token-0000000000000000000000000000000000000000';

/** Values for every `${env.X}` the generated manifests use (bench data, not real secrets). */
export const BENCH_SECRETS: Record<string, string> = {
  BENCH_DB_PASSWORD: 'bench-db-password',
  BENCH_WORKSPACE_TOKEN: 'bench-workspace-token',
  BENCH_LAKE_KEY: 'bench-lake-key',
};

export function benchEnv(url: string): Record<string, string> {
  return { DPAC_URL: url, DPAC_REFRESH_TOKEN: BENCH_REFRESH_TOKEN, ...BENCH_SECRETS };
}

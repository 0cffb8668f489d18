import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

/** What both suites share: the setup, the build of dist/ for binary tests, the timeouts. */
export const shared: NonNullable<ViteUserConfig['test']> = {
  setupFiles: ['test/helpers/setup.ts'],
  globalSetup: ['test/helpers/build-once.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
};

// `npm test`: every test but the reliability suite (fault matrix, token expiry, interrupts…),
// which is slow and runs on its own with `npm run test:reliability` (vitest.reliability.config.ts).
export default defineConfig({
  test: {
    ...shared,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/reliability/**'],
  },
});

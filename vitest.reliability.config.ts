import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config.js';

// `npm run test:reliability`: the reliability suite alone (test/reliability), with the same setup.
export default defineConfig({
  test: { ...shared, include: ['test/reliability/**/*.test.ts'] },
});

import { defineConfig } from 'vitest/config';

// Unit tests of the page's pure logic (`src/**/*.test.ts`), in Node without a
// browser: `npx vitest run` (scripts/test.sh runs it before `vite build`).
// The build never includes them: only what index.html imports is bundled.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});

import { defineConfig } from "vitest/config";

// `npx vitest run` (tests/web/test_ts_verifier.py runs it in `make test`): the unit tests of the
// browser code, in Node, whose WebCrypto is the browser's API (SHA-256, HMAC, Ed25519).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/testing/language.ts"],
  },
});

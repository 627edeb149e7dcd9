import { defineConfig } from "vite";

// `npm run build` (what `make web` runs) writes the app to web/dist, which the gateway serves
// at `/`. `npm run dev` serves it with hot reload and sends the API to a `make run` gateway.
// JSX is Preact's (the automatic runtime, `preact/jsx-runtime`): no plugin beyond Vite's own transform.
const gateway = process.env.FOODGAMES_GATEWAY ?? "http://127.0.0.1:20058";
const api = ["/foodgames.v1.", "/games/", "/auth/", "/api/", "/healthz"];

export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: false },
  server: { proxy: Object.fromEntries(api.map((prefix) => [prefix, { target: gateway }])) },
});

// PLACEHOLDER, replaced at merge by the real verifier (web/src/audit/**, written in another
// branch): an independent TypeScript implementation of docs/audit.md's checks. This stub
// verifies NOTHING and says so: every call answers ok=false with one failed check, so that no
// page or test can mistake it for a verification.
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export async function verifyBundle(
  bundle: unknown,
  publicKeyHex?: string,
): Promise<{ ok: boolean; checks: Check[] }> {
  void bundle;
  void publicKeyHex;
  return {
    ok: false,
    checks: [{ name: "verifier", ok: false, detail: "placeholder: the browser verifier is not merged into this build yet" }],
  };
}

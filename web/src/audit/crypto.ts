// The three primitives the audit needs, from the platform's WebCrypto (crypto.subtle): SHA-256,
// HMAC-SHA256 and Ed25519 verification (Chromium 137+, Firefox 129+, Safari 17+, Node 20+).
// No third-party crypto code is loaded.

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto (crypto.subtle) is not available: open the page over https or localhost");
  return s;
}

// Uint8Array<ArrayBufferLike> is not a BufferSource under TypeScript's newest DOM types
function buf(b: Uint8Array): ArrayBuffer {
  return b.slice().buffer as ArrayBuffer;
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", buf(data)));
}

export type Mac = (message: Uint8Array) => Promise<Uint8Array>;

/** HMAC-SHA256 under `key`, the key imported once for many messages (the byte stream). */
export async function hmacWith(key: Uint8Array): Promise<Mac> {
  const k = await subtle().importKey("raw", buf(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (message) => new Uint8Array(await subtle().sign("HMAC", k, buf(message)));
}

export async function hmac(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  return (await hmacWith(key))(message);
}

/** True when `signature` is a valid Ed25519 signature of `message` by the 32-byte `publicKey`. */
export async function ed25519Verify(publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  let key: CryptoKey;
  try {
    key = await subtle().importKey("raw", buf(publicKey), { name: "Ed25519" }, false, ["verify"]);
  } catch (e) {
    if (e instanceof Error && e.name === "NotSupportedError") {
      throw new Error("this browser's WebCrypto cannot verify Ed25519 signatures (Chromium 137+, Firefox 129+, Safari 17+ can)");
    }
    throw new Error("the public key is not a valid Ed25519 key");
  }
  return subtle().verify({ name: "Ed25519" }, key, buf(signature), buf(message));
}

"""Create the Secrets the manifests reference, with fresh random keys, if they are missing.

For a development cluster (Tilt runs this as the `dev-secrets` resource) or a first install:

    .venv/bin/python deploy/scripts/dev_secrets.py [--namespace foodgames] [--context CTX]

An existing Secret is left as it is (rotating keys is a deliberate act, see docs/deploy.md).
The keys go from memory to `kubectl create -f -` on standard input: nothing is written to disk
and nothing lands in the repository. `--names` prints which Secrets and keys it would create.
"""
from __future__ import annotations

import argparse
import base64
import json
import secrets
import shutil
import subprocess
import sys

NAMESPACE = "foodgames"


def token_key() -> str:
    """HS256 signing secret of player/service tokens (FOODGAMES_TOKEN_KEY)."""
    return secrets.token_hex(32)


def deck_signing_key() -> str:
    """Ed25519 private key, PKCS#8 PEM, that signs the deck's checkpoints."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()).decode()


# Secret name -> (key inside the Secret, generator). deploy/k8s/base references exactly these
# (tests/deploy/test_manifests.py checks it).
SECRETS = {
    "foodgames-token-key": ("token-key", token_key),
    "foodgames-deck-signing-key": ("signing-key.pem", deck_signing_key),
}


def secret_manifest(name: str, namespace: str) -> dict:
    key, make = SECRETS[name]
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "Opaque",
        "metadata": {"name": name, "namespace": namespace,
                     "labels": {"app.kubernetes.io/part-of": "foodgames"}},
        "data": {key: base64.b64encode(make().encode()).decode()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--namespace", default=NAMESPACE)
    parser.add_argument("--context", help="kubectl context (default: the current one)")
    parser.add_argument("--kubectl", default=shutil.which("kubectl") or "kubectl")
    parser.add_argument("--names", action="store_true", help="print Secret/key names and exit")
    args = parser.parse_args(argv)

    if args.names:
        for name, (key, _) in SECRETS.items():
            print(f"{name}\t{key}")
        return 0

    kubectl = [args.kubectl] + (["--context", args.context] if args.context else [])

    def quiet(*cmd: str) -> bool:
        return subprocess.run([*kubectl, *cmd], capture_output=True).returncode == 0

    def create(*cmd: str, stdin: bytes | None = None) -> None:
        done = subprocess.run([*kubectl, "create", *cmd], input=stdin, capture_output=True)
        out = (done.stdout + done.stderr).decode().strip()
        if done.returncode != 0 and "AlreadyExists" not in out:
            raise SystemExit(f"kubectl create {' '.join(cmd)} failed: {out}")
        print(out)

    if not quiet("get", "namespace", args.namespace):
        create("namespace", args.namespace)
    for name in SECRETS:
        if quiet("get", "secret", name, "--namespace", args.namespace):
            print(f"secret/{name} exists; left as it is")
            continue
        create("-f", "-", stdin=json.dumps(secret_manifest(name, args.namespace)).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())

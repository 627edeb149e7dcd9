"""Generate the Python code of proto/foodgames/v1/*.proto into proto/gen/, and the browser
client's TypeScript (protobuf-es v2: messages and the service descriptors Connect-ES v2 uses)
into web/src/gen/.

`make proto` runs this; tests/test_proto.py regenerates into a temporary folder
and fails when the committed code drifts from the .proto files.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"
GEN_ROOT = PROTO_ROOT / "gen"
WEB_ROOT = ROOT / "web"
WEB_GEN_ROOT = WEB_ROOT / "src" / "gen"


def proto_files() -> list[Path]:
    return sorted((PROTO_ROOT / "foodgames").rglob("*.proto"))


def connect_plugin() -> Path:
    """The protoc-gen-connectrpc script installed beside this Python (the dev extras)."""
    plugin = Path(sys.executable).parent / "protoc-gen-connectrpc"
    if not plugin.exists():
        found = shutil.which("protoc-gen-connectrpc")
        if found is None:
            raise SystemExit("protoc-gen-connectrpc is not installed: pip install -e '.[dev]'")
        plugin = Path(found)
    return plugin


def es_plugin() -> Path:
    """protoc-gen-es from web/node_modules (`make web` installs it from web/package-lock.json)."""
    plugin = WEB_ROOT / "node_modules" / ".bin" / "protoc-gen-es"
    if not plugin.exists():
        raise SystemExit(f"{plugin.relative_to(ROOT)} is missing: run `make web` (npm ci in web/) first")
    return plugin


def _protoc(args: list[str]) -> None:
    import grpc_tools
    from grpc_tools import protoc

    well_known = Path(grpc_tools.__file__).parent / "_proto"
    files = [str(p.relative_to(PROTO_ROOT)) for p in proto_files()]
    if protoc.main(["protoc", f"-I{PROTO_ROOT}", f"-I{well_known}", *args, *files]) != 0:
        raise SystemExit("protoc failed; see the messages above")


def generate_ts(out: Path) -> None:
    """The TypeScript of the browser client: one <name>_pb.ts per .proto (messages, enums and
    service descriptors), which @connectrpc/connect v2's createClient takes as they are."""
    out.mkdir(parents=True, exist_ok=True)
    _protoc([f"--plugin=protoc-gen-es={es_plugin()}", f"--es_out={out}", "--es_opt=target=ts"])


def generate(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    # the Connect stubs (*_connect.py: ASGI application and client of each service, over
    # google.protobuf messages) for the gateway, from PyPI's protoc-gen-connectrpc
    _protoc([f"--python_out={out}", f"--pyi_out={out}", f"--grpc_python_out={out}",
             f"--plugin=protoc-gen-connectrpc={connect_plugin()}", f"--connectrpc_out={out}",
             "--connectrpc_opt=protobuf=google,io=async"])
    for package in {p.parent for p in out.rglob("*_pb2.py")} | {out / "foodgames"}:
        (package / "__init__.py").touch()


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp))
        target = GEN_ROOT / "foodgames"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(Path(tmp) / "foodgames", target)
    print(f"generated {len(proto_files())} proto files into {GEN_ROOT.relative_to(ROOT)}/foodgames")
    with tempfile.TemporaryDirectory() as tmp:
        generate_ts(Path(tmp))
        shutil.rmtree(WEB_GEN_ROOT, ignore_errors=True)
        shutil.copytree(Path(tmp), WEB_GEN_ROOT)
    print(f"and their TypeScript into {WEB_GEN_ROOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

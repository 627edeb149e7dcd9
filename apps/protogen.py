"""Generate the Python code of proto/foodgames/v1/*.proto into proto/gen/.

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


def generate(out: Path) -> None:
    import grpc_tools
    from grpc_tools import protoc

    out.mkdir(parents=True, exist_ok=True)
    well_known = Path(grpc_tools.__file__).parent / "_proto"
    files = [str(p.relative_to(PROTO_ROOT)) for p in proto_files()]
    # the Connect stubs (*_connect.py: ASGI application and client of each service, over
    # google.protobuf messages) for the gateway, from PyPI's protoc-gen-connectrpc
    args = ["protoc", f"-I{PROTO_ROOT}", f"-I{well_known}", f"--python_out={out}",
            f"--pyi_out={out}", f"--grpc_python_out={out}",
            f"--plugin=protoc-gen-connectrpc={connect_plugin()}", f"--connectrpc_out={out}",
            "--connectrpc_opt=protobuf=google,io=async", *files]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed; see the messages above")
    for package in {p.parent for p in out.rglob("*_pb2.py")} | {out / "foodgames"}:
        (package / "__init__.py").touch()


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp))
        target = GEN_ROOT / "foodgames"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(Path(tmp) / "foodgames", target)
    print(f"generated {len(proto_files())} proto files into {GEN_ROOT.relative_to(ROOT)}/foodgames")
    return 0


if __name__ == "__main__":
    sys.exit(main())

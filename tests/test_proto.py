"""The committed generated code is exactly what `make proto` makes from proto/."""
from __future__ import annotations

import filecmp
import re
import subprocess
import sys
from pathlib import Path

import pytest

from apps import protogen


def _files(root: Path) -> dict[str, Path]:
    return {str(p.relative_to(root)): p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_generated_code_matches_the_proto_files(tmp_path):
    protogen.generate(tmp_path)
    fresh = _files(tmp_path / "foodgames")
    committed = _files(protogen.GEN_ROOT / "foodgames")
    assert sorted(fresh) == sorted(committed), "run `make proto`: generated files differ from proto/"
    changed = [name for name in fresh if not filecmp.cmp(fresh[name], committed[name], shallow=False)]
    assert not changed, f"run `make proto`: these generated files drifted: {changed}"


def test_every_proto_passes_buf_lint():
    buf = Path(sys.executable).parent / "buf"
    result = subprocess.run([str(buf), "lint", "proto"], capture_output=True, text=True, cwd=protogen.ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_enums_start_with_an_unspecified_zero_value():
    import importlib
    import pkgutil

    import foodgames.v1 as package

    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.endswith("_pb2"):
            continue
        module = importlib.import_module(f"foodgames.v1.{info.name}")
        for enum in module.DESCRIPTOR.enum_types_by_name.values():
            assert enum.values[0].number == 0 and enum.values[0].name.endswith("_UNSPECIFIED"), enum.full_name
        for message in module.DESCRIPTOR.message_types_by_name.values():
            for enum in message.enum_types:
                assert enum.values[0].name.endswith("_UNSPECIFIED"), enum.full_name


def test_every_service_has_its_connect_stubs(tmp_path):
    """`make proto` also runs protoc-gen-connectrpc: every service of proto/ has a generated
    Connect application and client (*_connect.py) with an endpoint for each of its rpcs (the
    gateway serves the public API from these; no shape is kept by hand)."""
    import re

    protogen.generate(tmp_path)
    for proto in protogen.proto_files():
        text = proto.read_text()
        services = re.findall(r"^service (\w+) \{(.*?)^\}", text, flags=re.MULTILINE | re.DOTALL)
        connect = tmp_path / "foodgames" / "v1" / f"{proto.stem}_connect.py"
        if not services:
            continue
        assert connect.exists(), f"no Connect stubs for {proto.name}"
        generated = connect.read_text()
        assert "protobuf=google" in generated  # over the same google.protobuf messages as gRPC
        for service, body in services:
            assert f"class {service}ASGIApplication(" in generated and f"class {service}Client(" in generated
            for rpc in re.findall(r"^\s*rpc (\w+)\(", body, flags=re.MULTILINE):
                assert f'"/foodgames.v1.{service}/{rpc}"' in generated, f"{service}.{rpc} has no Connect endpoint"


def test_the_browser_clients_typescript_matches_the_proto_files(tmp_path):
    """`make proto` also writes web/src/gen with protobuf-es v2 (messages and the service
    descriptors Connect-ES uses): the committed TypeScript is exactly what it makes now.
    protoc-gen-es comes from web/node_modules, which `make web` installs (and `make test`
    runs `make web` first)."""
    plugin = protogen.WEB_ROOT / "node_modules" / ".bin" / "protoc-gen-es"
    if not plugin.exists():
        pytest.fail(f"{plugin} is missing: run `make web` (it runs npm ci in web/) before this test")
    protogen.generate_ts(tmp_path)
    fresh = _files(tmp_path)
    committed = _files(protogen.WEB_GEN_ROOT)
    assert sorted(fresh) == sorted(committed), "run `make proto`: web/src/gen differs from proto/"
    changed = [name for name in fresh if not filecmp.cmp(fresh[name], committed[name], shallow=False)]
    assert not changed, f"run `make proto`: these generated TypeScript files drifted: {changed}"
    for proto in protogen.proto_files():
        text = proto.read_text()
        generated = (tmp_path / "foodgames" / "v1" / f"{proto.stem}_pb.ts").read_text()
        for service in re.findall(r"^service (\w+) \{", text, flags=re.MULTILINE):
            assert f"export const {service}: GenService<" in generated, f"no service descriptor for {service}"

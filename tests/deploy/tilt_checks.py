"""Read the Tiltfile without Tilt: check it stays in the Starlark subset of Python, evaluate it
with recording stubs of Tilt's functions, and check what it asks for against the rendered
dev manifests and the Dockerfile."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where PyYAML has it

from . import k8s_checks as k
from .dockerfile_checks import parse as parse_dockerfile, split_image

TILTFILE = k.REPO / "Tiltfile"

# Python constructs Starlark (Tilt's dialect) does not have.
NOT_STARLARK = {
    ast.Import: "import", ast.ImportFrom: "from-import", ast.ClassDef: "class",
    ast.While: "while", ast.Try: "try", ast.With: "with", ast.AsyncFunctionDef: "async def",
    ast.AsyncFor: "async for", ast.AsyncWith: "async with", ast.Await: "await",
    ast.Yield: "yield", ast.YieldFrom: "yield from", ast.Global: "global",
    ast.Nonlocal: "nonlocal", ast.JoinedStr: "f-string", ast.Set: "set literal",
    ast.SetComp: "set comprehension", ast.GeneratorExp: "generator expression",
    ast.Raise: "raise", ast.Assert: "assert", ast.NamedExpr: "walrus", ast.Delete: "del",
    ast.Match: "match",
}


def starlark_problems(source: str) -> list[str]:
    try:
        tree = ast.parse(source, filename="Tiltfile")
    except SyntaxError as exc:
        return [f"Tiltfile does not parse: {exc}"]
    out = []
    for node in ast.walk(tree):
        for kind, what in NOT_STARLARK.items():
            if isinstance(node, kind):
                out.append(f"Tiltfile line {node.lineno}: {what} is not Starlark")
        if isinstance(node, ast.Compare):
            if any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
                out.append(f"Tiltfile line {node.lineno}: `is` is not Starlark")
            if len(node.ops) > 1:
                out.append(f"Tiltfile line {node.lineno}: chained comparison is not Starlark")
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            out.append(f"Tiltfile line {node.lineno}: decorators are not Starlark")
    return out


class Blob(str):
    """Tilt's Blob: YAML text returned by kustomize()."""


@dataclass
class Recorded:
    loads: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    kustomized: list[str] = field(default_factory=list)
    yaml_blobs: list[str] = field(default_factory=list)
    resources: list[dict[str, Any]] = field(default_factory=list)
    local_resources: list[dict[str, Any]] = field(default_factory=list)
    globals: dict[str, Any] = field(default_factory=dict)


SAFE_BUILTINS = {name: __builtins__[name] if isinstance(__builtins__, dict)
                 else getattr(__builtins__, name)
                 for name in ("sorted", "len", "str", "int", "list", "dict", "range", "enumerate",
                              "zip", "any", "all", "min", "max", "print", "bool", "tuple",
                              "repr", "type", "hasattr", "getattr", "reversed")}


def evaluate(source: str) -> Recorded:
    rec = Recorded()

    def fail(msg):
        raise RuntimeError(f"Tiltfile fail(): {msg}")

    def docker_build(ref, context, **kw):
        rec.images.append({"ref": ref, "context": context, "kind": "docker_build", **kw})

    def docker_build_with_restart(ref, context, entrypoint, live_update=(), **kw):
        rec.images.append({"ref": ref, "context": context, "entrypoint": entrypoint,
                           "live_update": list(live_update), "kind": "docker_build_with_restart",
                           **kw})

    extensions = {"ext://restart_process": {"docker_build_with_restart": docker_build_with_restart}}

    def load(module, *names, **aliases):
        rec.loads.append((module, names))
        provided = extensions.get(module)
        if provided is None:
            raise RuntimeError(f"Tiltfile loads {module}, unknown to the test's Tilt stub")
        for name in names:
            namespace[name] = provided[name]
        for alias, name in aliases.items():
            namespace[alias] = provided[name]

    def kustomize(path, **_):
        rec.kustomized.append(path)
        return Blob(k.render_text(k.REPO / path))

    def k8s_yaml(blob, **_):
        blobs = blob if isinstance(blob, (list, tuple)) else [blob]
        for b in blobs:
            rec.yaml_blobs.append(b if isinstance(b, Blob) else (k.REPO / b).read_text())

    def decode_yaml_stream(blob):
        return [o for o in yaml.load_all(str(blob), Loader=LOADER) if o]

    def k8s_resource(workload="", **kw):
        rec.resources.append({"workload": workload, **kw})

    def local_resource(name, cmd="", **kw):
        rec.local_resources.append({"name": name, "cmd": cmd, **kw})

    namespace: dict[str, Any] = {
        "__builtins__": SAFE_BUILTINS, "fail": fail, "load": load,
        "docker_build": docker_build, "kustomize": kustomize, "k8s_yaml": k8s_yaml,
        "decode_yaml_stream": decode_yaml_stream, "k8s_resource": k8s_resource,
        "local_resource": local_resource,
        "sync": lambda src, dest: ("sync", src, dest),
        "run": lambda cmd, trigger=(), **_: ("run", cmd, tuple(trigger)),
        "fall_back_on": lambda files: ("fall_back_on", tuple(files) if isinstance(files, (list, tuple)) else (files,)),
        "port_forward": lambda local, container=None, **_: f"{local}:{container or local}",
    }
    exec(compile(source, "Tiltfile", "exec"), namespace)  # noqa: S102 - our own Tiltfile, stubbed
    rec.globals = {key: value for key, value in namespace.items() if not key.startswith("__")}
    return rec


def _selector_matches(selector: str, obj: k.Obj) -> bool:
    parts = selector.split(":")
    name = parts[0]
    kind = parts[1] if len(parts) > 1 else None
    return k.name_of(obj) == name and (kind is None or obj["kind"].lower() == kind.lower())


def _container_ports(workload: k.Obj) -> set[int]:
    return {p.get("containerPort") for c in k.containers(workload) for p in c.get("ports") or []}


def tilt_problems(rec: Recorded, service_ports: dict[str, int]) -> list[str]:
    out: list[str] = []
    _, stages = parse_dockerfile((k.REPO / "deploy/docker/Dockerfile").read_text())
    dockerfile_args = {i.value.split("=")[0].strip() for s in stages for i in s.all("ARG")}
    final_entry = [i.exec_form() for s in stages[-1:] for i in s.all("ENTRYPOINT")]
    _, base_tag, _ = split_image(stages[-1].base)
    python_minor = ".".join(base_tag.split("-")[0].split(".")[:2]) if base_tag else "?"
    # what the final image COPYs from the build context, and where (web/dist -> the gateway's pages)
    copied_to = {}
    for i in stages[-1].all("COPY"):
        parts = [p for p in i.value.split() if not p.startswith("--")]
        if "--from" not in i.value and len(parts) == 2:
            copied_to[parts[0].rstrip("/")] = parts[1].rstrip("/")

    # manifests
    overlay = "deploy/k8s/overlays/dev"
    if overlay not in [p.rstrip("/") for p in rec.kustomized]:
        out.append(f"the Tiltfile does not kustomize {overlay}")
    objects = [o for blob in rec.yaml_blobs for o in yaml.load_all(str(blob), Loader=LOADER) if o]
    if not objects:
        out.append("k8s_yaml() was given no objects")
    workloads = {k.name_of(o): o for o in objects if o["kind"] in k.WORKLOAD_KINDS}

    # the image
    if len(rec.images) != 1:
        out.append(f"expected one image build, got {len(rec.images)}")
    for image in rec.images:
        ref = image["ref"]
        dockerfile = image.get("dockerfile", "Dockerfile")
        if not (k.REPO / image["context"] / dockerfile).exists() and not (k.REPO / dockerfile).exists():
            out.append(f"image {ref}: dockerfile {dockerfile} does not exist")
        users = [name for name, w in workloads.items()
                 if any(k.image_repo_name(c.get("image", "")) == ref for c in k.containers(w))]
        if sorted(users) != sorted([*service_ports, *k.WORKERS]):
            out.append(f"image {ref} is used by {sorted(users)}, not by the services and workers "
                       f"{sorted([*service_ports, *k.WORKERS])}")
        for arg in image.get("build_args", {}) or {}:
            if arg not in dockerfile_args:
                out.append(f"image {ref}: build arg {arg} is not an ARG of the Dockerfile")
        if image["kind"] == "docker_build_with_restart" and [image.get("entrypoint")] != final_entry:
            out.append(f"image {ref}: restart entrypoint {image.get('entrypoint')} is not the "
                       f"Dockerfile's ENTRYPOINT {final_entry}")
        syncs = [step for step in image.get("live_update", []) if step[0] == "sync"]
        if not syncs:
            out.append(f"image {ref}: no live_update sync")
        site = f"/opt/venv/lib/python{python_minor}/site-packages"
        covered = set()
        for _, src, dest in syncs:
            if not (k.REPO / src).exists():
                out.append(f"image {ref}: sync source {src} does not exist")
            if copied_to.get(src.rstrip("/")) == dest.rstrip("/"):
                pass  # a file tree the image copies as it is, synced to where it copies it
            elif not dest.startswith(site + "/"):
                out.append(f"image {ref}: sync {src} -> {dest} is outside {site}, where the "
                           "image installs the package")
            elif Path(src).name != Path(dest).name:
                out.append(f"image {ref}: sync {src} -> {dest} renames the package")
            covered.add(Path(src).parts[0])
        for top in ("shared", "services", "apps", "proto"):
            if top not in covered:
                out.append(f"image {ref}: live update does not sync {top}/")
        only = image.get("only")
        if only:
            for src in {s for _, s, _ in syncs}:
                if not any(src == o or src.startswith(o.rstrip("/") + "/") for o in only):
                    out.append(f"image {ref}: {src} is synced but not in only=")

    # resources
    names = set()
    for r in rec.resources:
        names.add(r.get("new_name") or r["workload"])
    names |= {r["name"] for r in rec.local_resources}
    claimed_objects: set[tuple[str, str]] = set()
    for r in rec.resources:
        label = r.get("new_name") or r["workload"]
        if not r.get("labels"):
            out.append(f"resource {label}: no labels")
        if r["workload"] and r["workload"] not in workloads:
            out.append(f"resource {r['workload']}: no such workload in the dev manifests")
        for selector in r.get("objects", []) or []:
            hits = [o for o in objects if _selector_matches(selector, o)]
            if not hits:
                out.append(f"resource {label}: object {selector} is not in the dev manifests")
            claimed_objects |= {(o["kind"], k.name_of(o)) for o in hits}
        for dep in r.get("resource_deps", []) or []:
            if dep not in names:
                out.append(f"resource {label}: depends on unknown resource {dep}")
        forwards = r.get("port_forwards", []) or []
        forwards = forwards if isinstance(forwards, (list, tuple)) else [forwards]
        for forward in forwards:
            local, _, container = str(forward).partition(":")
            container = container or local
            w = workloads.get(r["workload"])
            if w is not None and int(container) not in _container_ports(w):
                out.append(f"resource {label}: forwards to port {container}, which the "
                           "workload does not expose")
        if r["workload"] in service_ports:
            port = service_ports[r["workload"]]
            if [str(f) for f in forwards] != [f"{port}:{port}"]:
                out.append(f"resource {r['workload']}: port_forwards {forwards} are not "
                           f"['{port}:{port}']")
    for r in rec.local_resources:
        if not r.get("labels"):
            out.append(f"local resource {r['name']}: no labels")
        for dep in r.get("resource_deps", []) or []:
            if dep not in names:
                out.append(f"local resource {r['name']}: depends on unknown resource {dep}")
        for path in re.findall(r"(?:deploy|scripts)/[\w./-]+", str(r.get("cmd", ""))):
            if not (k.REPO / path).exists():
                out.append(f"local resource {r['name']}: runs {path}, which does not exist")
    for name in workloads:
        if name not in {r["workload"] for r in rec.resources}:
            out.append(f"workload {name} has no k8s_resource (no labels, no port forwards)")
    for o in objects:
        if o["kind"] in k.WORKLOAD_KINDS or o["kind"] == "Service":
            continue
        if (o["kind"], k.name_of(o)) not in claimed_objects:
            out.append(f"{k.ident(o)} is in no resource (Tilt would list it as uncategorized)")

    ports = rec.globals.get("SERVICE_PORTS")
    if ports is not None and ports != service_ports:
        out.append(f"the Tiltfile's SERVICE_PORTS {ports} differ from shared.config's")
    return out

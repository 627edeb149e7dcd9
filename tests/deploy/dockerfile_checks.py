"""A small Dockerfile reader and the checks the project's image must pass (no Docker needed).

`parse(text)` gives the stages and their instructions (line continuations, comments, parser
directives and ARG defaults in FROM handled); `dockerfile_problems(text, service_ports)` lists
what is wrong, empty when the image definition is sound.
"""
from __future__ import annotations

import fnmatch
import json
import re
import shlex
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

SECRETISH = re.compile(r"KEY|SECRET|TOKEN|PASSW(OR)?D|CREDENTIAL", re.IGNORECASE)
KEY_FILES = re.compile(r"(\.pem|\.key|\.p12|\.pfx|id_rsa|id_ed25519|\.env|secrets?/?)$",
                       re.IGNORECASE)
BUILD_TOOLS = re.compile(
    r"^(build-essential|gcc(-\d+)?|g\+\+(-\d+)?|cpp|clang(-\d+)?|make|cmake|ninja-build|"
    r"autoconf|automake|libtool|pkg-config|pkgconf|cargo|rustc|golang(-go)?|musl-dev|"
    r"linux-headers|python3?-dev|[\w.+-]+-dev|[\w.+-]+-devel|alpine-sdk|build-base)$")
INSTALLERS = re.compile(r"\b(apt-get|apt|apk|yum|dnf|microdnf)\b[^;&|]*?\b(install|add)\b"
                        r"(?P<args>[^;&|]*)")
DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")


@dataclass
class Instruction:
    keyword: str
    value: str
    line: int

    def exec_form(self) -> list[str] | None:
        try:
            parsed = json.loads(self.value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, list) else None


@dataclass
class Stage:
    base: str  # the FROM image (ARG defaults substituted) or the name of an earlier stage
    name: str | None
    line: int
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]


def logical_lines(text: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    buf, start = "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not buf and (not stripped or stripped.startswith("#")):
            continue  # comments and parser directives (# syntax=...)
        if buf and stripped.startswith("#"):
            continue  # a comment inside a continued instruction
        if not buf:
            start = number
        if stripped.endswith("\\"):
            buf += stripped[:-1] + " "
            continue
        buf += stripped
        out.append((start, buf))
        buf = ""
    if buf:
        out.append((start, buf))
    return out


def _substitute(value: str, args: dict[str, str]) -> str:
    def repl(m: re.Match) -> str:
        name = m.group(1) or m.group(2)
        return args.get(name, "")
    return re.sub(r"\$\{(\w+)(?::-[^}]*)?\}|\$(\w+)", repl, value)


def parse(text: str) -> tuple[dict[str, str], list[Stage]]:
    global_args: dict[str, str] = {}
    stages: list[Stage] = []
    for line, content in logical_lines(text):
        keyword, _, value = content.partition(" ")
        keyword, value = keyword.upper(), value.strip()
        if keyword == "FROM":
            parts = [p for p in value.split() if not p.startswith("--platform")]
            image = _substitute(parts[0], global_args)
            name = parts[2] if len(parts) >= 3 and parts[1].upper() == "AS" else None
            stages.append(Stage(image, name, line))
        elif not stages:
            if keyword == "ARG":
                arg, _, default = value.partition("=")
                global_args[arg.strip()] = default.strip().strip('"')
        else:
            stages[-1].instructions.append(Instruction(keyword, value, line))
    return global_args, stages


def split_image(ref: str) -> tuple[str, str | None, str | None]:
    digest = None
    if "@" in ref:
        ref, digest = ref.split("@", 1)
    tag = None
    if ":" in ref.rsplit("/", 1)[-1]:
        ref, tag = ref.rsplit(":", 1)
    return ref, tag, digest


def ancestry(stages: list[Stage], index: int) -> list[Stage]:
    """The stage at `index` and every earlier stage it is built FROM (not COPY --from)."""
    by_name = {s.name: s for s in stages if s.name}
    chain, stage = [], stages[index]
    while True:
        chain.append(stage)
        parent = by_name.get(stage.base)
        if parent is None or parent in chain:
            return chain
        stage = parent


def installed_packages(run: str) -> list[str]:
    packages = []
    for m in INSTALLERS.finditer(run):
        packages += [w for w in m.group("args").split() if not w.startswith("-")]
    return packages


def env_pairs(instruction: Instruction) -> list[tuple[str, str]]:
    """ENV/ARG name/value pairs ('ENV A=1 B=2', 'ENV A 1', 'ARG A', 'ARG A=1')."""
    value = instruction.value
    if instruction.keyword == "ENV" and "=" not in value.split()[0]:
        name, _, rest = value.partition(" ")
        return [(name, rest.strip())]
    pairs = []
    for token in shlex.split(value, posix=True):
        name, _, val = token.partition("=")
        pairs.append((name, val))
    return pairs


def dockerfile_problems(text: str, service_ports: dict[str, int]) -> list[str]:
    problems: list[str] = []
    global_args, stages = parse(text)
    if not stages:
        return ["no FROM"]
    names = {s.name for s in stages if s.name}
    if len(stages) < 2:
        problems.append("not a multi-stage build: the build tools would ship in the image")

    for stage in stages:
        where = f"line {stage.line}: FROM {stage.base or '(empty)'}"
        if stage.base in names:
            continue
        repo, tag, digest = split_image(stage.base)
        if not repo:
            problems.append(f"{where}: the image is empty (an ARG without a default?)")
            continue
        if tag is None and digest is None:
            problems.append(f"{where}: not pinned (no tag, no digest)")
        if tag == "latest":
            problems.append(f"{where}: uses :latest")
        elif tag is not None and not re.search(r"\d+\.\d+\.\d+", tag):
            problems.append(f"{where}: tag {tag!r} is not a specific version (X.Y.Z)")
        if digest is not None and (not DIGEST.match(digest) or len(set(digest[7:])) < 4):
            problems.append(f"{where}: malformed or placeholder digest {digest!r}")

    for stage in stages:
        for i in stage.instructions:
            if i.keyword in ("ENV", "ARG"):
                for name, value in env_pairs(i):
                    if SECRETISH.search(name):
                        problems.append(f"line {i.line}: {i.keyword} {name} looks like a secret "
                                        "baked into the image")
            if i.keyword in ("COPY", "ADD"):
                parts = [p for p in shlex.split(i.value) if not p.startswith("--")]
                form = i.exec_form()
                sources = (form or parts)[:-1]
                for source in sources:
                    if KEY_FILES.search(source.rstrip("/")):
                        problems.append(f"line {i.line}: {i.keyword} of {source!r}, a key file")
                    if source in (".", "./", "*") and "--from" not in i.value:
                        problems.append(f"line {i.line}: {i.keyword} of the whole build context")

    final_chain = ancestry(stages, len(stages) - 1)
    final = final_chain[0]
    for stage in final_chain:
        for run in stage.all("RUN"):
            tools = [p for p in installed_packages(run.value) if BUILD_TOOLS.match(p)]
            if tools:
                problems.append(f"line {run.line}: the final image installs build tools {tools}")
            if re.search(r"\bpip3? install\b[^;&|]*\b(setuptools-rust|cython|maturin)\b",
                         run.value):
                problems.append(f"line {run.line}: the final image installs a build toolchain")

    users = [u for s in reversed(final_chain) for u in s.all("USER")]
    if not users:
        problems.append("the final stage sets no USER: it would run as root")
    else:
        user = users[-1].value.split(":")[0].strip()
        if user in ("root", "0", ""):
            problems.append(f"line {users[-1].line}: the final USER is root")

    entrypoints = [e for s in reversed(final_chain) for e in s.all("ENTRYPOINT")]
    if not entrypoints:
        problems.append("no ENTRYPOINT in the final stage")
    else:
        form = entrypoints[-1].exec_form()
        if form != ["foodgames"]:
            problems.append(f"line {entrypoints[-1].line}: ENTRYPOINT is {entrypoints[-1].value}; "
                            'want ["foodgames"] (exec form) with the service in the command')
    cmds = [c for s in reversed(final_chain) for c in s.all("CMD")]
    if cmds:
        form = cmds[-1].exec_form() or cmds[-1].value.split()
        if any(service in form for service in service_ports):
            problems.append(f"line {cmds[-1].line}: CMD hard-codes a service; the deployment "
                            "chooses it")

    exposed = set()
    for stage in final_chain:
        for e in stage.all("EXPOSE"):
            exposed |= {int(p.split("/")[0]) for p in e.value.split() if p.split("/")[0].isdigit()}
    missing = sorted(set(service_ports.values()) - exposed)
    if missing:
        problems.append(f"the final stage does not EXPOSE the service ports {missing}")
    _ = final, global_args
    return problems


def dockerignore_patterns(text: str) -> set[str]:
    out = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("!"):
            continue
        out.add(line.strip("/").removeprefix("**/").rstrip("/"))
    return out


def install_problems(repo: Path, tops: tuple[str, ...]) -> list[str]:
    """Files under `tops` that a non-editable `pip install .` would leave out, per the
    setuptools configuration of repo/pyproject.toml: modules in directories without an
    __init__.py (packages.find skips them) and data files no package-data glob matches."""
    setuptools = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]
    roots = [(repo / r).resolve() for r in setuptools["packages"]["find"]["where"]]
    globs = [g for patterns in setuptools.get("package-data", {}).values() for g in patterns]
    problems = []
    for top in tops:
        base = (repo / top).resolve()
        # the deepest `where` root holding it (e.g. proto/gen for generated code)
        root = max((r for r in roots if r in base.parents), key=lambda r: len(r.parts))
        for path in sorted(base.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            rel = path.relative_to(root)
            packages = [root.joinpath(*rel.parts[:i]) for i in range(1, len(rel.parts))]
            missing = [p for p in packages if not (p / "__init__.py").exists()]
            shown = path.relative_to(repo.resolve())
            if missing:
                if path.suffix == ".py":
                    problems.append(f"{shown}: {missing[0].relative_to(repo.resolve())} has no "
                                    "__init__.py")
                continue
            if path.suffix not in (".py", ".pyi", ".typed") and not any(
                    fnmatch.fnmatch(path.name, g) for g in globs):
                problems.append(f"{shown}: not in package-data {globs}")
    return problems

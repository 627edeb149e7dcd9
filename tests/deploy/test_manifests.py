"""The Kubernetes manifests render with `kubectl kustomize` and hold together, without a cluster.

The real ports come from the Python code (shared.config.service_ports()), the Secret names from
deploy/scripts/dev_secrets.py (what the documented set-up creates). Each kind of problem is
also planted in a copy of a rendered overlay to show that the checker reports it.
"""
from __future__ import annotations

import pytest

from shared.config import rules_services, service_ports

from . import k8s_checks as k
from .k8s_checks import find, manifest_problems, render

SERVICE_PORTS = service_ports()
RULES_SERVICES = rules_services()


@pytest.fixture(scope="module")
def known_secrets() -> dict[str, str]:
    return {name: key for name, (key, _) in k.load_dev_secrets_script().SECRETS.items()}


def problems(objects, known_secrets, pinned_app_image=False):
    return manifest_problems(objects, SERVICE_PORTS, rules_services=RULES_SERVICES,
                             known_secrets=known_secrets, pinned_app_image=pinned_app_image)


@pytest.mark.parametrize("overlay", k.OVERLAYS)
def test_overlay_renders_and_passes_every_check(overlay, known_secrets):
    objects = render(overlay)
    kinds = {o["kind"] for o in objects}
    assert {"Deployment", "Service", "StatefulSet", "PodDisruptionBudget",
            "HorizontalPodAutoscaler", "ConfigMap", "Namespace"} <= kinds
    # production runs exactly the image that was pushed: pinned by digest (a dev cluster's is built by Tilt)
    assert problems(objects, known_secrets, pinned_app_image=overlay == "prod") == []


def test_every_overlay_directory_is_checked():
    on_disk = {p.name for p in (k.K8S / "overlays").iterdir() if p.is_dir()}
    assert on_disk == set(k.OVERLAYS)


def test_base_renders_too():
    text = k.render_text(k.K8S / "base")
    assert "kind: StatefulSet" in text


def test_a_broken_kustomization_is_an_error(tmp_path):
    (tmp_path / "kustomization.yaml").write_text("resources:\n  - does-not-exist.yaml\n")
    with pytest.raises(RuntimeError, match="kustomize"):
        k.kustomize(tmp_path)


def test_every_service_has_its_real_port_everywhere():
    for overlay in k.OVERLAYS:
        objects = render(overlay)
        for service, port in SERVICE_PORTS.items():
            deployment = find(objects, "Deployment", service)
            container = deployment["spec"]["template"]["spec"]["containers"][0]
            assert container["args"] == ["serve", service, "--port", str(port)]
            assert container["readinessProbe"]["grpc"]["port"] == port
            assert container["livenessProbe"]["grpc"]["port"] == port
            assert find(objects, "Service", service)["spec"]["ports"][0]["port"] == port


def test_dev_is_one_of_everything():
    objects = render("dev")
    for workload in objects:
        if workload["kind"] in ("Deployment", "StatefulSet"):
            assert workload["spec"].get("replicas") == 1, k.ident(workload)
    assert k.stream_replicas(objects) == 1
    assert "cluster {" not in k.nats_config(objects)
    for w in k.app_workloads(objects):
        assert k.image_repo_name(w["spec"]["template"]["spec"]["containers"][0]["image"]) == "foodgames"


def test_prod_is_three_of_everything_with_r3_streams():
    objects = render("prod")
    assert find(objects, "StatefulSet", "nats")["spec"]["replicas"] == 3
    assert k.stream_replicas(objects) == 3
    for service in SERVICE_PORTS:
        deployment = find(objects, "Deployment", service)
        if service in RULES_SERVICES:
            hpa = find(objects, "HorizontalPodAutoscaler", service)
            assert hpa["spec"]["minReplicas"] >= 3
            assert "replicas" not in deployment["spec"], "the HPA owns the replica count"
        else:
            assert deployment["spec"]["replicas"] == 3, service
    assert find(objects, "Deployment", "house-bots")["spec"]["replicas"] == 3
    assert k.replica_problems(objects) == []


def test_the_house_bots_run_in_every_overlay_probed_on_their_health_port():
    for overlay in k.OVERLAYS:
        objects = render(overlay)
        house = find(objects, "Deployment", "house-bots")
        container = house["spec"]["template"]["spec"]["containers"][0]
        assert container["args"] == ["house-bots", "--port", "20060"]
        assert container["readinessProbe"]["grpc"]["port"] == container["livenessProbe"]["grpc"]["port"] == 20060
        assert find(objects, "PodDisruptionBudget", "house-bots")


def test_a_production_deployment_of_one_or_without_a_budget_is_reported():
    objects = render("prod")
    find(objects, "Deployment", "house-bots")["spec"]["replicas"] = 1
    find(objects, "HorizontalPodAutoscaler", RULES_SERVICES[0])["spec"]["minReplicas"] = 1
    objects.remove(find(objects, "PodDisruptionBudget", "deck"))
    found = k.replica_problems(objects)
    assert any("Deployment/house-bots: 1 replica(s)" in p for p in found), found
    assert any(f"Deployment/{RULES_SERVICES[0]}: 1 replica(s)" in p for p in found), found
    assert any("Deployment/deck: no PodDisruptionBudget" in p for p in found), found
    find(objects, "PodDisruptionBudget", "leaderboard")["spec"]["maxUnavailable"] = 3
    assert any("lets every one of" in p for p in k.replica_problems(objects))
    nats = find(objects, "StatefulSet", "nats")["spec"]["template"]["spec"]
    assert nats["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
    # prod pins a real image tag, not the dev one
    for w in k.app_workloads(objects):
        repo, tag, _ = k.split_image(w["spec"]["template"]["spec"]["containers"][0]["image"])
        assert tag not in (None, "latest", "dev")


def test_secrets_are_referenced_never_rendered():
    for overlay in k.OVERLAYS:
        objects = render(overlay)
        assert not [o for o in objects if o["kind"] == "Secret"]
        deck = find(objects, "Deployment", "deck")["spec"]["template"]["spec"]
        assert any(v.get("secret", {}).get("secretName") == "foodgames-deck-signing-key"
                   for v in deck["volumes"])


# --- the checker catches what it should -------------------------------------------------------

def _deck(objects):
    return find(objects, "Deployment", "deck")


def _deck_container(objects):
    return _deck(objects)["spec"]["template"]["spec"]["containers"][0]


def _no_readiness(o):
    del _deck_container(o)["readinessProbe"]


def _no_limits(o):
    del _deck_container(o)["resources"]["limits"]


def _root(o):
    _deck(o)["spec"]["template"]["spec"]["securityContext"]["runAsUser"] = 0


def _no_non_root(o):
    del _deck(o)["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"]


def _escalation(o):
    _deck_container(o)["securityContext"]["allowPrivilegeEscalation"] = True


def _wrong_service_port(o):
    find(o, "Service", "deck")["spec"]["ports"][0]["port"] = 50099


def _wrong_target_port(o):
    find(o, "Service", "deck")["spec"]["ports"][0]["targetPort"] = "http"


def _orphan_selector(o):
    find(o, "Service", "leaderboard")["spec"]["selector"] = {"app.kubernetes.io/name": "leaderbord"}


def _wrong_probe_port(o):
    _deck_container(o)["livenessProbe"]["grpc"]["port"] = 20051


def _http_probe(o):
    _deck_container(o)["readinessProbe"] = {"tcpSocket": {"port": 20052}}


def _wrong_args_port(o):
    _deck_container(o)["args"] = ["serve", "deck", "--port", "20053"]


def _latest(o):
    _deck_container(o)["image"] = "foodgames:latest"


def _untagged_third_party(o):
    nats = find(o, "StatefulSet", "nats")["spec"]["template"]["spec"]["containers"][0]
    nats["image"] = "nats:alpine"


def _inlined_secret(o):
    o.append({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "foodgames-token-key"},
              "stringData": {"token-key": "hunter2"}})


def _literal_token(o):
    _deck_container(o)["env"].append({"name": "FOODGAMES_TOKEN_KEY", "value": "hunter2"})


def _secret_in_env(o):
    _deck_container(o)["env"].append({"name": "FOODGAMES_TOKEN_KEY", "valueFrom": {
        "secretKeyRef": {"name": "foodgames-token-key", "key": "token-key"}}})


def _secret_env_from(o):
    _deck_container(o).setdefault("envFrom", []).append({"secretRef": {"name": "foodgames-token-key"}})


def _low_uid(o):
    find(o, "StatefulSet", "redis")["spec"]["template"]["spec"]["securityContext"]["runAsUser"] = 999


def _no_default_deny(o):
    o.remove(find(o, "NetworkPolicy", "default-deny"))


def _no_policy_of_its_own(o):
    o.remove(find(o, "NetworkPolicy", "leaderboard"))


def _engine_cut_off_from_the_deck(o):
    policy = find(o, "NetworkPolicy", "rules-engines")
    policy["spec"]["egress"] = [r for r in policy["spec"]["egress"]
                                if not any(p["podSelector"]["matchLabels"].get("app.kubernetes.io/name") == "deck"
                                           for p in r.get("to", []))]


def _redis_open_to_the_deck_only(o):
    rule = find(o, "NetworkPolicy", "redis")["spec"]["ingress"][0]
    rule["from"] = [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "deck"}}}]


def _no_dns(o):
    o.remove(find(o, "NetworkPolicy", "dns"))


def _default_namespace(o):
    del find(o, "Service", "deck")["metadata"]["namespace"]


def _literal_password(o):
    _deck_container(o)["env"].append({"name": "REDIS_PASSWORD", "value": "hunter2"})


def _key_file_outside_secret(o):
    for var in _deck_container(o)["env"]:
        if var["name"] == "FOODGAMES_DECK_SIGNING_KEY_FILE":
            var["value"] = "/tmp/signing-key.pem"


def _secret_in_configmap(o):
    cm = [c for c in o if c["kind"] == "ConfigMap" and c["metadata"]["name"].startswith("foodgames-config")][0]
    cm["data"]["FOODGAMES_TOKEN_KEY"] = "hunter2"


def _unknown_secret(o):
    for volume in _deck(o)["spec"]["template"]["spec"]["volumes"]:
        if volume.get("secret", {}).get("secretName") == "foodgames-token-key":
            volume["secret"]["secretName"] = "token"


def _no_hpa(o):
    o.remove(find(o, "HorizontalPodAutoscaler", "foodie-forest"))


def _no_pdb(o):
    o.remove(find(o, "PodDisruptionBudget", "matchmaking"))


def _no_sync_always(o):
    for cm in o:
        if cm["kind"] == "ConfigMap" and cm["metadata"]["name"].startswith("nats-config"):
            cm["data"]["nats.conf"] = cm["data"]["nats.conf"].replace("sync_interval: always", "")


def _too_many_stream_replicas(o):
    for cm in o:
        if cm["kind"] == "ConfigMap" and cm["metadata"]["name"].startswith("foodgames-config"):
            cm["data"]["FOODGAMES_STREAM_REPLICAS"] = "3"


def _no_nats_pvc(o):
    del find(o, "StatefulSet", "nats")["spec"]["volumeClaimTemplates"]


def _extra_unknown_service(o):
    import copy
    extra = copy.deepcopy(_deck(o))
    extra["metadata"]["name"] = "no-such-game"
    o.append(extra)


def _not_scraped(o):
    for w in o:
        if w.get("kind") == "Deployment" and w["metadata"]["name"] == "leaderboard":
            del w["spec"]["template"]["metadata"]["annotations"]["prometheus.io/scrape"]
    return o


def _house_bots_probe_elsewhere(o):
    container = find(o, "Deployment", "house-bots")["spec"]["template"]["spec"]["containers"][0]
    container["readinessProbe"] = {"grpc": {"port": 20054}}


def _house_bots_unbudgeted(o):
    o.remove(find(o, "PodDisruptionBudget", "house-bots"))


def _house_bots_cut_off_from_nats(o):
    policy = find(o, "NetworkPolicy", "house-bots")
    policy["spec"]["egress"] = [r for r in policy["spec"]["egress"]
                                if not any(p.get("port") == 4222 for p in r.get("ports") or [])]


def _missing_service(o):
    o.remove(find(o, "Deployment", "matchmaking"))


BREAKAGES = {
    "no readiness probe": (_no_readiness, "no readinessProbe"),
    "no limits": (_no_limits, "resources.limits"),
    "runs as root": (_root, "runAsUser"),
    "runAsNonRoot missing": (_no_non_root, "runAsNonRoot"),
    "privilege escalation": (_escalation, "allowPrivilegeEscalation"),
    "service port differs from the code": (_wrong_service_port, "Service/deck: ports"),
    "target port not exposed": (_wrong_target_port, "no selected container exposes"),
    "service selects no pods": (_orphan_selector, "matches no pod template"),
    "probe on the wrong port": (_wrong_probe_port, "livenessProbe checks port 20051"),
    "probe is not gRPC": (_http_probe, "not a gRPC health check"),
    "args port differs": (_wrong_args_port, "are not ['serve', 'deck', '--port', '20052']"),
    "latest tag": (_latest, ":latest"),
    "third-party image unpinned": (_untagged_third_party, "not pinned by digest"),
    "inlined Secret": (_inlined_secret, "Secret with values"),
    "literal token": (_literal_token, "FOODGAMES_TOKEN_KEY has a literal value"),
    "literal password": (_literal_password, "REDIS_PASSWORD has a literal value"),
    "key file not in a secret mount": (_key_file_outside_secret, "FOODGAMES_DECK_SIGNING_KEY_FILE"),
    "secret in a ConfigMap": (_secret_in_configmap, "looks like a secret"),
    "secret in an env var": (_secret_in_env, "env FOODGAMES_TOKEN_KEY takes a Secret; mount the Secret as a file"),
    "secret as envFrom": (_secret_env_from, "envFrom a Secret"),
    "low uid": (_low_uid, "runAsUser 999 is a low uid"),
    "no default deny": (_no_default_deny, "no default-deny NetworkPolicy"),
    "a workload without its NetworkPolicy": (_no_policy_of_its_own, "Deployment/leaderboard: no NetworkPolicy"),
    "a flow the code uses is blocked": (_engine_cut_off_from_the_deck, "do not let foodie-forest reach deck on port 20052"),
    "a flow allowed to the wrong peer": (_redis_open_to_the_deck_only, "do not let matchmaking reach redis on port 6379"),
    "no DNS": (_no_dns, "may not ask the cluster's DNS"),
    "an object outside the stack's namespace": (_default_namespace, "Service/deck: in namespace None"),
    "secret nobody creates": (_unknown_secret, "does not create"),
    "no autoscaler for the rules engine": (_no_hpa, "no HorizontalPodAutoscaler"),
    "no disruption budget": (_no_pdb, "no PodDisruptionBudget"),
    "no fsync": (_no_sync_always, "sync_interval: always"),
    "R3 streams on one NATS": (_too_many_stream_replicas, "exceeds the 1 NATS servers"),
    "no JetStream storage": (_no_nats_pvc, "volumeClaimTemplates"),
    "unknown service": (_extra_unknown_service, "not a service of shared.config.service_ports()"),
    "missing service": (_missing_service, "no Deployment named matchmaking"),
    "pods not scraped": (_not_scraped, "Deployment/leaderboard: its pods are not scraped by Prometheus"),
    "house bots probed elsewhere": (_house_bots_probe_elsewhere, "Deployment/house-bots: readinessProbe is not a gRPC health check on port 20060"),
    "house bots without a budget": (_house_bots_unbudgeted, "Deployment/house-bots: no PodDisruptionBudget"),
    "house bots cut off from NATS": (_house_bots_cut_off_from_nats, "do not let house-bots reach nats on port 4222"),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_checker_reports_a_planted_problem(breakage, known_secrets):
    break_it, expected = BREAKAGES[breakage]
    objects = render("dev")
    assert problems(objects, known_secrets) == []
    break_it(objects)
    found = problems(objects, known_secrets)
    assert any(expected in p for p in found), found


def test_every_registered_game_has_its_generated_manifest_and_every_list_of_services_agrees():
    # given the game registry, when the deploy files are checked, then none differs from what
    # `make manifests` writes (a game registered without its manifest fails here)
    from apps import deploygen

    assert deploygen.stale() == [], "run `make manifests`"


def test_a_game_registered_without_its_manifest_is_caught(monkeypatch):
    from apps import deploygen

    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "tests.games.counter:GAME")
    stale = deploygen.stale()
    assert "deploy/k8s/base/games/counter.yaml" in stale
    assert "deploy/k8s/base/kustomization.yaml" in stale


def test_the_gateways_dev_sign_in_is_on_in_the_dev_overlay_only():
    def signin(overlay):
        objects = render(overlay)
        config = next(o for o in objects if o["kind"] == "ConfigMap" and o["metadata"]["name"].startswith("foodgames-config"))
        return config["data"].get("FOODGAMES_GATEWAY_DEV_SIGNIN")

    assert signin("dev") == "1"
    assert signin("prod") is None


def test_production_pins_the_projects_image_by_digest(known_secrets):
    # given the prod overlay, when its image is set by tag alone, then the checker says so
    objects = render("prod")
    for w in k.app_workloads(objects):
        for c in k.containers(w):
            assert k.DIGEST.match(k.split_image(c["image"])[2] or ""), c["image"]
            c["image"] = c["image"].split("@")[0]
    found = problems(objects, known_secrets, pinned_app_image=True)
    assert any("not pinned by digest" in p for p in found), found


def test_every_workload_runs_as_a_high_uid_and_reads_its_secrets_from_files():
    for overlay in k.OVERLAYS:
        objects = render(overlay)
        for w in (o for o in objects if o["kind"] in k.WORKLOAD_KINDS):
            assert k.pod_spec(w)["securityContext"]["runAsUser"] >= k.MIN_UID, k.ident(w)
            for c in k.containers(w):
                assert not [v for v in c.get("env", []) if "valueFrom" in v and "secretKeyRef" in v["valueFrom"]]
        for w in k.app_workloads(objects):
            c = k.containers(w)[0]
            path = k.env_var(c, "FOODGAMES_TOKEN_KEY_FILE")["value"]
            assert k._in_secret_mount(w, c, path), k.ident(w)


def test_the_services_read_the_token_key_from_the_mounted_file(tmp_path):
    # given the Secret mounted as a file and FOODGAMES_TOKEN_KEY_FILE naming it, as the manifests do
    from shared.config import Settings

    key_file = tmp_path / "token-key"
    key_file.write_text("k" * 64 + "\n")
    settings = Settings.from_env({"FOODGAMES_TOKEN_KEY_FILE": str(key_file), "FOODGAMES_DATA_DIR": str(tmp_path)})
    # then the token key is the file's content, and no dev key is made
    assert settings.resolved_token_key() == "k" * 64
    assert not (tmp_path / "secrets" / "token.key").exists()


# what a warm game and an idle engine take (docs/capacity.md: ~0.25 MB a Foodie Forest game;
# an engine ~80-125 MB at rest)
GAME_MB = 0.25
ENGINE_AT_REST_MB = 128


def _mebibytes(quantity: str) -> float:
    units = {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024}
    suffix = quantity[-2:]
    return float(quantity[:-2]) * units[suffix] if suffix in units else float(quantity) / 2**20


@pytest.mark.parametrize("overlay", k.OVERLAYS)
def test_a_rules_engines_warm_games_fit_its_memory_limit(overlay):
    """Given the games an engine keeps warm (FOODGAMES_GAME_CACHE, else its default) at ~0.25 MB
    each beside the process itself, then they fit the container's memory limit (the default
    10,000, ~2.5 GB, would have the pod killed for its memory once it had served that many)."""
    from shared.config import Settings

    objects = render(overlay)
    for service in RULES_SERVICES:
        container = find(objects, "Deployment", service)["spec"]["template"]["spec"]["containers"][0]
        env = k.container_env(objects, container)
        games = int(env.get("FOODGAMES_GAME_CACHE", Settings().game_cache))
        limit = _mebibytes(container["resources"]["limits"]["memory"])
        assert ENGINE_AT_REST_MB + games * GAME_MB <= limit, (
            f"{overlay}/{service}: {games} warm games (~{games * GAME_MB:.0f} MB) and the process do not fit "
            f"its {container['resources']['limits']['memory']} limit")

"""The gateway as production exposes it: the prod overlay verifies tokens from an identity
provider's JWKS (placeholders set, dev sign-in off), believes X-Forwarded-For only from the
ingress controller, and an Ingress serves it over HTTP/1.1 and HTTP/2 with streams kept open."""
from __future__ import annotations

import copy
from urllib.parse import urlparse

import pytest

from services.gateway.clientaddr import networks
from services.gateway.config import GatewayConfig
from shared.config import INFRA_PORTS

from .k8s_checks import config_data, find, of_kind, render

NGINX = "nginx.ingress.kubernetes.io/"


@pytest.fixture(scope="module")
def prod():
    return render("prod")


def gateway_config(objects) -> GatewayConfig:
    data = next(o for o in objects if o["kind"] == "ConfigMap" and o["metadata"]["name"].startswith("foodgames-config"))
    return GatewayConfig.from_env(config_data(objects, data["metadata"]["name"]))


def _seconds(value: str | None) -> float:
    return float((value or "0").rstrip("s"))


def _bytes(value: str | None) -> int:
    value = (value or "0").lower()
    scale = {"k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}.get(value[-1:], 1)
    return int(value.rstrip("kmg")) * scale


def ingress_problems(objects) -> list[str]:
    """What keeps the Ingresses from serving the gateway to browsers and apps."""
    out = []
    config = gateway_config(objects)
    service = find(objects, "Service", "gateway")
    ports = {p["port"] for p in service["spec"]["ports"]} if service else set()
    ingresses = of_kind(objects, "Ingress")
    if not ingresses:
        return ["no Ingress exposes the gateway"]
    protocols = set()
    for ing in ingresses:
        name = ing["metadata"]["name"]
        notes = ing["metadata"].get("annotations") or {}
        protocols.add(notes.get(f"{NGINX}backend-protocol", "HTTP"))
        tls_hosts = {h for t in ing["spec"].get("tls", []) for h in t.get("hosts", [])}
        for rule in ing["spec"].get("rules", []):
            if rule.get("host") not in tls_hosts:
                out.append(f"Ingress/{name}: host {rule.get('host')} has no TLS (browsers get HTTP/2 only over TLS)")
            for path in rule["http"]["paths"]:
                backend = path["backend"]["service"]
                if backend["name"] != "gateway" or backend["port"].get("number") not in ports:
                    out.append(f"Ingress/{name}: routes to {backend}, not to the gateway Service's port {sorted(ports)}")
        if notes.get(f"{NGINX}proxy-buffering") != "off":
            out.append(f"Ingress/{name}: responses are buffered, so server streams stall")
        for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
            if _seconds(notes.get(f"{NGINX}{timeout}")) < config.stream_timeout_s:
                out.append(f"Ingress/{name}: {timeout} is shorter than the gateway's stream timeout "
                           f"{config.stream_timeout_s:g} s, so open streams are cut")
        if _bytes(notes.get(f"{NGINX}proxy-body-size")) < config.max_body_bytes:
            out.append(f"Ingress/{name}: its body limit is below the gateway's {config.max_body_bytes} bytes")
    if not {"HTTP", "GRPC"} <= protocols:
        out.append(f"the Ingresses proxy {sorted(protocols)}: browsers need HTTP (Connect, gRPC-Web), apps' "
                   "gRPC clients GRPC")
    return out


def test_prod_verifies_the_identity_providers_tokens_and_has_no_dev_sign_in(prod):
    config = gateway_config(prod)
    assert urlparse(config.jwks_url).scheme == "https" and config.jwt_issuer and config.jwt_audience
    assert not config.dev_signin
    assert config.origins and all(o.startswith("https://") for o in config.origins)


def test_prod_believes_forwarded_addresses_from_its_ingress_controller_only(prod):
    trusted = gateway_config(prod).trusted_proxies
    assert trusted and networks(trusted)


def test_the_dev_overlay_keeps_its_dev_sign_in_and_no_provider():
    dev = render("dev")
    config = gateway_config(dev)
    assert config.dev_signin and config.jwks_url is None
    assert of_kind(dev, "Ingress") == []


def test_prod_exposes_the_gateway_through_an_ingress_that_keeps_streams_open(prod):
    assert INFRA_PORTS["gateway"] in {p["port"] for p in find(prod, "Service", "gateway")["spec"]["ports"]}
    assert ingress_problems(prod) == []


def _unbuffered_off(objects):
    objects[-1]["metadata"]["annotations"][f"{NGINX}proxy-buffering"] = "on"


def _short_timeout(objects):
    objects[-1]["metadata"]["annotations"][f"{NGINX}proxy-read-timeout"] = "60"


def _wrong_port(objects):
    objects[-1]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]["port"]["number"] = 8080


def _no_tls(objects):
    objects[-1]["spec"]["tls"] = []


def _grpc_only(objects):
    for ing in of_kind(objects, "Ingress"):
        ing["metadata"]["annotations"][f"{NGINX}backend-protocol"] = "GRPC"


@pytest.mark.parametrize("breakage, expected", [
    (_unbuffered_off, "buffered"), (_short_timeout, "shorter than the gateway's stream timeout"),
    (_wrong_port, "not to the gateway Service"), (_no_tls, "has no TLS"), (_grpc_only, "browsers need HTTP"),
])
def test_the_ingress_check_reports_a_planted_problem(prod, breakage, expected):
    objects = copy.deepcopy(prod)
    objects.sort(key=lambda o: o["kind"] == "Ingress")  # an Ingress last, for the breakages
    breakage(objects)
    assert any(expected in p for p in ingress_problems(objects)), ingress_problems(objects)

"""The gateway: the public API for browsers and mobile apps in the Connect protocol (and gRPC
and gRPC-Web) over HTTP/1.1 and HTTP/2, forwarding every call to the backend's gRPC services
with the caller's bearer token (docs/gateway.md)."""

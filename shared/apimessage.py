"""A rendered text (shared.i18n.Rendered) as the API sends it: a foodgames.v1.Message, its key,
its arguments as JSON and its text in the reader's language. Events, move labels, prompts, move
results, tickets' reasons and a refusal's detail (shared.statusdetails) all carry one."""
from __future__ import annotations

from foodgames.v1 import event_pb2

from shared.i18n import Rendered


def message_of(rendered: Rendered) -> event_pb2.Message:
    return event_pb2.Message(key=rendered.key, args_json=rendered.args_json, text=rendered.text)

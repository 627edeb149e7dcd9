"""Applications: the `foodgames` CLI, the client SDK, bots, benches, the terminal client, the
audit verifier and the scenario runner. They may import shared/ and services/; nothing below
imports them."""

"""Building blocks for the Food Fight tests: set up a game with chosen shuffles, plate, play."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from services.food_fight.rules import RULES
from services.food_fight.rules.cards import catalogue

P2 = ("ann", "bob")
P3 = ("ann", "bob", "cid")
P4 = ("ann", "bob", "cid", "dan")


def apply(state, events):
    for e in events:
        state = RULES.evolve(state, e)
    return state


def order_with(cards: Sequence[str], top: Sequence[str]) -> list[str]:
    """`top` first, then the rest of `cards` in canonical order."""
    rest = Counter(cards)
    for c in top:
        assert rest[c] > 0, f"{c} is not (or no longer) among the cards to shuffle"
        rest[c] -= 1
    return list(top) + sorted(rest.elements())


def positions_for(state, node, top: Sequence[str]) -> list[str]:
    """An Army (and a reshuffle of the Main deck's discards) is shuffled as positions, not as
    its cards: position i of the chance node (`node.cards[i]`) is the i-th troop the plate
    stored (the i-th of the sorted discards). Tests give an army's order by troop ids: these
    are the positions that put `top` on top (positions given as such pass unchanged)."""
    if all(c in node.cards for c in top):
        return list(top)
    if node.deck.startswith("army-"):
        cards = list(state.plates[state.players.index(node.deck[len("army-"):])].troops)
    else:
        assert node.deck == "main" and node.k > 0, f"{node.deck} shuffles its own cards"
        cards = sorted(state.discard)
    assert len(cards) == len(node.cards)
    free = list(range(len(cards)))
    out = []
    for c in top:
        i = next((i for i in free if cards[i] == c), None)
        assert i is not None, f"{c} is not (or no longer) among the cards of {node.deck}"
        free.remove(i)
        out.append(node.cards[i])
    return out


def shuffle_with(state, node, top: Sequence[str]) -> list[str]:
    """The order of the pending `node` with `top` (card ids or positions) first."""
    return order_with(node.cards, positions_for(state, node, top))


def resolve(state, orders: Mapping[str, list] | None = None, log: list | None = None):
    """Resolve every pending shuffle. `orders[deck]` is a list of tops (one per shuffle of
    that deck, used in turn; an army's by troop ids); a deck without one is left in canonical
    order (an army: the order its plate stored)."""
    orders = {k: list(v) for k, v in (orders or {}).items()}
    while (node := RULES.chance(state)) is not None:
        queue = orders.get(node.deck) or []
        top = queue.pop(0) if queue else []
        events = RULES.resolve_chance(state, shuffle_with(state, node, top))
        if log is not None:
            log.extend(events)
        state = apply(state, events)
    return state


def deal_order(hands: Mapping[int, Sequence[str]], n: int) -> list[str]:
    """Main-deck top that deals hands[seat] (completed with the canonical order) to each seat."""
    rest = Counter(catalogue().main)
    for cards in hands.values():
        for c in cards:
            rest[c] -= 1
            assert rest[c] >= 0, f"too many {c}"
    pool = sorted(rest.elements(), key=lambda c: (catalogue().cards[c].kind != "troop"
                                                   or catalogue().cards[c].power is not None, c))
    # fillers: plain troops first so that hands are predictable
    top: list[str] = []
    for seat in range(n):
        given = list(hands.get(seat, ()))
        assert len(given) <= 9
        while len(given) < 9:
            given.append(pool.pop(0))
        top += given
    return top


def started(players: Sequence[str] = P2, hands: Mapping[int, Sequence[str]] | None = None,
            battlefields: Sequence[str] = (), dog: Sequence[str] = (), boot_camp: bool = True,
            log: list | None = None, **options):
    """A game whose first Day is dealt: Battlefields `battlefields` on top, `hands` dealt."""
    state = RULES.initial_state(list(players), {"boot_camp": boot_camp, **options})
    events = RULES.start(state)
    if log is not None:
        log.extend(events)
    state = apply(state, events)
    return resolve(state, {"dog": [list(dog)], "battlefields": [list(battlefields)],
                           "main": [deal_order(hands or {}, len(players))]}, log)


def act(state, seat: int, move: Mapping[str, Any], log: list | None = None):
    events = RULES.decide(state, seat, move)
    if log is not None:
        log.extend(events)
    return apply(state, events), events


def plate(state, seat, meal, troops=(), mascots=()):
    return act(state, seat, {"type": "plate", "meal": meal, "troops": list(troops),
                             "mascots": list(mascots)})[0]


def plate_all(state, plates: Mapping[int, tuple], armies: Mapping[int, Sequence[str]] | None = None,
              dog: Sequence[Sequence[str]] = (), log: list | None = None):
    """Everyone plates (plates[seat] = (meal, troops[, mascots])); armies[seat] is the order
    the army shuffle gives (top first, by troop ids: `positions_for` turns it into the
    positions the shuffle orders); dog: tops of the Dog deck's next shuffles."""
    for seat, spec in plates.items():
        meal, troops, *rest = spec
        events = RULES.decide(state, seat, {"type": "plate", "meal": meal, "troops": list(troops),
                                            "mascots": list(rest[0]) if rest else []})
        if log is not None:
            log.extend(events)
        state = apply(state, events)
    orders = {f"army-{state.players[s]}": [list(o)] for s, o in (armies or {}).items()}
    orders["dog"] = [list(d) for d in dog]
    return resolve(state, orders, log)


def pass_round(state, log: list | None = None, orders=None):
    """Everyone passes until the Serving is scored; returns (state, ServingScored event)."""
    scored = None
    serving = state.serving
    while state.round_open and state.serving == serving and state.phase != "over":
        events = RULES.decide(state, state.actor, {"type": "pass"})
        if log is not None:
            log.extend(events)
        for e in events:
            if type(e).__name__ == "ServingScored":
                scored = e
        state = apply(state, events)
        state = resolve(state, orders, log)
    return state, scored


def servings(state, count=5, orders=None, log=None):
    """Pass through `count` Servings; returns (state, [ServingScored, ...])."""
    out = []
    for _ in range(count):
        state, scored = pass_round(state, log, orders)
        out.append(scored)
    return state, out


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of_type(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def yum(state, seat):
    from services.food_fight.rules.yum import serving_value
    return serving_value(state, seat)


def finish_day(state, log: list | None = None, orders=None, stop_on_main=False):
    """Everyone passes until the Day is over (or the game); shuffles as `orders` say."""
    day = state.day
    while not RULES.is_terminal(state) and (state.day == day or RULES.chance(state)):
        if stop_on_main and RULES.chance(state) and RULES.chance(state).deck == "main":
            break
        if (node := RULES.chance(state)) is not None:
            queue = (orders or {}).get(node.deck) or []
            top = queue.pop(0) if queue else []
            events = RULES.resolve_chance(state, shuffle_with(state, node, top))
            if log is not None:
                log.extend(events)
            state = apply(state, events)
        elif state.phase in ("draft", "plating"):
            break
        else:
            state, _ = act(state, state.actor, {"type": "pass"}, log)
    return state


def empty_day(state, log: list | None = None, stop_on_main=False):
    """Everyone drafts the first card and plates an empty army at the Day's first Meal."""
    while state.phase == "draft":
        seat = min(RULES.to_act(state))
        state, _ = act(state, seat, {"type": "pick", "card": state.packets[seat][0]}, log)
    meal = RULES.view(state, 0)["day_meals"][0]
    for seat in range(len(state.players)):
        state, _ = act(state, seat, {"type": "plate", "meal": meal, "troops": []}, log)
    return finish_day(state, log, stop_on_main=stop_on_main)

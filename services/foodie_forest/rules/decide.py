"""Every rule of play: which moves are legal and what events they cause."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.rules import (
    ChanceNode,
    GameResult,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    Outcome,
    seat_players,
)

from .cards import Table
from .events import (
    CardPlayed,
    CardsDealt,
    DealScored,
    GameEnded,
    GameStarted,
    LastCardAnnounced,
    RecipeChosen,
    RecipesRevealed,
    TrickPutAside,
    TrickTaken,
)
from .options import parse_options
from .shown import shown
from .state import CHOOSING, DEALING, OVER, PLAYING, SETUP, State, evolve

DECK_NAME = "ingredients"
MOVE_FIELDS = {"choose_recipe": {"type", "recipe"}, "play": {"type", "card"}}


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    opts = parse_options(options)
    table = opts.table()
    players = seat_players(players, "Foodie Forest", min(table.hand_size), max(table.hand_size))
    return State(players=players, options=opts)


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    table = state.options.table()
    n = len(state.players)
    # Players come in clockwise seat order and the first of them deals first.
    return [GameStarted(players=state.players, options=state.options.as_dict(),
                        points=(table.starting_points,) * n, recipes=table.recipes, dealer=0)]


# ---- dealing (the chance node) ---------------------------------------------------------------

def chance(state: State) -> ChanceNode | None:
    if state.phase != DEALING or state.deal >= state.options.table().deals:
        return None
    return ChanceNode(deck=DECK_NAME, k=state.deal, cards=state.options.table().deck)


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle")
    order = node.order_of(order)
    table = state.options.table()
    n = len(state.players)
    size = table.hand_size[n]
    dealer = state.dealer
    hands: list[list[str]] = [[] for _ in range(n)]
    # One card at a time, clockwise, starting with the player to the Dealer's left.
    for i, card in enumerate(order[:size * n]):
        hands[(dealer + 1 + i) % n].append(card)
    out = Outcome(state, evolve)
    out.emit(CardsDealt(deal=state.deal + 1, dealer=dealer,
                        hands=tuple(tuple(table.sorted_cards(h)) for h in hands),
                        set_aside=tuple(sorted(order[size * n:]))))
    _give_last_recipes(out)
    return out.events


# ---- choosing recipes ------------------------------------------------------------------------

def _choosing_order(state: State) -> list[int]:
    n = len(state.players)
    return [(state.dealer + 1 + i) % n for i in range(n)]


def _choosers(state: State) -> frozenset[int]:
    waiting = [s for s in _choosing_order(state) if state.chosen[s] is None]
    if state.options.recipe_choice == "sequential":
        return frozenset(waiting[:1])
    return frozenset(waiting)


def _give_last_recipes(out: Outcome) -> None:
    """A player with one recipe left has nothing to choose (the 5th deal); reveal when all chose."""
    face_down = out.state.options.recipe_choice == "simultaneous"
    while True:
        ready = sorted(s for s in _choosers(out.state) if len(out.state.recipes_left[s]) == 1)
        if not ready:
            break
        for seat in ready:
            out.emit(RecipeChosen(out.state.deal, seat, out.state.recipes_left[seat][0], face_down))
    if all(r is not None for r in out.state.chosen):
        out.emit(RecipesRevealed(out.state.deal, tuple(out.state.chosen),
                                 leader=(out.state.dealer + 1) % len(out.state.players)))


def _dealer_must_avoid(state: State, seat: int) -> str | None:
    """Variant: the Dealer must choose differently from the player to their left, if able."""
    if state.options.recipe_choice != "sequential" or seat != state.dealer:
        return None
    left = state.chosen[(state.dealer + 1) % len(state.players)]
    if left is None or not any(r != left for r in state.recipes_left[seat]):
        return None
    return left


def _choose(state: State, seat: int, recipe: str) -> list[Any]:
    name = state.players
    if seat not in _choosers(state):
        if state.chosen[seat] is not None:
            waiting = [name[s] for s in _choosing_order(state) if state.chosen[s] is None]
            raise NotYourTurn(f"you already chose your recipe; waiting for {', '.join(waiting)}",
                              key="already-chose", players=waiting)
        nxt = next(iter(_choosers(state)))
        raise NotYourTurn(f"it is {name[nxt]}'s turn to choose a recipe",
                          key="not-your-turn-to-choose", player=name[nxt])
    if recipe not in state.recipes_left[seat]:
        raise IllegalMove(f"you already used the {recipe} recipe", key="recipe-used", recipe=recipe)
    avoid = _dealer_must_avoid(state, seat)
    if recipe == avoid:
        left = name[(state.dealer + 1) % len(name)]
        others = [r for r in state.recipes_left[seat] if r != avoid]
        raise IllegalMove(f"as the Dealer you must choose a different recipe from {left}, "
                          f"who chose {avoid}: choose one of {', '.join(others)}",
                          key="dealer-must-differ", player=left, recipe=avoid, recipes=others)
    out = Outcome(state, evolve)
    out.emit(RecipeChosen(state.deal, seat, recipe,
                          face_down=state.options.recipe_choice == "simultaneous"))
    _give_last_recipes(out)
    return out.events


# ---- tricks ----------------------------------------------------------------------------------

def _must_follow(state: State, table: Table, seat: int) -> list[str]:
    """The cards of `seat` that follow the required colour (empty: any card may be played)."""
    if not state.trick or state.required_colour is None:
        return []
    return [c for c in state.hands[seat] if table.cards[c].colour == state.required_colour]


def _play(state: State, seat: int, card_id: str) -> list[Any]:
    table = state.options.table()
    n = len(state.players)
    hand = state.hands[seat]
    if card_id not in hand:
        raise IllegalMove(f"you do not hold {card_id}", key="not-in-hand", card=card_id)
    card = table.cards[card_id]
    follow = _must_follow(state, table, seat)
    if follow and card.colour != state.required_colour:
        held = list(dict.fromkeys(table.sorted_cards(follow)))
        raise IllegalMove(f"you must follow {state.required_colour}: you hold {', '.join(held)}",
                          key="must-follow", colour=state.required_colour, cards=held)

    leading = not state.trick
    if card.resets:
        total = 0
    elif leading:
        total = table.led_value.get(card.value, card.value)
    else:
        total = state.total + card.value
    if card.ends_required_colour:
        required = None
    elif leading:
        required = card.colour
    else:
        required = state.required_colour
    full = total >= 10

    out = Outcome(state, evolve)
    out.emit(CardPlayed(seat, card_id, total, required, seat if full else (seat + 1) % n))
    if len(hand) == 1:
        out.emit(LastCardAnnounced(seat))
    if full:
        out.emit(TrickTaken(seat, tuple(c for _, c in out.state.trick), total))
    stuck = out.state.turn
    if _cannot_go_on(out.state, table, stuck):
        out.emit(TrickPutAside(stuck, tuple(c for _, c in out.state.trick)))
        _score_deal(out, table)
    return out.events


def _cannot_go_on(state: State, table: Table, seat: int) -> bool:
    if table.deal_ends == "announced-player-to-act":
        return seat in state.announced
    return not state.hands[seat]


# ---- scoring ---------------------------------------------------------------------------------

def deal_gain(table: Table, recipe: str, taken: Sequence[str]) -> int:
    return table.scoring[recipe].points([table.cards[c] for c in taken])


def _score_deal(out: Outcome, table: Table) -> None:
    state = out.state
    n = len(state.players)
    gains = tuple(deal_gain(table, state.chosen[s], state.taken[s]) for s in state.seats)
    points = tuple(max(0, p + g) for p, g in zip(state.points, gains))  # never below 0
    out.emit(DealScored(state.deal, tuple(state.chosen), gains, points, (state.dealer + 1) % n))
    if state.deal >= table.deals:
        best = max(points)
        out.emit(GameEnded(points, tuple(s for s in state.seats if points[s] == best)))


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    # competition ranking: tied players share a place and the next place is skipped (1, 1, 3)
    placings = tuple(1 + sum(1 for q in state.points if q > p) for p in state.points)
    return GameResult(players=state.players, points=state.points, placings=placings)


# ---- moves -----------------------------------------------------------------------------------

def _parse(state: State, move: Mapping[str, Any]) -> tuple[str, str]:
    if not isinstance(move, Mapping):
        raise MalformedMove("a move must be an object such as {\"type\": \"play\", \"card\": \"bug-3\"}",
                            key="not-an-object")
    kind = move.get("type")
    if kind not in MOVE_FIELDS:
        raise MalformedMove(f"unknown move type {shown(kind)}; expected choose_recipe or play",
                            key="unknown-move-type", type=shown(kind))
    unknown = sorted(set(move) - MOVE_FIELDS[kind])
    if unknown:
        fields = [shown(u) for u in unknown]
        raise MalformedMove(f"unknown field(s) {', '.join(fields)} in a {kind} move",
                            key="unknown-fields", fields=fields, count=len(fields), move=kind)
    table = state.options.table()
    if kind == "choose_recipe":
        recipe = move.get("recipe")
        if recipe not in table.recipes:
            raise MalformedMove(f"unknown recipe {shown(recipe)}; the recipes are "
                                f"{', '.join(table.recipes)}", key="unknown-recipe",
                                recipe=shown(recipe), recipes=list(table.recipes))
        return kind, recipe
    card = move.get("card")
    if not isinstance(card, str) or card not in table.cards:
        raise MalformedMove(f"unknown card {shown(card)}; cards look like bug-3, fruit-10, "
                            f"trash-1 or vegetable-herb", key="unknown-card", card=shown(card))
    return kind, card


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    kind, what = _parse(state, move)
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if state.phase in (SETUP, DEALING):
        raise NotYourTurn("the cards are being dealt", key="dealing")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn(f"seat {seat!r:.20} is not at this table", key="not-at-table",
                          seat=f"{seat!r:.20}")
    if state.phase == CHOOSING:
        if kind == "play":
            if seat in _choosers(state):
                raise IllegalMove("choose a recipe first: the tricks start once every recipe "
                                  "is revealed", key="choose-recipe-first")
            raise NotYourTurn("the tricks start once every recipe is revealed",
                              key="wait-for-recipes")
        return _choose(state, seat, what)
    if seat != state.turn:
        raise NotYourTurn(f"it is {state.players[state.turn]}'s turn", key="not-your-turn",
                          player=state.players[state.turn])
    if kind == "choose_recipe":
        raise IllegalMove("the recipes of this deal are already revealed: play a card",
                          key="recipes-revealed")
    return _play(state, seat, what)


def to_act(state: State) -> frozenset[int]:
    if state.phase == CHOOSING:
        return _choosers(state)
    if state.phase == PLAYING and state.turn is not None:
        return frozenset((state.turn,))
    return frozenset()


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    if state.phase == CHOOSING:
        avoid = _dealer_must_avoid(state, seat)
        return [{"type": "choose_recipe", "recipe": r}
                for r in state.recipes_left[seat] if r != avoid]
    table = state.options.table()
    playable = _must_follow(state, table, seat) or state.hands[seat]
    return [{"type": "play", "card": c} for c in dict.fromkeys(table.sorted_cards(playable))]


def is_terminal(state: State) -> bool:
    return state.phase == OVER

"""Every rule of play: which moves are legal and what events they cause.

Legal moves are kept finite and small by canonical enumerations (decide accepts every valid
choice, not only the listed ones):
- `complete`: one move per completable displayed recipe, its ingredients chosen canonically
  (for each needed type, the held cards of that type in sorted id order); any other cards of the
  right types are accepted.
- `discard_two`: every distinct pair of held card ids.
- `discard` (hand limit / Health Inspection): every distinct combination of card ids when there
  are at most MAX_COMBINATIONS, otherwise one per held card id (that card plus the first others
  in sorted order).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, Mapping, Sequence

from shared.moves import quote
from shared.rules import (
    ChanceNode,
    GameResult,
    IllegalMove,
    NotYourTurn,
    Outcome,
    RulesError,
    seat_players,
)

from .cards import catalogue
from .events import (
    ActionPlayed,
    CardDrawn,
    CardPlayed,
    CardsDealt,
    CardsDiscarded,
    DeckRanOut,
    DeckShuffled,
    DiscardDemanded,
    GameEnded,
    GameStarted,
    HandLimitReached,
    NothingDrawn,
    RecipeClosed,
    RecipeCompleted,
    RecipesFlipped,
    TableCardDiscarded,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from .options import parse_options
from .scoring import all_stars
from .state import (
    DEALING,
    DRAW,
    HAND_LIMIT,
    INSPECTION,
    MAIN,
    OVER,
    SETUP,
    SHUFFLING,
    State,
    evolve,
)

RECIPE_DECK = "recipes"
PLAY_DECK = "play"
# CHOICE: 2 to 5 players. The rulebook's example has 4 and names a two-player case ("If there are
# only two players, flip three recipes up"); 20 recipes are too few for a race to ten stars at 6+.
MIN_PLAYERS, MAX_PLAYERS = 2, 5
HAND_SIZE = 4  # "Deal out four cards from the play deck to each player"
INSPECTION_DISCARDS = 2
MAX_COMBINATIONS = 40


def display_size(n: int) -> int:
    # "flip two recipes face up ... If there are only two players, flip three recipes up."
    return 3 if n == 2 else 2


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    opts = parse_options(options)
    players = seat_players(players, "Foodtown Throwdown", MIN_PLAYERS, MAX_PLAYERS)
    return State(players=players, options=opts)


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    # "Determine the first player through any means of your choosing": the first seat.
    return [GameStarted(players=state.players, options=state.options.as_dict(), first=0)]


# ---- chance ----------------------------------------------------------------------------------

def chance(state: State) -> ChanceNode | None:
    cat = catalogue()
    if state.phase == DEALING:
        if state.shuffled(RECIPE_DECK) == 0:
            return ChanceNode(deck=RECIPE_DECK, k=0, cards=cat.recipe_deck)
        return ChanceNode(deck=PLAY_DECK, k=0, cards=cat.play_deck)
    if state.phase == SHUFFLING:
        return ChanceNode(deck=PLAY_DECK, k=state.shuffled(PLAY_DECK), cards=tuple(sorted(state.discard)))
    return None


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle-pending")
    order = node.order_of(order)
    out = Outcome(state, evolve)
    out.emit(DeckShuffled(node.deck, node.k, order))
    if state.phase == DEALING and node.deck == PLAY_DECK:
        n = len(state.players)
        hands: list[list[str]] = [[] for _ in range(n)]
        for i, card in enumerate(order[:HAND_SIZE * n]):  # one at a time, from the first player
            hands[(state.first + i) % n].append(card)
        out.emit(CardsDealt(tuple(tuple(sorted(h)) for h in hands)))
        out.emit(RecipesFlipped(out.state.recipe_deck[:display_size(n)]))
        out.emit(TurnStarted(state.first, 1))
    elif state.phase == SHUFFLING:
        _draw(out, state.pending, state.pending_reason, state.pending_count or 1)
    return out.events


# ---- helpers ---------------------------------------------------------------------------------

def _draw(out: Outcome, seat: int, reason: str, count: int = 1) -> None:
    """ "Should the play deck run out of cards, shuffle the discard pile to form a new play deck."
    Never from the discard pile itself: an empty deck waits for the shuffle (a chance node), and
    the cards still to draw are drawn from the new deck."""
    for drawn in range(count):
        s = out.state
        if s.play_deck:
            out.emit(CardDrawn(seat, s.play_deck[0], reason))
        elif s.discard:
            out.emit(DeckRanOut(seat, reason, count - drawn))
            return
        else:
            out.emit(NothingDrawn(seat, reason))
            return


def _canonical_ingredients(hand: Sequence[str], needs: Sequence[str]) -> tuple[str, ...] | None:
    cat = catalogue()
    pool = sorted(hand)
    chosen: list[str] = []
    for t in needs:
        card = next((c for c in pool if cat.cards[c].kind == "ingredient" and cat.cards[c].type == t), None)
        if card is None:
            return None
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def _seat_of(state: State, name: Any) -> int:
    if not isinstance(name, str) or name not in state.players:
        raise IllegalMove(f"target must be the name of a player at this table ({', '.join(state.players)}), "
                          f"not {quote(name)}", key="unknown-target", players=list(state.players), target=quote(name))
    return state.players.index(name)


def _holds(hand: Sequence[str], cards: Sequence[str]) -> bool:
    return not (Counter(cards) - Counter(hand))


def _multiset_choices(cards: Sequence[str], k: int) -> list[tuple[str, ...]]:
    """Distinct size-k multisets of `cards` (sorted), or a representative subset when many."""
    cards = sorted(cards)
    if k <= 0:
        return [()]
    if k > len(cards):
        return []
    combos = sorted(set(combinations(cards, k)))
    if len(combos) <= MAX_COMBINATIONS:
        return combos
    reps = []
    for c in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(c)
        reps.append(tuple(sorted((c, *rest[:k - 1]))))
    return sorted(set(reps))


# ---- turn flow -------------------------------------------------------------------------------

def _placings(stars: Sequence[int], winner: int | None) -> tuple[int, ...]:
    if winner is None:  # competition ranking: tied players share a place (1, 1, 3)
        return tuple(1 + sum(1 for q in stars if q > p) for p in stars)
    others = [p for s, p in enumerate(stars) if s != winner]
    return tuple(1 if s == winner else 2 + sum(1 for q in others if q > p) for s, p in enumerate(stars))


def _end_turn(out: Outcome) -> None:
    s = out.state
    seat = s.current
    stars = all_stars(s)
    out.emit(TurnEnded(seat, stars))
    # "The first player to have ten stars at the end of their turn ... is the winner!"
    if stars[seat] >= s.options.target_stars:
        out.emit(GameEnded("stars", stars, _placings(stars, seat)))
        return
    # CHOICE: once the recipe deck and the display are both empty no recipe can be completed:
    # the game ends at the end of that turn, placed by stars.
    if not s.display and not s.recipe_deck:
        out.emit(GameEnded("recipes-out", stars, _placings(stars, None)))
        return
    n = len(s.players)
    limit = s.options.max_rounds * n
    nxt = seat
    while True:
        if out.state.turn >= limit:
            out.emit(GameEnded("turn-limit", stars, _placings(stars, None)))
            return
        nxt = (nxt + 1) % n
        if out.state.skips[nxt] > 0:
            out.emit(TurnSkipped(nxt, out.state.turn + 1))
            continue
        out.emit(TurnStarted(nxt, out.state.turn + 1))
        return


def _draw_move(state: State, seat: int) -> list[Any]:
    if state.phase != DRAW:
        raise IllegalMove("you draw only once, at the start of your turn (to draw more, discard two cards)",
                          key="draw-once")
    out = Outcome(state, evolve)
    _draw(out, seat, "turn")
    return out.events


def _complete(state: State, seat: int, recipe: str, cards: Sequence[str] | None) -> list[Any]:
    cat = catalogue()
    if recipe not in state.display:
        shown = ", ".join(state.display) or "none"
        raise IllegalMove(f"you can only complete a displayed recipe ({shown}), not {quote(recipe)}",
                          key="recipe-not-displayed", display=list(state.display), recipe=quote(recipe))
    if state.blocked[seat]:
        raise IllegalMove("Road Closed: you may not complete recipes this turn", key="road-closed")
    needs = cat.recipes[recipe].ingredients
    hand = state.hands[seat]
    if cards is None:
        cards = _canonical_ingredients(hand, needs)
        if cards is None:
            raise IllegalMove(f"you do not hold the ingredients of {cat.recipes[recipe].name} "
                              f"({', '.join(needs)})", key="missing-ingredients", recipe=recipe,
                              types=list(needs))
    cards = tuple(cards)
    for c in cards:
        if c not in cat.cards:
            raise IllegalMove(f"unknown card {quote(c)}", key="unknown-card", card=quote(c))
    if not _holds(hand, cards):
        raise IllegalMove(f"you do not hold all of {', '.join(cards)}", key="not-held", cards=list(cards))
    if any(cat.cards[c].kind != "ingredient" for c in cards):
        raise IllegalMove("only ingredient cards complete a recipe", key="only-ingredients")
    given = sorted(cat.cards[c].type for c in cards)
    if given != list(needs):
        raise IllegalMove(f"{cat.recipes[recipe].name} needs {', '.join(needs)}; "
                          f"those cards are {', '.join(given) or 'nothing'}", key="wrong-ingredients",
                          recipe=recipe, types=list(needs), given=given)
    out = Outcome(state, evolve)
    out.emit(RecipeCompleted(seat, recipe, cards, cat.recipes[recipe].stars))
    # "Once a recipe is claimed, replace it with the top card of the recipe deck."
    if out.state.recipe_deck:
        out.emit(RecipesFlipped(out.state.recipe_deck[:1]))
    return out.events


def _play(state: State, seat: int, card: str, target: str | None, pick: str | None) -> list[Any]:
    cat = catalogue()
    if card not in cat.cards:
        raise IllegalMove(f"unknown card {quote(card)}", key="unknown-card", card=quote(card))
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", cards=[card])
    info = cat.cards[card]
    if info.kind == "ingredient":
        raise IllegalMove(f"{info.name} is an ingredient: use it to complete a recipe",
                          key="ingredient-not-played", card=card)
    if info.kind in ("territory", "publicity"):
        if target is not None or pick is not None:
            raise IllegalMove(f"a {info.kind} card takes no target", key="no-target-needed", card=card)
        return [CardPlayed(seat, card, info.kind, at_once=state.just_drawn == card)]
    # action cards
    if state.action_used:
        raise IllegalMove("you may play only one action card a turn", key="one-action")
    if target is None:
        raise IllegalMove(f"{info.name} needs a target: one of your opponents", key="target-needed", card=card)
    t = _seat_of(state, target)
    if t == seat:
        raise IllegalMove("action cards stifle an opponent: pick another player", key="target-self")
    effect = info.effect
    out = Outcome(state, evolve)
    if effect == "remove":
        if pick not in state.tables[t]:
            held = ", ".join(state.tables[t]) or "nothing"
            raise IllegalMove(f"{info.name} takes a territory or publicity card in front of {target} "
                              f"({held}), not {quote(pick)}", key="pick-table-card", card=card,
                              target=target, cards=list(state.tables[t]), count=len(state.tables[t]),
                              pick=quote(pick))
    elif effect == "review":
        recipes = [r for r, _ in state.menus[t]]
        if pick not in recipes:
            raise IllegalMove(f"{info.name} closes a recipe on {target}'s menu "
                              f"({', '.join(recipes) or 'none'}), not {quote(pick)}", key="pick-recipe",
                              card=card, target=target, recipes=recipes, count=len(recipes), pick=quote(pick))
    elif pick is not None:
        raise IllegalMove(f"{info.name} takes a target but no pick", key="no-pick-needed", card=card)
    # "They do not award any stars but instead are played to stifle your opponents' progress":
    # every effect takes from the target and gives the player nothing (cards.toml, card by card).
    out.emit(ActionPlayed(seat, card, effect, t, pick))
    if effect == "discard":
        ingredients = [c for c in out.state.hands[t] if cat.cards[c].kind == "ingredient"]
        if len(ingredients) <= INSPECTION_DISCARDS:
            out.emit(CardsDiscarded(t, tuple(sorted(ingredients)), "inspection"))
        else:
            out.emit(DiscardDemanded(t, INSPECTION_DISCARDS))
    elif effect == "remove":
        out.emit(TableCardDiscarded(t, pick))
    elif effect == "redraw":
        hand = tuple(sorted(out.state.hands[t]))
        if hand:
            out.emit(CardsDiscarded(t, hand, "mix-up"))
            _draw(out, t, "mix-up", len(hand))
    elif effect == "review":
        cards = next(c for r, c in state.menus[t] if r == pick)
        out.emit(RecipeClosed(t, pick, cards))
    return out.events


def _discard_two(state: State, seat: int, cards: Sequence[str]) -> list[Any]:
    if len(cards) != 2:
        raise IllegalMove("discard exactly two cards to draw one", key="trade-two")
    if not _holds(state.hands[seat], cards):
        raise IllegalMove(f"you do not hold {', '.join(cards)}", key="not-held", cards=list(cards))
    out = Outcome(state, evolve)
    out.emit(CardsDiscarded(seat, tuple(sorted(cards)), "trade"))
    _draw(out, seat, "trade")
    return out.events


def _discard(state: State, seat: int, cards: Sequence[str]) -> list[Any]:
    cat = catalogue()
    hand = state.hands[seat]
    if not _holds(hand, cards):
        raise IllegalMove(f"you do not hold {', '.join(cards)}", key="not-held", cards=list(cards))
    if state.phase == INSPECTION:
        if len(cards) != INSPECTION_DISCARDS or any(cat.cards[c].kind != "ingredient" for c in cards):
            raise IllegalMove(f"Health Inspection: discard exactly {INSPECTION_DISCARDS} ingredient cards",
                              key="inspection-discard", count=INSPECTION_DISCARDS)
        return [CardsDiscarded(seat, tuple(sorted(cards)), "inspection")]
    if len(cards) != state.excess:
        raise IllegalMove(f"hand limit {state.options.hand_limit}: discard exactly {state.excess} "
                          f"card{'s' * (state.excess != 1)}", key="hand-limit-discard",
                          limit=state.options.hand_limit, count=state.excess)
    out = Outcome(state, evolve)
    out.emit(CardsDiscarded(seat, tuple(sorted(cards)), "hand-limit"))
    _end_turn(out)
    return out.events


def _pass(state: State, seat: int) -> list[Any]:
    out = Outcome(state, evolve)
    excess = len(state.hands[seat]) - state.options.hand_limit
    # "If at the end of your turn you have more than eight, you must discard down"
    if excess > 0:
        out.emit(HandLimitReached(seat, excess))
    else:
        _end_turn(out)
    return out.events


# ---- moves -----------------------------------------------------------------------------------

def _checked(move: Mapping[str, Any]) -> dict[str, Any]:
    from ..moves import MOVES  # the shape check the runtime also makes
    return MOVES.check(move)


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    move = _checked(move)
    kind = move["type"]
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if state.phase in (SETUP, DEALING, SHUFFLING):
        raise NotYourTurn("the cards are being shuffled", key="shuffling")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn(f"seat {seat!r:.24} is not at this table", key="not-seated")
    actor = to_act(state)
    if seat not in actor:
        who = state.players[next(iter(actor))]
        if state.phase == INSPECTION:
            raise NotYourTurn(f"waiting for {who} to discard two ingredients (Health Inspection)",
                              key="waiting-inspection", player=who)
        raise NotYourTurn(f"it is {who}'s turn; action cards can only be played on your turn",
                          key="not-your-turn", player=who)
    if state.phase == INSPECTION:
        if kind != "discard":
            raise IllegalMove("Health Inspection: discard two ingredient cards first", key="inspection-first")
        return _discard(state, seat, move["cards"])
    if state.phase == HAND_LIMIT:
        if kind != "discard":
            raise IllegalMove(f"hand limit: discard {state.excess} card{'s' * (state.excess != 1)} to end your turn",
                              key="hand-limit-first", count=state.excess)
        return _discard(state, seat, move["cards"])
    if state.phase == DRAW:
        if kind != "draw":
            raise IllegalMove("begin your turn by drawing a card", key="draw-first")
        return _draw_move(state, seat)
    # MAIN
    if kind == "draw":
        return _draw_move(state, seat)
    if kind == "complete":
        return _complete(state, seat, move["recipe"], move.get("cards"))
    if kind == "play":
        return _play(state, seat, move["card"], move.get("target"), move.get("pick"))
    if kind == "discard_two":
        return _discard_two(state, seat, move["cards"])
    if kind == "discard":
        raise IllegalMove("you discard only at the hand limit or for a Health Inspection; "
                          "to draw a card, discard two (discard_two)", key="discard-not-now")
    return _pass(state, seat)


def to_act(state: State) -> frozenset[int]:
    if state.phase == INSPECTION:
        return frozenset((state.pending,))
    if state.phase in (DRAW, MAIN, HAND_LIMIT):
        return frozenset((state.current,))
    return frozenset()


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    cat = catalogue()
    hand = state.hands[seat]
    if state.phase == DRAW:
        return [{"type": "draw"}]
    if state.phase == INSPECTION:
        ingredients = [c for c in hand if cat.cards[c].kind == "ingredient"]
        return [{"type": "discard", "cards": list(c)} for c in _multiset_choices(ingredients, INSPECTION_DISCARDS)]
    if state.phase == HAND_LIMIT:
        return [{"type": "discard", "cards": list(c)} for c in _multiset_choices(hand, state.excess)]
    moves: list[dict[str, Any]] = []
    if not state.blocked[seat]:
        for r in state.display:
            cards = _canonical_ingredients(hand, cat.recipes[r].ingredients)
            if cards is not None:
                moves.append({"type": "complete", "recipe": r, "cards": list(cards)})
    for c in sorted(set(hand)):
        info = cat.cards[c]
        if info.kind in ("territory", "publicity"):
            moves.append({"type": "play", "card": c})
        elif info.kind == "action" and not state.action_used:
            for t in state.seats:
                if t == seat:
                    continue
                name = state.players[t]
                if info.effect == "remove":
                    picks = sorted(set(state.tables[t]))
                elif info.effect == "review":
                    picks = sorted(set(r for r, _ in state.menus[t]))
                else:
                    moves.append({"type": "play", "card": c, "target": name})
                    continue
                moves += [{"type": "play", "card": c, "target": name, "pick": p} for p in picks]
    if len(hand) >= 2:
        moves += [{"type": "discard_two", "cards": list(p)} for p in sorted(set(combinations(sorted(hand), 2)))]
    moves.append({"type": "pass"})
    return moves


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    return GameResult(players=state.players, points=state.final_stars, placings=state.placings)


__all__ = ["RulesError"]

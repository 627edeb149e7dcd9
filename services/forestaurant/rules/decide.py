"""Every rule of play: which moves are legal and what events they cause.

Legal moves (`legal_moves`) are a finite canonical list; where a move pays with a set of cards
the list shows a bounded representative family and `decide` accepts every legal set:
- cook (alone): every single card that reaches the guest's value, and every pair of cards that
  reaches it where neither card does alone; if no single card or pair reaches it, the set of the
  highest cards that does; and each of these sets once more with every card of the guest's own
  species the player can spare (they calm the guest). Any other set that reaches the value is
  accepted too.
- propose_cook: one card with every required ingredient the active player holds.
- offer_help: one card with no or one ingredient, two cards with both ingredients.
- commit_cook: every subset of the offers that completes the meal.
Card ids repeat (copies of one card share an id), so the list holds each distinct choice once.
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
    seat_players,
)

from .cards import catalogue, table_number
from .events import (
    GUEST,
    BellPlaced,
    MUSHROOMS,
    STARS,
    CardPaid,
    CardsDrawn,
    CloudMoved,
    Contribution,
    CookProposed,
    CookWithdrawn,
    DeckShuffled,
    EarlyBirdSeated,
    EventResolved,
    GameEnded,
    GameStarted,
    GuestLeft,
    GuestSeated,
    HandsDealt,
    HelpDeclined,
    HelpOffered,
    IngredientDiscarded,
    IngredientsDrawn,
    MealCooked,
    MenusDrawn,
    OrderTaken,
    Pending,
    PhaseChanged,
    PileRanOut,
    SeatingSkipped,
    TurnStarted,
)
from .options import parse_options
from .state import (
    ACTIONS,
    COOKING,
    DECKS,
    DISCARD,
    EVENTS,
    OVER,
    SETUP,
    SHUFFLING,
    State,
    evolve,
    pile_index,
)

MIDDLE_TABLE = 4
# "Draw an early bird guest card from the animal deck and place it on the middle table." The early
# bird is a guest at the table like every newly seated guest (the Rules Overview's second state:
# "a guest at the table"); its table's next event places its bell (issue 31).
EARLY_BIRD_BELL = False
# "The guests have decided what to eat so they are calling a waiter to take their order. Place a
# bell token on the animal card.": the event of a table with a guest at it, not part of seating
# (seated guests, by an event or by free seating, wait for their table's next event to ring).
SEATED_WITH_BELL = False
# CHOICE: "The player who has most recently fed an animal will play first": the first seat.
FIRST_PLAYER = 0
# CHOICE: "If the animal deck runs out, shuffle the discard pile and create a new deck from 20
# cards (discard the remaining for the rest of the game)."
SECOND_DECK = 20


class _Over(Exception):
    """The game ended inside a decision (GameEnded is already emitted)."""


def _run(state: State, step) -> list[Any]:
    out = Outcome(state, evolve)
    try:
        step(out)
    except _Over:
        pass
    return out.events


# ---- helpers ---------------------------------------------------------------------------------

def min_hand(state: State) -> int:
    return catalogue().minimal_hand[len(state.players)]


def storage_limit(state: State) -> int:
    return catalogue().storage_limit[len(state.players)]


def satisfied_values(state: State) -> list[int]:
    cat = catalogue()
    return [sum(cat.animals[c].value for c in row) for row in state.satisfied]


def _end(out: Outcome, won: bool, reason: str) -> None:
    out.emit(GameEnded(won, reason, out.state.score))
    raise _Over


def _check_win(out: Outcome) -> None:
    s = out.state
    cat = catalogue()
    # "At any time during the game, all the 12 clouds are on the mushrooms."
    if s.mushrooms == cat.clouds:
        _end(out, True, "mushrooms")
    # "5 satisfied guests are collected from each of the 8 species."
    if all(v >= s.options.satisfied_needed for v in satisfied_values(s)):
        _end(out, True, "satisfied")


def _cloud_on_guest(out: Outcome, table: int, reason: str, cause: str, about: str = "") -> None:
    """One cloud from the mushrooms onto the guest (a third goes to a star instead)."""
    s = out.state
    cat = catalogue()
    if s.mushrooms == 0:
        # "The restaurant descends into chaos if ... no more left on the mushrooms and even more
        # would be needed."
        _end(out, False, "chaos")
    if s.tables[table].clouds >= 2:
        if s.stars >= cat.stars:
            # "The restaurant goes bankrupt if all the stars are already covered"
            _end(out, False, "bankrupt")
        out.emit(CloudMoved(table, MUSHROOMS, STARS, reason + " (a third cloud goes on a star)", cause, about))
    else:
        out.emit(CloudMoved(table, MUSHROOMS, GUEST, reason, cause, about))


def _cloud_off_guest(out: Outcome, table: int, reason: str, cause: str, about: str = "") -> None:
    if out.state.tables[table].clouds > 0:
        out.emit(CloudMoved(table, GUEST, MUSHROOMS, reason, cause, about))
        _check_win(out)


def _touch(out: Outcome, table: int, net: int, reason: str, cause: str, about: str = "") -> None:
    """Apply the netted predator/prey (+1) and same-species (-1) effects on a guest."""
    if net > 0:
        if out.state.options.ignore_eating_clouds and out.state.tables[table].eating:
            return  # "Players may ignore placing a cloud token on guests who are already eating"
        for _ in range(net):
            _cloud_on_guest(out, table, reason, cause, about)
    for _ in range(-net):
        _cloud_off_guest(out, table, reason, cause, about)


def _effect(cards: Sequence[str], guest: str) -> int:
    cat = catalogue()
    g = cat.animals[guest].species
    return sum(cat.relation(cat.animals[c].species, g) for c in cards)


def _seat_guest(out: Outcome, seat: int, table: int, card: str, free: bool) -> None:
    out.emit(GuestSeated(table, seat, card, free, bell=SEATED_WITH_BELL))
    cat = catalogue()
    # "The predator-prey relationship must be checked for each neighbor of the newly seated guests"
    for nb in cat.neighbours(table):
        guest = out.state.tables[nb].guest
        if guest is not None:
            _touch(out, nb, _effect((card,), guest), f"{card} was seated next to it", "neighbour", card)


def _fits(state: State, table: int, card: str) -> bool:
    return catalogue().animals[card].value <= catalogue().chairs[table]


def _seatable(state: State, seat: int, table: int) -> list[str]:
    """Distinct cards of `seat` that fit `table`, if the seat may give a card at all."""
    if len(state.hands[seat]) <= min_hand(state):
        return []
    return sorted({c for c in state.hands[seat] if _fits(state, table, c)})


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    opts = parse_options(options)
    players = seat_players(players, "Forestaurant", 1, 5)
    return State(players=players, options=opts)


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    cat = catalogue()
    stars = state.options.stars_covered
    return [GameStarted(players=state.players, options=state.options.as_dict(),
                        difficulty=state.options.difficulty, first=FIRST_PLAYER,
                        mushrooms=cat.clouds - stars, stars=stars)]


# ---- chance ----------------------------------------------------------------------------------

def _pile_cards(state: State, deck: str) -> tuple[str, ...]:
    if deck == "animals":
        return state.animal_discard
    if deck == "menus":
        return state.menu_discard
    return state.pile_discards[pile_index(deck)]


def chance(state: State) -> ChanceNode | None:
    cat = catalogue()
    if state.phase == SHUFFLING:
        for i, deck in enumerate(DECKS):
            if state.shuffles[i] == 0:
                cards = {"animals": cat.animal_deck, "menus": cat.menu_deck}.get(deck) or cat.piles[deck]
                return ChanceNode(deck=deck, k=0, cards=tuple(cards))
        return None
    if state.pending is not None and state.phase != OVER:
        deck = {"turn_draw": "animals", "end_draw": "animals", "order": "menus"}.get(
            state.pending.kind) or state.pending.pile
        i = DECKS.index(deck)
        return ChanceNode(deck=deck, k=state.shuffles[i], cards=tuple(sorted(_pile_cards(state, deck))))
    return None


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle")
    order = node.order_of(order)

    def step(out: Outcome) -> None:
        pending = state.pending if state.phase != SHUFFLING else None
        kept = min(SECOND_DECK, len(order)) if (node.deck == "animals" and node.k > 0) else len(order)
        out.emit(DeckShuffled(node.deck, node.k, order, kept))
        if state.phase == SHUFFLING:
            if chance(out.state) is None:
                _deal(out)
            return
        _continue(out, pending)

    return _run(state, step)


def _deal(out: Outcome) -> None:
    cat = catalogue()
    s = out.state
    out.emit(EarlyBirdSeated(MIDDLE_TABLE, s.animal_deck[0], EARLY_BIRD_BELL))
    n = len(s.players)
    size = cat.starting_hand[n]
    deck = out.state.animal_deck
    hands = [[] for _ in range(n)]
    for i, card in enumerate(deck[:size * n]):
        hands[i % n].append(card)  # one card at a time, round the table
    out.emit(HandsDealt(tuple(cat.sort_animals(h) for h in hands)))
    _start_turn(out, s.active)


def _continue(out: Outcome, pending: Pending) -> None:
    if pending.kind == "turn_draw":
        _start_turn(out, pending.seat)
    elif pending.kind == "end_draw":
        _draw_end(out, pending.seat, pending.remaining)
    elif pending.kind == "order":
        if _draw_menus(out, pending.table, pending.seat):
            _after_action(out)
    elif pending.kind == "purchase":
        if _draw_ingredients(out, pending.seat, pending.pile, pending.remaining):
            _after_action(out)


# ---- the turn --------------------------------------------------------------------------------

def _animals_ran_out(out: Outcome, pending: Pending) -> None:
    """The animal deck is empty and a card must be drawn."""
    if out.state.shuffles[0] >= 2 or not out.state.animal_discard:
        # "If the new deck runs out too and you should draw more cards, you lose the game."
        _end(out, False, "time")
    out.emit(PileRanOut("animals", pending))


def _start_turn(out: Outcome, seat: int) -> None:
    """"The active player first draws a card from the animal deck. The value of the card marks
    the three tables where events take place.\""""
    s = out.state
    if not s.animal_deck:
        _animals_ran_out(out, Pending("turn_draw", seat))
        return
    card = s.animal_deck[0]
    out.emit(CardsDrawn(seat, (card,), "turn"))
    value = catalogue().animals[card].value
    out.emit(TurnStarted(seat, s.turn + 1, value, catalogue().lines[value]))


def _after_events(out: Outcome) -> None:
    s = out.state
    if len(s.hands[s.active]) > min_hand(s):
        out.emit(PhaseChanged(ACTIONS))
    else:
        _end_actions(out)


def _after_action(out: Outcome) -> None:
    s = out.state
    if len(s.hands[s.active]) <= min_hand(s):
        _end_actions(out)


def _end_actions(out: Outcome) -> None:
    s = out.state
    if len(s.storage[s.active]) > storage_limit(s):
        out.emit(PhaseChanged(DISCARD))
    else:
        _end_turn(out)


def _end_turn(out: Outcome) -> None:
    s = out.state
    # "the player draws as many animal cards as the highest number visible on the mushrooms"
    _draw_end(out, s.active, catalogue().draw_number(s.mushrooms))


def _draw_end(out: Outcome, seat: int, n: int) -> None:
    s = out.state
    take = s.animal_deck[:n]
    if take:
        out.emit(CardsDrawn(seat, take, "end"))
    if len(take) < n:
        _animals_ran_out(out, Pending("end_draw", seat, remaining=n - len(take)))
        return
    _start_turn(out, (seat + 1) % len(s.players))


def _draw_menus(out: Outcome, table: int, seat: int) -> bool:
    """Draw face-up menus until the first of the guest's species; False if the deck ran out."""
    cat = catalogue()
    s = out.state
    species = cat.animals[s.tables[table].guest].species
    drawn = []
    for m in s.menu_deck:
        drawn.append(m)
        if cat.menus[m].species == species:
            break
    if drawn:
        out.emit(MenusDrawn(table, tuple(drawn)))
    if drawn and cat.menus[drawn[-1]].species == species:
        aside = out.state.menus_aside
        out.emit(OrderTaken(table, drawn[-1], tuple(m for m in aside[:-1])))
        return True
    # "If the menu deck runs out during the action, shuffle the discard pile to form a new deck
    # and continue drawing."
    out.emit(PileRanOut("menus", Pending("order", seat, table=table)))
    return False


def _draw_ingredients(out: Outcome, seat: int, pile: str, n: int) -> bool:
    s = out.state
    i = pile_index(pile)
    take = s.piles[i][:n]
    if take:
        out.emit(IngredientsDrawn(seat, pile, take))
    if len(take) < n and s.pile_discards[i]:
        # "If a pile runs out before you can draw enough ingredients, shuffle the discarded
        # ingredients of that type to create a new pile and continue drawing."
        out.emit(PileRanOut(pile, Pending("purchase", seat, pile=pile, remaining=n - len(take))))
        return False
    # CHOICE (rulebook silent): with the pile and its discards both empty the purchase stops
    # short: the tokens are all in players' storage.
    return True


# ---- moves -----------------------------------------------------------------------------------

def _cards(move: Mapping[str, Any], name: str) -> tuple[str, ...]:
    v = move.get(name)
    if v is None:
        return ()
    if isinstance(v, str) or not all(isinstance(x, str) for x in v):
        raise IllegalMove(f"'{name}' must be a list of ids", key="not-a-list", field=name)
    return tuple(v)


def _str(move: Mapping[str, Any], name: str) -> str:
    v = move.get(name)
    if not isinstance(v, str):
        raise IllegalMove(f"this move needs '{name}' (an id)", key="needs-id", field=name)
    return v


def _int(move: Mapping[str, Any], name: str) -> int:
    v = move.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 9:
        raise IllegalMove(f"'{name}' must name one of the nine tables (0 to 8 in a move, tables 1 to 9 "
                          f"on the board)", key="not-a-table", field=name)
    return v


def _holds(multiset: Sequence[str], items: Sequence[str]) -> bool:
    return not (Counter(items) - Counter(multiset))


# what only the active player does, in words (the refusals' `action`, a selector in the texts)
ACTION_WORDS = {"resolve": "resolve the events", "seat": "seat guests", "order": "take orders",
                "purchase": "purchase ingredients", "cook": "cook", "propose": "propose a meal",
                "commit": "commit the meal", "withdraw": "withdraw the meal",
                "discard": "discard ingredients"}


def _need_active(state: State, seat: int, phase: str, action: str) -> None:
    words = ACTION_WORDS[action]
    if seat != state.active:
        player = state.players[state.active]
        raise NotYourTurn(f"it is {player}'s turn: only the active player may {words}",
                          key="not-active", player=player, action=action)
    if state.phase != phase:
        raise IllegalMove(f"you cannot {words} now: the game is in the {state.phase} phase",
                          key="wrong-phase", action=action, phase=state.phase)


def _need_action(state: State, seat: int, action: str) -> None:
    _need_active(state, seat, ACTIONS, action)
    if len(state.hands[seat]) <= min_hand(state):
        raise IllegalMove(f"your hand is at the minimal hand size ({min_hand(state)}): no more actions",
                          key="no-more-actions", size=min_hand(state))


def _need_company(state: State, action: str) -> None:
    """Cooking together needs someone to cook with: "he can ask the others for help"."""
    if len(state.players) < 2:
        raise IllegalMove(f"you play alone: nobody can help you cook, so you cannot "
                          f"{ACTION_WORDS[action]} (cook alone instead)", key="cooking-alone", action=action)


def _resolve_event(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, EVENTS, "resolve")
    table = _int(move, "table")
    if table not in state.events_left:
        left = [table_number(t) for t in state.events_left]
        raise IllegalMove(f"table {table_number(table)} has no event left this turn (events on tables "
                          f"{', '.join(map(str, left))})", key="no-event-left", table=table_number(table),
                          tables=left)
    card = move.get("card")
    t = state.tables[table]
    status = t.status

    def step(out: Outcome) -> None:
        if status == "empty":
            fits = _seatable(state, seat, table)
            if fits:
                if card is None:
                    raise IllegalMove(f"guests sit down at empty table {table_number(table)}: seat one of "
                                      f"{', '.join(fits)}", key="must-seat", table=table_number(table), cards=fits)
                if card not in state.hands[seat]:
                    raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
                if card not in fits:
                    raise IllegalMove(f"{card} does not fit table {table_number(table)}: it has "
                                      f"{catalogue().chairs[table]} chairs", key="too-few-chairs",
                                      card=card, table=table_number(table), chairs=catalogue().chairs[table])
                _seat_guest(out, seat, table, card, free=False)
            else:
                if card is not None:
                    raise IllegalMove("no card can be seated here (no card fits, or your hand is at "
                                      "the minimal size): the seating is skipped", key="seating-skipped",
                                      table=table_number(table))
                out.emit(SeatingSkipped(table, seat))
        else:
            if card is not None:
                raise IllegalMove(f"table {table_number(table)} is not empty: its event needs no card",
                                  key="event-needs-no-card", table=table_number(table))
            if status == "seated":
                # "The guests have decided what to eat so they are calling a waiter to take their
                # order. Place a bell token on the animal card."
                out.emit(BellPlaced(table))
            elif status in ("bell", "menu"):
                why = "nobody has taken their order yet" if status != "menu" else "nobody has served their meal yet"
                _cloud_on_guest(out, table, f"guests lose patience: {why}",
                                "patience-order" if status == "bell" else "patience-meal")
            else:
                _leave(out, table)
        out.emit(EventResolved(table))
        if not out.state.events_left:
            _after_events(out)

    return _run(state, step)


def _leave(out: Outcome, table: int) -> None:
    """The eating guests leave; feedback depends on their clouds."""
    cat = catalogue()
    s = out.state
    t = s.tables[table]
    animal = cat.animals[t.guest]
    sp = cat.species.index(animal.species)
    if t.clouds >= 2:
        if s.stars >= cat.stars:
            _end(out, False, "bankrupt")
        out.emit(CloudMoved(table, GUEST, STARS, "unsatisfied guests leave", "unsatisfied"))
        out.emit(CloudMoved(table, GUEST, MUSHROOMS, "unsatisfied guests leave", "unsatisfied"))
        out.emit(GuestLeft(table, t.guest, "unsatisfied", t.menu))
        _check_win(out)
        return
    before = satisfied_values(s)[sp]
    steps = (before + animal.value) // cat.step - before // cat.step
    if t.clouds == 1:
        if steps:
            # "When its cloud would go on a star but the next 5-level is reached at the same time,
            # these effects eliminate each other and the cloud goes directly back on the mushrooms."
            steps -= 1
            out.emit(CloudMoved(table, GUEST, MUSHROOMS, "semi-satisfied guests meet a 5-step", "semi-step",
                                animal.species))
        else:
            if s.stars >= cat.stars:
                _end(out, False, "bankrupt")
            out.emit(CloudMoved(table, GUEST, STARS, "semi-satisfied guests leave", "semi-satisfied"))
        out.emit(GuestLeft(table, t.guest, "semi-satisfied", t.menu))
    else:
        out.emit(GuestLeft(table, t.guest, "satisfied", t.menu))
    for _ in range(steps):
        # "Whenever you reach a sum of 5, 10, 15, etc. from a species, place 1 cloud from a star
        # back on the mushrooms"
        if out.state.stars > 0:
            out.emit(CloudMoved(-1, STARS, MUSHROOMS, f"{animal.species}: a new 5-step of satisfied guests",
                                "step", animal.species))
    _check_win(out)


def _free_seat(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "seat")
    table, card = _int(move, "table"), _str(move, "card")
    if state.tables[table].guest is not None:
        raise IllegalMove(f"free seating needs an empty table; table {table_number(table)} is taken",
                          key="table-taken", table=table_number(table))
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    if not _fits(state, table, card):
        raise IllegalMove(f"{card} does not fit table {table_number(table)}: it has {catalogue().chairs[table]} "
                          f"chairs", key="too-few-chairs", card=card, table=table_number(table),
                          chairs=catalogue().chairs[table])

    def step(out: Outcome) -> None:
        _seat_guest(out, seat, table, card, free=True)
        _after_action(out)

    return _run(state, step)


def _menu_available(state: State, species: str) -> bool:
    cat = catalogue()
    return any(cat.menus[m].species == species for m in state.menu_deck + state.menu_discard)


def _take_order(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "order")
    table, card = _int(move, "table"), _str(move, "card")
    t = state.tables[table]
    if t.status != "bell":
        raise IllegalMove(f"taking an order needs a guest with a bell; table {table_number(table)} is {t.status}",
                          key="needs-bell", table=table_number(table), status=t.status)
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    species = catalogue().animals[t.guest].species
    if not _menu_available(state, species):
        raise IllegalMove(f"no {species} menu is left in the menu deck or its discard pile",
                          key="no-menu-left", species=species)

    def step(out: Outcome) -> None:
        out.emit(CardPaid(seat, card, "order"))
        _touch(out, table, _effect((card,), t.guest), f"{card} took the order", "order", card)
        if _draw_menus(out, table, seat):
            _after_action(out)

    return _run(state, step)


def _purchase(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "purchase")
    card = _str(move, "card")
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    cat = catalogue()
    animal = cat.animals[card]
    pile = cat.pile_of_class[animal.cls]

    def step(out: Outcome) -> None:
        out.emit(CardPaid(seat, card, "purchase"))
        if _draw_ingredients(out, seat, pile, animal.value):
            _after_action(out)

    return _run(state, step)


def _check_part(state: State, seat: int, table: int, cards: tuple[str, ...],
                ingredients: tuple[str, ...], helper: bool) -> None:
    cat = catalogue()
    if not _holds(state.hands[seat], cards):
        raise IllegalMove(f"you do not hold all of {', '.join(cards)}", key="not-all-held", cards=list(cards))
    if not _holds(state.storage[seat], ingredients):
        raise IllegalMove(f"you do not store all of {', '.join(ingredients)}", key="not-all-stored",
                          tokens=list(ingredients))
    if len(state.hands[seat]) - len(cards) < min_hand(state):
        raise IllegalMove(f"nobody may discard below the minimal hand size ({min_hand(state)})",
                          key="below-minimal-hand", size=min_hand(state))
    required = cat.menus[state.tables[table].menu].ingredients
    for tok in ingredients:
        if tok not in required:
            raise IllegalMove(f"the menu asks for {required[0]} and {required[1]}, not {tok}",
                              key="not-on-menu", first=required[0], second=required[1], token=tok)
    if len(set(ingredients)) != len(ingredients):
        raise IllegalMove("the meal takes one of each required ingredient", key="one-of-each")
    if helper and len(cards) < len(ingredients):
        raise IllegalMove("a helper who gives ingredients gives at least as many animal cards",
                          key="helper-cards")


def _check_meal(state: State, table: int, parts: Sequence[Contribution]) -> None:
    cat = catalogue()
    t = state.tables[table]
    required = cat.menus[t.menu].ingredients
    given = Counter(tok for p in parts for tok in p.ingredients)
    if given != Counter(required):
        raise IllegalMove(f"cooking takes exactly one {required[0]} and one {required[1]} "
                          f"(given: {', '.join(sorted(given.elements())) or 'none'})", key="meal-ingredients",
                          first=required[0], second=required[1], tokens=sorted(given.elements()),
                          count=sum(given.values()))
    total = sum(cat.animals[c].value for p in parts for c in p.cards)
    value = cat.animals[t.guest].value
    if total < value:
        raise IllegalMove(f"the discarded cards add up to {total}, less than the guest's value {value}",
                          key="meal-value", total=total, value=value)
    if not parts[0].cards:
        raise IllegalMove("the active player must discard at least one card during cooking",
                          key="active-gives-card")


def _cook_table(state: State, table: int) -> None:
    t = state.tables[table]
    if t.status != "menu":
        raise IllegalMove(f"cooking needs a guest with a face-up menu; table {table_number(table)} is "
                          f"{t.status}", key="needs-menu", table=table_number(table), status=t.status)


def _cook_effects(out: Outcome, table: int, parts: Sequence[Contribution]) -> None:
    guest = out.state.tables[table].guest
    cards = [c for p in parts for c in p.cards]
    out.emit(MealCooked(table, tuple(parts)))
    # "Their effects can add up or eliminate each other. Only add or remove the final result"
    _touch(out, table, _effect(cards, guest), "the cooks' cards", "cooking")
    _after_action(out)


def _cook(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "cook")
    table = _int(move, "table")
    _cook_table(state, table)
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    _check_part(state, seat, table, cards, ingredients, helper=False)
    parts = (Contribution(seat, cards, ingredients),)
    _check_meal(state, table, parts)
    return _run(state, lambda out: _cook_effects(out, table, parts))


def _propose(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_company(state, "propose")
    _need_action(state, seat, "propose")
    table = _int(move, "table")
    _cook_table(state, table)
    if table in state.withdrawn:
        # issue 31: otherwise propose, decline, withdraw could repeat without end in one turn
        raise IllegalMove(f"you withdrew the meal at table {table_number(table)} this turn: it cannot be "
                          f"proposed again before your next turn (you may still cook it alone)",
                          key="withdrawn-this-turn", table=table_number(table))
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    if not cards:
        raise IllegalMove("the active player must discard at least one card during cooking",
                          key="active-gives-card")
    _check_part(state, seat, table, cards, ingredients, helper=False)
    return [CookProposed(seat, table, cards, ingredients)]


def helpers(state: State) -> list[int]:
    """Seats that may still answer the open proposal (they hold a card above the minimal hand)."""
    p = state.proposal
    if state.phase != COOKING or p is None:
        return []
    return [s for s in state.seats if s != state.active and s not in p.answered
            and len(state.hands[s]) > min_hand(state)]


def _need_helper(state: State, seat: int) -> None:
    """`seat` may still answer the open proposal."""
    if state.phase != COOKING:
        raise IllegalMove("no meal is proposed: help is offered while a proposal is open", key="no-proposal")
    if seat == state.active:
        raise IllegalMove("you proposed the meal: commit it or withdraw it", key="own-proposal")
    if seat in state.proposal.answered:
        raise IllegalMove("you already answered this proposal", key="already-answered")
    if seat not in helpers(state):
        raise IllegalMove(f"your hand is at the minimal hand size ({min_hand(state)}): you cannot help",
                          key="cannot-help", size=min_hand(state))


def _offer(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_helper(state, seat)
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    if not cards:
        raise IllegalMove("an offer gives at least one animal card (to give nothing, decline)",
                          key="offer-needs-card")
    _check_part(state, seat, state.proposal.table, cards, ingredients, helper=True)
    return [HelpOffered(seat, cards, ingredients)]


def _decline(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_helper(state, seat)
    return [HelpDeclined(seat)]


def _commit(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, COOKING, "commit")
    p = state.proposal
    accept = _cards(move, "accept")
    offers = {state.players[o.seat]: o for o in p.offers}
    for name in accept:
        if name not in offers:
            raise IllegalMove(f"{name} has made no offer to accept", key="no-such-offer", player=name)
    if len(set(accept)) != len(accept):
        raise IllegalMove("each offer is accepted once", key="accepted-twice")
    parts = [Contribution(seat, p.cards, p.ingredients)] + [offers[n] for n in accept]
    parts = [parts[0]] + sorted(parts[1:], key=lambda c: c.seat)
    _check_meal(state, p.table, parts)
    return _run(state, lambda out: _cook_effects(out, p.table, parts))


def _withdraw(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_company(state, "withdraw")
    _need_active(state, seat, COOKING, "withdraw")
    return [CookWithdrawn(seat)]


def _discard(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, DISCARD, "discard")
    token = _str(move, "token")
    if token not in state.storage[seat]:
        raise IllegalMove(f"you do not store {token}", key="not-stored", token=token)

    def step(out: Outcome) -> None:
        out.emit(IngredientDiscarded(seat, token))
        if len(out.state.storage[seat]) <= storage_limit(state):
            _end_turn(out)

    return _run(state, step)


MOVES = {"resolve_event": _resolve_event, "seat": _free_seat, "take_order": _take_order,
         "purchase": _purchase, "cook": _cook, "propose_cook": _propose, "offer_help": _offer,
         "decline_help": _decline, "commit_cook": _commit, "withdraw_cook": _withdraw,
         "discard_ingredient": _discard}


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if state.phase in (SETUP, SHUFFLING) or state.pending is not None:
        raise NotYourTurn("the game waits for a shuffle", key="waits-for-shuffle")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn("you are not seated at this game", key="not-seated")
    kind = move.get("type")
    if kind not in MOVES:
        raise IllegalMove(f"unknown move {quote(kind)}", key="unknown-move", move=quote(kind))
    for name in ("card", "token"):
        if move.get(name) is not None and not isinstance(move[name], str):
            raise IllegalMove(f"'{name}' must be an id", key="needs-id", field=name)
    return MOVES[kind](state, seat, move)


# ---- who acts, what they may do --------------------------------------------------------------

def is_terminal(state: State) -> bool:
    return state.phase == OVER


def to_act(state: State) -> frozenset[int]:
    if state.phase in (EVENTS, ACTIONS, DISCARD) and state.pending is None:
        return frozenset({state.active})
    if state.phase == COOKING:
        return frozenset({state.active, *helpers(state)})
    return frozenset()


def _distinct(cards) -> list[str]:
    return sorted(set(cards))


def cook_sets(hand: Sequence[str], value: int, spare: int, species: str | None = None) -> list[tuple[str, ...]]:
    """The canonical card sets reaching `value` from `hand`, at most `spare` cards each; with
    `species`, each set also once more with every spare card of the guest's species added."""
    cat = catalogue()
    val = {c: cat.animals[c].value for c in hand}
    out: list[tuple[str, ...]] = []
    if spare < 1:
        return out
    singles = [c for c in _distinct(hand) if val[c] >= value]
    out += [(c,) for c in singles]
    if spare >= 2:
        small = sorted(c for c in hand if val[c] < value)
        pairs = {tuple(sorted(p)) for p in combinations(small, 2) if val[p[0]] + val[p[1]] >= value}
        out += sorted(pairs)
    if not out:
        chosen, total = [], 0
        for c in sorted(hand, key=lambda c: -val[c]):
            if total >= value or len(chosen) >= spare:
                break
            chosen.append(c)
            total += val[c]
        if total >= value:
            out.append(tuple(sorted(chosen)))
    if species is not None:
        for base in list(out):
            rest = Counter(hand) - Counter(base)
            same = [c for c in sorted(rest.elements()) if cat.animals[c].species == species]
            extra = tuple(sorted(base + tuple(same[:spare - len(base)])))
            if len(extra) > len(base) and extra not in out:
                out.append(extra)
    return out


def _ingredient_subsets(storage: Sequence[str], required: Sequence[str]) -> list[tuple[str, ...]]:
    held = [k for k in required if k in storage]
    subsets = [()]
    for r in (1, 2):
        subsets += [tuple(c) for c in combinations(held, r)]
    return subsets


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    cat = catalogue()
    hand = state.hands[seat]
    moves: list[dict[str, Any]] = []
    if state.phase == EVENTS:
        for t in state.events_left:
            fits = _seatable(state, seat, t) if state.tables[t].status == "empty" else []
            if fits:
                moves += [{"type": "resolve_event", "table": t, "card": c} for c in fits]
            else:
                moves.append({"type": "resolve_event", "table": t})
        return moves
    if state.phase == DISCARD:
        return [{"type": "discard_ingredient", "token": k} for k in _distinct(state.storage[seat])]
    spare = len(hand) - min_hand(state)
    if state.phase == ACTIONS:
        for t, tab in enumerate(state.tables):
            if tab.status == "empty":
                moves += [{"type": "seat", "table": t, "card": c} for c in _seatable(state, seat, t)]
            elif tab.status == "bell" and _menu_available(state, cat.animals[tab.guest].species):
                moves += [{"type": "take_order", "table": t, "card": c} for c in _distinct(hand)]
            elif tab.status == "menu":
                required = cat.menus[tab.menu].ingredients
                if all(k in state.storage[seat] for k in required):
                    guest = cat.animals[tab.guest]
                    for cs in cook_sets(hand, guest.value, spare, guest.species):
                        moves.append({"type": "cook", "table": t, "cards": list(cs),
                                      "ingredients": list(required)})
                if len(state.players) > 1 and t not in state.withdrawn:
                    ing = [k for k in required if k in state.storage[seat]]
                    for c in _distinct(hand):
                        moves.append({"type": "propose_cook", "table": t, "cards": [c],
                                      "ingredients": ing})
        moves += [{"type": "purchase", "card": c} for c in _distinct(hand)]
        return moves
    if state.phase == COOKING:
        p = state.proposal
        if seat == state.active:
            names = [state.players[o.seat] for o in p.offers]
            for r in range(len(names) + 1):
                for acc in combinations(names, r):
                    try:
                        parts = [Contribution(seat, p.cards, p.ingredients)] + [
                            o for o in p.offers if state.players[o.seat] in acc]
                        _check_meal(state, p.table, parts)
                    except IllegalMove:
                        continue
                    moves.append({"type": "commit_cook", "accept": list(acc)})
            moves.append({"type": "withdraw_cook"})
            return moves
        required = cat.menus[state.tables[p.table].menu].ingredients
        for ing in _ingredient_subsets(state.storage[seat], required):
            if len(ing) < 2:
                moves += [{"type": "offer_help", "cards": [c], "ingredients": list(ing)} for c in _distinct(hand)]
            elif spare >= 2:
                pairs = sorted({tuple(sorted(pc)) for pc in combinations(hand, 2)})
                moves += [{"type": "offer_help", "cards": list(pc), "ingredients": list(ing)} for pc in pairs]
        moves.append({"type": "decline_help"})
        return moves
    return moves


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    n = len(state.players)
    return GameResult(players=state.players, points=(state.score,) * n, placings=(1,) * n,
                      team_won=bool(state.won), difficulty=state.options.difficulty)

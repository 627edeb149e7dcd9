"""Every rule of play: which moves are legal and what events they cause.

After every move and every shuffle, `_advance` plays every step nobody chooses (revealing
Battlefields, dealing, passing packets, revealing plates and troops, scoring Servings and
Meals) until a player must act or a shuffle is needed.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from shared.moves import quote
from shared.rules import (
    ChanceNode,
    GameResult,
    IllegalMove,
    InvalidSetup,
    NotYourTurn,
    Outcome,
    seat_players,
)

from .cards import DOG, MEALS, Card, catalogue
from .events import (
    ArmyPlated,
    AutoPassChosen,
    BattlefieldDrawn,
    BattlefieldsReturned,
    BattlefieldsRevealed,
    CardPicked,
    CardsDealt,
    CardsDiscarded,
    DayEnded,
    DeckShuffled,
    DogDrawn,
    DraftCompleted,
    GameEnded,
    GameStarted,
    InstantPlayed,
    MealStarted,
    MealTied,
    MealWon,
    PacketsPassed,
    Passed,
    PlatesRevealed,
    ServingRevealed,
    ServingScored,
    ShuffleRequested,
)
from .options import parse_options
from .state import (
    DAWN,
    DEALING,
    DRAFT,
    FIGHT,
    OVER,
    PLATING,
    SETUP,
    TIEBREAK,
    Reveal,
    State,
    evolve,
)
from .state import MEALS as BETWEEN_MEALS
from .yum import current_troops, dog_value, is_native, serving_value

HAND_SIZE = 9  # "Deal nine cards to each player"
ARMY_MAX = 5  # "An Army consists of up to five food troops"
SERVINGS = 5  # "there are five Servings in a Meal"
LONE_NEEDS = 3  # "If you don't beat The Dog three out of five times"
MOVE_TYPES = ("pick", "plate", "instant", "discard", "pass", "auto_pass")


def card(cid: str) -> Card:
    return catalogue().cards[cid]


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    players = seat_players(players, "Food Fight", 2, 6)
    if DOG in players:
        raise InvalidSetup(f"{DOG!r} is The Dog's name; choose another", key="dog-name", name=DOG)
    return State(players=players, options=parse_options(options))


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    out = Outcome(state, evolve)
    out.emit(GameStarted(players=state.players, options=state.options.as_dict()))
    cat = catalogue()
    # "Shuffle The Dog deck and set it aside. Shuffle the Battlefield deck ... Shuffle all other
    # cards into one Main deck." These three card lists are the catalogue's, known to everyone,
    # so they are shuffled as they are (the deck service logs a hash of every card list it
    # shuffles; see `army_slots` for the decks whose cards are secret).
    out.emit(ShuffleRequested("dog", cat.dog))
    out.emit(ShuffleRequested("battlefields", cat.battlefields))
    out.emit(ShuffleRequested("main", cat.main))
    return out.events


# ---- chance ----------------------------------------------------------------------------------

# The deck service logs SHA-256 of every card list it shuffles in a transparency log anyone may
# read during the game (docs/shuffle-spec.md section 7). A list that holds secret cards would
# give them away: an Army is at most five troops of a few dozen kinds, so its hash is found by
# trying them all. Such decks are shuffled as positions ("army-slot-2" is the plate's second
# troop) that say nothing about the cards, and `resolve_chance` puts the cards in the shuffled
# order of their positions, from what the state keeps privately.
ARMY_SLOT = "army-slot-"
DISCARD_SLOT = "discard-slot-"


def army_slots(size: int) -> tuple[str, ...]:
    """The positions an Army of `size` troops is shuffled as. The size is no secret: the Army
    is shuffled when its Meal starts, after PlatesRevealed has shown every plate's size."""
    return tuple(f"{ARMY_SLOT}{i}" for i in range(1, size + 1))


def discard_slots(count: int) -> tuple[str, ...]:
    """The positions a reshuffle of the Main deck's `count` discards is shuffled as. The discard
    pile is not public: at the end of a Day the cards left in every hand go there unseen, so its
    card list would tell which cards those hands held and, with the catalogue, which cards are
    still in the Main deck (the next deal). Its size is public (every view's `decks`). The
    numbers have leading zeros so that the positions' canonical (sorted) order is 1, 2, 3 ..."""
    width = len(str(len(catalogue().main)))
    return tuple(f"{DISCARD_SLOT}{i:0{width}d}" for i in range(1, count + 1))


def _hidden_cards(state: State, deck: str) -> tuple[str, ...] | None:
    """The cards a shuffle of positions of `deck` orders (position i is the i-th of them), or
    None when the deck's own cards are shuffled. Deterministic from the state, so a replay
    puts the cards in the same order as the live game did."""
    if deck.startswith("army-"):
        # the plate's troops in the order the plate stored them (the order of the move)
        return state.plates[state.players.index(deck[len("army-"):])].troops
    if deck == "main" and state.shuffle_count("main") > 0:  # a reshuffle of the discards
        return tuple(sorted(state.discard))
    return None


def _position(token: str) -> int:
    return int(token.rsplit("-", 1)[1]) - 1


def chance(state: State) -> ChanceNode | None:
    if not state.pending or state.phase == OVER:
        return None
    deck, cards = state.pending[0]
    return ChanceNode(deck=deck, k=state.shuffle_count(deck), cards=tuple(cards))


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle")
    order = node.order_of(order)
    hidden = _hidden_cards(state, node.deck)
    out = Outcome(state, evolve)
    if hidden is None:
        out.emit(DeckShuffled(node.deck, node.k, order))
    else:
        out.emit(DeckShuffled(node.deck, node.k, tuple(hidden[_position(t)] for t in order),
                              positions=order))
    _advance(out)
    return out.events


# ---- the steps nobody chooses ----------------------------------------------------------------

def battlefields_per_day(n: int) -> int:
    # "draw the top three VP cards ... In two- or three-player games, draw only two"
    return 2 if n <= 3 else 3


def day_meals(state: State) -> list[str]:
    return [m for m in MEALS if any(card(b).meal == m for b in state.day_bfs)]


def _advance(out: Outcome) -> None:
    n = len(out.state.players)
    while True:
        s = out.state
        if s.phase in (SETUP, OVER) or s.pending:
            return
        if s.phase == DAWN:
            if not s.bf_deck:
                _end(out, "the Battlefield deck is empty: no Battlefield can be revealed")
                return
            out.emit(BattlefieldsRevealed(s.day + 1, s.bf_deck[:battlefields_per_day(n)]))
        elif s.phase == DEALING:
            if len(s.main) < HAND_SIZE * n:
                # "Don't reshuffle the Main deck until it runs out of cards": the cards left are
                # dealt first (they stay on top), the discards are shuffled beneath them, as
                # positions (see `discard_slots`).
                out.emit(ShuffleRequested("main", discard_slots(len(s.discard))))
                return
            hands = tuple(s.main[HAND_SIZE * i:HAND_SIZE * (i + 1)] for i in range(n))
            out.emit(CardsDealt(s.day, hands, draft=not s.options.boot_camp))
        elif s.phase == DRAFT:
            if not all(s.picked):
                return
            if not any(s.packets):
                out.emit(DraftCompleted(s.day))
                continue
            # "Alternate passing cards left and right each Day": left (clockwise) on odd Days
            out.emit(PacketsPassed(1 if s.day % 2 == 1 else -1))
            if all(len(p) == 1 for p in out.state.packets):
                for seat in s.seats:  # the last card of a packet leaves no choice
                    out.emit(CardPicked(seat, out.state.packets[seat][0], auto=True))
        elif s.phase == PLATING:
            if any(p is None for p in s.plates):
                return
            out.emit(PlatesRevealed(tuple(p.meal for p in s.plates),
                                    tuple(len(p.troops) for p in s.plates),
                                    tuple(p.mascots for p in s.plates)))
        elif s.phase == BETWEEN_MEALS:
            _next_meal(out)
        elif s.phase == FIGHT:
            if s.round_open:
                if _auto_passes(out):
                    continue
                return
            if s.serving < SERVINGS:
                _reveal_serving(out)
            else:
                _finish_meal(out)
                if out.state.phase == OVER:
                    return
        elif s.phase == TIEBREAK:
            drawn = s.dog_deck[s.dog_top:s.dog_top + len(s.tied)]
            best = max(range(len(drawn)), key=lambda i: card(drawn[i]).yumminess)
            winner = s.tied[best]
            out.emit(DogDrawn(s.tied, drawn, winner))
            _award(out, winner, f"{s.players[winner]} drew the high card from The Dog deck")
            if out.state.phase == OVER:
                return
        else:  # pragma: no cover
            raise AssertionError(s.phase)


def _next_meal(out: Outcome) -> None:
    s = out.state
    for meal in MEALS:
        if meal in s.meals_done:
            continue
        bfs = tuple(b for b in s.day_bfs if card(b).meal == meal)
        if not bfs:
            continue  # "Any Meals that didn't get a Battlefield card this Day are not fought over."
        # "In order to fight at a Meal ... you must have an Army of food": a plate on no troop
        # does not fight (it takes no chip, breaks no tie and leaves a lone Army to The Dog)
        fighters = tuple(seat for seat in s.seats
                         if s.plates[seat] is not None and s.plates[seat].meal == meal
                         and s.plates[seat].troops)
        if not fighters:
            # "If no players choose to fight at a Meal that had Battlefield cards, put those
            # Battlefield cards on the bottom of the Battlefield deck."
            out.emit(BattlefieldsReturned(meal, bfs))
            return
        lone = len(fighters) == 1
        summoned = any(card(m).power.kind == "summon_dog" for f in fighters
                       for m in s.plates[f].mascots)
        out.emit(MealStarted(meal, bfs, fighters, dog=lone or summoned, lone=lone))
        for f in fighters:  # "Those players ... shuffle up their troops": as positions,
            # never the troops themselves (see `army_slots`)
            out.emit(ShuffleRequested(f"army-{s.players[f]}", army_slots(len(s.plates[f].troops))))
        return
    out.emit(DayEnded(s.day))


def _reveal_serving(out: Outcome) -> None:
    s = out.state
    n = len(s.players)
    troops: list[tuple[str, ...]] = [()] * n
    for f in s.fighters:
        army, i = s.armies[f], s.army_next[f]
        shown: list[str] = []
        while i < len(army):
            shown.append(army[i])
            i += 1
            power = card(army[i - 1]).power
            if power is None or power.kind != "join_next":
                break  # a Spud reveals the next troop, which joins this Serving
        troops[f] = tuple(shown)
    dog_card = s.dog_deck[s.dog_top] if s.dog_in else None
    serving = s.serving + 1
    probe = evolve(s, ServingRevealed(serving, tuple(troops), dog_card, s.fighters))
    values = {f: serving_value(probe, f) or 0 for f in s.fighters}
    # "The player with the lowest Yumminess value on his current troop has the option to play an
    # Instant ... the player to his left has the next chance ... clockwise". Equal lowest: the
    # first of them in seat order starts.
    first = min(s.fighters, key=lambda f: (values[f], f))
    priority = tuple(sorted(s.fighters, key=lambda f: (f - first) % n))
    out.emit(ServingRevealed(serving, tuple(troops), dog_card, priority))


def _score_serving(out: Outcome) -> None:
    s = out.state
    names = s.players
    values = {f: v for f in s.fighters if (v := serving_value(s, f)) is not None}
    dog = dog_value(s) if s.dog_in else None
    shown = {names[f]: v for f, v in values.items()}
    if dog is not None:
        shown[DOG] = dog
    candidates = list(values.values()) + ([dog] if dog is not None else [])
    if not candidates:
        chips, reason = (), "nobody revealed a troop"
    else:
        best = max(candidates)
        top = [f for f, v in values.items() if v == best]
        if not top:
            chips, reason = (DOG,), f"The Dog's {best} is the highest"
        elif len(top) == 1:
            tie = " (The Dog loses ties)" if dog == best else ""
            chips, reason = (names[top[0]],), f"{names[top[0]]}'s {best} is the highest{tie}"
        else:
            natives = [f for f in top if is_native(s, f)]
            tied = ", ".join(names[f] for f in top)
            if len(natives) == 1:
                chips = (names[natives[0]],)
                reason = f"{tied} tie at {best}; only {names[natives[0]]}'s troop is native to {s.meal}"
            elif natives:
                chips = tuple(names[f] for f in natives)
                reason = f"{tied} tie at {best}; the native troops each take a chip"
            elif s.options.non_native_tie == "all":
                chips = tuple(names[f] for f in top)
                reason = f"{tied} tie at {best}; no troop is native: each takes a chip"
            else:
                chips = ()
                reason = f"{tied} tie at {best}; no troop is native to {s.meal}: nobody takes a chip"
    out.emit(ServingScored(s.serving, shown, chips, reason))


def _chips(s: State) -> dict[str, int]:
    chips = {s.players[f]: s.chips[f] for f in s.fighters}
    if s.dog_in:
        chips[DOG] = s.dog_chips
    return chips


def _finish_meal(out: Outcome) -> None:
    s = out.state
    names = s.players
    if s.lone:
        f = s.fighters[0]
        if s.chips[f] >= LONE_NEEDS:
            _award(out, f, f"{names[f]} beat The Dog in {s.chips[f]} Servings of {SERVINGS}")
        else:
            _award(out, None, f"{names[f]} beat The Dog in only {s.chips[f]} Servings: The Dog "
                              f"wins, the Battlefields go to the bottom of the deck")
        return
    top = max(s.chips[f] for f in s.fighters)
    if s.dog_in and s.dog_chips > top:
        _award(out, None, "The Dog has the most chips: the Battlefields go to the bottom of the deck")
        return
    leaders = tuple(f for f in s.fighters if s.chips[f] == top)
    if len(leaders) == 1:
        extra = " (The Dog loses the tie)" if s.dog_in and s.dog_chips == top else ""
        _award(out, leaders[0], f"{names[leaders[0]]} has the most chips{extra}")
        return
    out.emit(MealTied(s.meal, leaders, _chips(s)))
    out.emit(ShuffleRequested("dog", catalogue().dog))


def _award(out: Outcome, winner: int | None, reason: str) -> None:
    s = out.state
    vp = list(s.vp)
    if winner is not None:
        vp[winner] += sum(card(b).vp for b in s.stake)
    dog_used = s.dog_used
    out.emit(MealWon(s.meal, winner, s.stake, _chips(s), tuple(vp), reason))
    if winner is not None and vp[winner] >= s.options.vp_to_win:
        _end(out, f"{s.players[winner]} has {vp[winner]} VP")
        return
    if dog_used:  # "Reshuffle The Dog deck after each Meal in which he is used."
        out.emit(ShuffleRequested("dog", catalogue().dog))


def placings_of(points: Sequence[int]) -> tuple[int, ...]:
    # competition ranking: tied players share a place and the next place is skipped (1, 1, 3)
    return tuple(1 + sum(1 for q in points if q > p) for p in points)


def _end(out: Outcome, reason: str) -> None:
    vp = out.state.vp
    out.emit(GameEnded(vp, placings_of(vp), reason))


# ---- moves -----------------------------------------------------------------------------------

def _parse(move: Mapping[str, Any]) -> dict[str, Any]:
    from ..moves import MOVES
    return MOVES.check(move)


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    m = _parse(move)
    kind = m["type"]
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn(f"seat {seat!r} is not at this table", key="not-at-table", seat=str(seat)[:20])
    if state.phase == SETUP or state.pending:
        raise NotYourTurn("wait: cards are being shuffled", key="shuffling")
    if kind == "auto_pass":
        return _auto_pass(state, seat, bool(m["on"]))
    if kind == "pick":
        return _pick(state, seat, m["card"])
    if kind == "plate":
        return _plate(state, seat, m["meal"], tuple(m["troops"]), tuple(m.get("mascots") or ()))
    if state.phase != FIGHT or not state.round_open:
        raise NotYourTurn(f"a {kind} move belongs to the Instant round of a Meal, and no Instant "
                          f"round is under way", key="no-instant-round", move=kind)
    actor = state.actor
    if seat not in state.fighters:
        raise NotYourTurn(f"only the players fighting at {state.meal} take part in its Instant "
                          f"round", key="not-fighting", meal=state.meal)
    if seat != actor:
        raise NotYourTurn(f"it is {state.players[actor]}'s turn in the Instant round (lowest "
                          f"Yumminess first, then clockwise)", key="instant-round-turn",
                          player=state.players[actor])
    out = Outcome(state, evolve)
    if kind == "pass":
        _pass(out, seat, auto=False)
    elif kind == "instant":
        _instant(out, seat, m["card"], m.get("target"))
    else:
        _discard(out, seat, m["troop"], tuple(m["cards"]))
    _advance(out)
    return out.events


def _pass(out: Outcome, seat: int, auto: bool) -> None:
    out.emit(Passed(seat, auto=auto))
    if out.state.passes >= len(out.state.priority):
        # "Continue clockwise until everyone passes": everyone passed in a row
        _score_serving(out)


def can_play(state: State, seat: int) -> bool:
    """Whether `seat` has anything but a pass it may play in the Instant round now."""
    return any(m["type"] in ("instant", "discard") for m in instant_options(state, seat))


def _auto_passes(out: Outcome) -> bool:
    """The seat whose turn it is in the Instant round chose to pass automatically and can play
    nothing: the rules pass for it (marked `auto`, so the table sees it had nothing)."""
    s = out.state
    actor = s.actor
    if actor is None or not s.auto_pass or not s.auto_pass[actor] or can_play(s, actor):
        return False
    _pass(out, actor, auto=True)
    return True


def _auto_pass(state: State, seat: int, on: bool) -> list[Any]:
    if seat not in to_act(state):
        raise NotYourTurn("choose automatic passing when it is your turn", key="auto-pass-not-your-turn")
    if state.auto_pass[seat] == on:
        raise IllegalMove(f"automatic passing is already {'on' if on else 'off'}",
                          key="auto-pass-unchanged", on=on)
    if state.auto_pass_changed[seat]:
        raise IllegalMove("you changed automatic passing already: make a move before you change it again",
                          key="auto-pass-changed")
    out = Outcome(state, evolve)
    out.emit(AutoPassChosen(seat, on))
    _advance(out)
    return out.events


def _pick(state: State, seat: int, cid: str) -> list[Any]:
    if state.phase != DRAFT:
        raise NotYourTurn("picking belongs to the draft, and no draft is under way", key="no-draft")
    if state.picked[seat]:
        waiting = [state.players[s] for s in state.seats if not state.picked[s]]
        raise NotYourTurn(f"you already picked from this packet (\"choose one and only one card\"); "
                          f"waiting for {', '.join(waiting)}", key="already-picked", players=waiting)
    if cid not in state.packets[seat]:
        raise IllegalMove(f"{cid} is not in the packet you hold: pick one of its cards",
                          key="not-in-packet", card=cid)
    out = Outcome(state, evolve)
    out.emit(CardPicked(seat, cid, auto=False))
    _advance(out)
    return out.events


def _plate(state: State, seat: int, meal: str, troops: tuple[str, ...],
           mascots: tuple[str, ...]) -> list[Any]:
    if state.phase != PLATING:
        raise NotYourTurn("plating comes after the draft, before the Meals", key="no-plating")
    if state.plates[seat] is not None:
        raise NotYourTurn("you already plated your Army this Day", key="already-plated")
    if meal not in day_meals(state):
        raise IllegalMove(f"there is no {meal} Battlefield this Day (\"you can't place a Meal "
                          f"plate on your Army if there are no Battlefields for that Meal\")",
                          key="no-battlefield-for-meal", meal=meal)
    if len(troops) > ARMY_MAX:
        raise IllegalMove(f"an Army consists of up to five food troops, not {len(troops)}",
                          key="army-too-big", count=len(troops))
    hand = Counter(state.hands[seat])
    for cid in (*troops, *mascots):
        if cid not in catalogue().cards:
            raise IllegalMove(f"there is no card {cid!r}", key="no-such-card", card=quote(cid))
    for cid in troops:
        if not card(cid).is_troop:
            raise IllegalMove(f"{card(cid).name} is an Instant: \"Do not put any Instants into "
                              f"your Army\"", key="instant-in-army", card=cid)
    for cid in mascots:
        if not card(cid).is_instant or card(cid).timing != "plating":
            raise IllegalMove(f"{cid} is not an Instant that is played during plating",
                              key="not-a-plating-instant", card=cid)
    need = Counter(troops) + Counter(mascots)
    for cid, k in need.items():
        if hand[cid] < k:
            raise IllegalMove(f"you hold {hand[cid]} {cid}, not {k}", key="not-enough-cards",
                              card=cid, held=hand[cid], wanted=k)
    out = Outcome(state, evolve)
    out.emit(ArmyPlated(seat, meal, troops, mascots))
    _advance(out)
    return out.events


def _target_troop(state: State, seat: int, c: Card, target: str | None) -> Reveal | None:
    if not c.targeted:
        if target is not None:
            raise IllegalMove(f"{c.name} does not target a troop: play it without a target",
                              key="untargeted", card=c.id)
        return None
    mine = current_troops(state, seat)
    if target is None:
        raise IllegalMove(f"{c.name} needs a target: one of your current troops "
                          f"({', '.join(r.card for r in mine) or 'you have none this Serving'})",
                          key="needs-target", card=c.id, troops=[r.card for r in mine],
                          count=len(mine))
    fits = [r for r in mine if r.card == target]
    if not fits:
        raise IllegalMove(f"{target} is not one of your current troops (\"You can't target other "
                          f"players' troops with your Instants\")", key="not-your-troop",
                          target=quote(target))
    want = c.power.params.get("meal", "any")
    fits = [r for r in fits if want == "any" or card(r.card).meal == want]
    if not fits:
        raise IllegalMove(f"{c.name} targets a {want.capitalize()} troop; {card(target).name} is a "
                          f"{card(target).meal.capitalize()} troop (the Meal it fights at does not "
                          f"change its kind)", key="wrong-kind-target", card=c.id, meal=want,
                          target=target, kind=card(target).meal)
    return fits[0]


def _instant(out: Outcome, seat: int, cid: str, target: str | None) -> None:
    state = out.state
    if cid not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {cid}", key="not-held",
                          card=cid if cid in catalogue().cards else quote(cid))
    c = card(cid)
    if not c.is_instant:
        raise IllegalMove(f"{c.name} is a troop, not an Instant", key="not-an-instant", card=cid)
    if c.timing == "plating":
        raise IllegalMove(f"{c.name} says \"Play during plating\": it is played with your plate",
                          key="plating-only", card=cid)
    if c.requires_dog and not state.dog_in:
        raise IllegalMove(f"{c.name} can be played only while The Dog is at this Meal",
                          key="needs-dog", card=cid)
    if c.power.kind == "draw_battlefield" and not state.bf_deck:
        raise IllegalMove("the Battlefield deck is empty: there is no card to draw",
                          key="battlefield-deck-empty")
    troop = _target_troop(state, seat, c, target)
    if c.power.kind == "boost_all" and not current_troops(state, seat):
        raise IllegalMove(f"{c.name} boosts your troops in this Serving, and you have none",
                          key="no-troops-to-boost", card=cid)
    out.emit(InstantPlayed(seat, cid, troop.card if troop else None, troop.index if troop else None))
    if c.power.kind == "draw_battlefield":
        drawn = state.bf_deck[0]
        to_meal = c.power.to == "meal"
        vp = list(out.state.vp)
        if not to_meal:
            vp[seat] += card(drawn).vp  # "If that card puts you to 10 or more VPs, you win!"
        out.emit(BattlefieldDrawn(seat, drawn, to_meal, tuple(vp)))
        if vp[seat] >= state.options.vp_to_win:
            _end(out, f"{state.players[seat]} drew a Battlefield and has {vp[seat]} VP")


def _discard(out: Outcome, seat: int, troop_id: str, cards: tuple[str, ...]) -> None:
    state = out.state
    if seat in state.passed:
        raise IllegalMove("once you pass, you can't discard any other cards this Serving",
                          key="discard-after-pass")
    mine = [r for r in current_troops(state, seat) if r.card == troop_id
            and card(r.card).power is not None and card(r.card).power.kind == "discard_boost"]
    if not mine:
        raise IllegalMove(f"{troop_id} is not one of your current troops with a discard power",
                          key="no-discard-power",
                          troop=troop_id if troop_id in catalogue().cards else quote(troop_id))
    used = {d.troop for d in state.discards if d.seat == seat and d.serving == state.serving}
    free = [r for r in mine if r.index not in used]
    if not free:
        raise IllegalMove("a discard power is used once per Serving: \"you must discard them "
                          "all at once\"", key="discard-used", troop=troop_id)
    troop = free[0]
    if not cards:
        raise IllegalMove("discard at least one card", key="discard-nothing")
    want = card(troop_id).power.discard
    hand = Counter(state.hands[seat])
    for cid, k in Counter(cards).items():
        if hand[cid] < k:
            raise IllegalMove(f"you hold {hand[cid]} {cid}, not {k} (discards come from your hand)",
                              key="discard-not-held", card=cid if cid in catalogue().cards else quote(cid),
                              held=hand[cid], wanted=k)
        if want != "any" and (not card(cid).is_troop or card(cid).meal != want):
            raise IllegalMove(f"{card(troop_id).name} takes {want.capitalize()} troops; "
                              f"{card(cid).name} is not one", key="discard-wrong-kind",
                              troop=troop_id, meal=want, card=cid)
    out.emit(CardsDiscarded(seat, troop_id, troop.index, cards))


# ---- who acts, what is legal -----------------------------------------------------------------

def to_act(state: State) -> frozenset[int]:
    if state.pending or state.phase == OVER:
        return frozenset()
    if state.phase == DRAFT:
        return frozenset(s for s in state.seats if not state.picked[s])
    if state.phase == PLATING:
        return frozenset(s for s in state.seats if state.plates[s] is None)
    actor = state.actor
    return frozenset() if actor is None else frozenset((actor,))


def plate_score(c: Card, meal: str) -> int:
    """A simple strength of a troop at a Meal, for the canonical plate list and the bots."""
    p = c.power
    value = c.yumminess
    if p is not None:
        if p.kind == "at_meal" and p.meal == meal:
            value = max(value, p.value)
        elif p.kind == "meal_bonus" and p.meal == meal:
            value += p.amount
        elif p.kind in ("commander", "double_next", "per_previous_same", "discard_boost",
                        "per_instant", "printed_copy", "join_next"):
            value += 2
    return value * 10 + (5 if c.meal == meal else 0)


def plate_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The canonical plate list: for each Meal with a Battlefield this Day, the empty Army, each
    single troop, the five strongest troops there, the five strongest native troops there, each
    with no plating Instant and with all of them. decide accepts every legal plate."""
    hand = state.hands[seat]
    troops = [c for c in hand if card(c).is_troop]
    platings = sorted(c for c in hand if card(c).is_instant and card(c).timing == "plating")
    out: list[dict[str, Any]] = []
    seen = set()
    for meal in day_meals(state):
        ranked = sorted(troops, key=lambda c: (-plate_score(card(c), meal), c))
        armies = [(), *((c,) for c in sorted(set(troops))), tuple(ranked[:ARMY_MAX]),
                  tuple([c for c in ranked if card(c).meal == meal][:ARMY_MAX])]
        for army in armies:
            for mascots in ([()] + ([tuple(platings)] if platings else [])):
                key = (meal, tuple(sorted(army)), mascots)
                if key in seen:
                    continue
                seen.add(key)
                out.append({"type": "plate", "meal": meal, "troops": sorted(army),
                            "mascots": list(mascots)})
    return out


def instant_options(state: State, seat: int) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = []
    mine = current_troops(state, seat)
    for cid in sorted(set(state.hands[seat])):
        c = card(cid)
        if not c.is_instant or c.timing != "meal":
            continue
        if c.requires_dog and not state.dog_in:
            continue
        if c.power.kind == "draw_battlefield":
            if state.bf_deck:
                moves.append({"type": "instant", "card": cid})
            continue
        if not c.targeted:
            if mine:
                moves.append({"type": "instant", "card": cid})
            continue
        want = c.power.params.get("meal", "any")
        for tid in dict.fromkeys(r.card for r in mine):
            if want == "any" or card(tid).meal == want:
                moves.append({"type": "instant", "card": cid, "target": tid})
    if seat not in state.passed:
        used = {d.troop for d in state.discards if d.seat == seat and d.serving == state.serving}
        for r in mine:
            p = card(r.card).power
            if p is None or p.kind != "discard_boost" or r.index in used:
                continue
            fit = sorted(c for c in state.hands[seat]
                         if p.discard == "any" or (card(c).is_troop and card(c).meal == p.discard))
            if not fit:
                continue
            option = {"type": "discard", "troop": r.card, "cards": fit}
            if option not in moves:
                moves.append(option)
            for c in dict.fromkeys(fit):
                if len(fit) > 1:
                    single = {"type": "discard", "troop": r.card, "cards": [c]}
                    if single not in moves:
                        moves.append(single)
    moves.append({"type": "pass"})
    return moves


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal move of `seat`, except that plates and discards are a canonical subset:
    plates as in `plate_options`; discards: all fitting cards at once, or any one of them
    (decide accepts every non-empty set of fitting cards)."""
    if seat not in to_act(state):
        return []
    if state.phase == DRAFT:
        moves = [{"type": "pick", "card": c} for c in sorted(set(state.packets[seat]))]
    elif state.phase == PLATING:
        moves = plate_options(state, seat)
    else:
        moves = instant_options(state, seat)
    return moves + auto_pass_options(state, seat)


def auto_pass_options(state: State, seat: int) -> list[dict[str, Any]]:
    """Switching automatic passing (listed last: a bot that takes the first move plays on): on
    the seat's turn, once between two of its moves."""
    if seat not in to_act(state) or not state.auto_pass or state.auto_pass_changed[seat]:
        return []
    return [{"type": "auto_pass", "on": not state.auto_pass[seat]}]


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    return GameResult(players=state.players, points=state.vp, placings=state.placings)

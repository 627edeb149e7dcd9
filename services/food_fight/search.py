"""Food Fight's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, draft packets and picks, the troops of every other plate
until they are served (and its Mascots and Meal until the plates are revealed), the order of its
own Army, the Main deck, the discard pile (its size only: the hands left at the end of a Day go
there unseen), the Battlefield and Dog decks. Each hidden place is dealt at random, in the size
the view gives, from the cards of the catalogue the view does not show (troops for plates). What
the view keeps only in part is filled the plainest way consistent with it: the run of passes in
an Instant round restarts at the actor, the automatic-pass switches count as unchanged.
The cards the seat worked out another seat took in the Day's draft (`DraftMemory`, kept by the
bot from its own views) fill that seat's hidden places first.
It searches the Instant rounds and the plate (`searches`); a playout goes to the end of the Meal
under way (an Instant round) or of the Day (a plate); the value is the seat's VP against the best
other's.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Mapping, Sequence

from shared.search import deal, unseen

from .bots import HeuristicBot, plate_value
from .rules import RULES
from .rules.cards import catalogue
from .rules.draft import plate_score
from .rules.events import BattlefieldsReturned, MealWon, ServingScored
from .rules.options import Options
from .rules.state import DRAFT, FIGHT, MEALS, OVER, PLATING, TIEBREAK, Discard, Plate, Played, Reveal, State


def _take(rng: random.Random, pool: list[str], count: int, keep=lambda c: True) -> tuple[str, ...]:
    """`count` cards of `pool` that `keep` accepts, at random, removed from `pool`."""
    fits = [i for i, c in enumerate(pool) if keep(c)]
    chosen = sorted(rng.sample(fits, min(count, len(fits))), reverse=True)
    taken = [pool.pop(i) for i in chosen]
    rng.shuffle(taken)
    return tuple(taken)


def sample(view: Mapping[str, Any], rng: random.Random,
           known: Mapping[int, Sequence[str]] | None = None) -> State:
    """`known`: cards the seat worked out another seat took this Day (DraftMemory); they fill
    that seat's hidden places first."""
    cat = catalogue()
    is_troop = lambda c: cat.cards[c].is_troop  # noqa: E731
    names = tuple(view["players"])
    n = len(names)
    me = view["seat"]
    others = [s for s in range(n) if s != me]
    meal = view["meal"]
    draft = view["draft"]
    plates_view = view["plates"]
    # the plates are shown from PlatesRevealed (the Meals) to the end of the Day
    plates_revealed = view["phase"] in (MEALS, FIGHT, TIEBREAK)
    troops_shown = {names.index(p): [t["card"] for t in ts] for p, ts in (meal["troops"] if meal else {}).items()}
    seen: list[str] = list(view["hand"] or [])
    if draft:
        seen += draft["packet"] + draft["picks"]
    my_army = view["my_army"]
    if my_army:
        seen += my_army["face_down"] + my_army["mascots"]
    for s in range(n):
        seen += troops_shown.get(s, [])
        p = plates_view[names[s]]
        if p is not None and p["mascots"] is not None and (s != me or plates_revealed):
            seen += p["mascots"]
    if meal:
        seen += [i["card"] for i in meal["instants"]] + [c for d in meal["discards"] for c in d["cards"]]
    pool = unseen(cat.main, seen)
    rng.shuffle(pool)
    held = _held(view, known or {}, pool)

    def take(s: int, count: int, keep=lambda c: True, rank=None) -> tuple[str, ...]:
        """`count` cards for seat s: the known ones first (the best by `rank`), then at random."""
        mine = held.get(s, [])
        fits = sorted((c for c in mine if keep(c)), key=rank) if rank else [c for c in mine if keep(c)]
        first = fits[:count]
        for c in first:
            mine.remove(c)
        return tuple(first) + _take(rng, pool, count - len(first), keep)

    # the plates
    plates: list[Plate | None] = [None] * n
    hand_sizes = view["hand_sizes"]
    for s in range(n):
        p = plates_view[names[s]]
        if p is None:
            continue
        if s == me:
            served = troops_shown.get(s, []) if meal and meal["meal"] == my_army["meal"] else []
            mascots = p["mascots"] if plates_revealed else my_army["mascots"]
            plates[s] = Plate(my_army["meal"], tuple(served) + tuple(my_army["face_down"]), tuple(mascots))
        elif p["meal"] is not None:
            served = tuple(troops_shown.get(s, [])) if meal and meal["meal"] == p["meal"] else ()
            strongest = lambda c, m=p["meal"]: -plate_score(cat.cards[c], m)  # noqa: E731 - its Army
            rest = take(s, p["size"] - len(served), is_troop, strongest)
            plates[s] = Plate(p["meal"], served + rest, tuple(p["mascots"]))
        else:  # face down: as many cards as it holds fewer than the seat's own count
            total = len(view["hand"] or []) + (len(my_army["face_down"]) + len(my_army["mascots"]) if my_army else 0)
            meals = view["day_meals"] or [b["meal"] for b in view["day_battlefields"]]
            if held.get(s):  # the cards it took, as the heuristic would plate them
                cards = tuple(held[s]) + _take(rng, pool, max(0, total - len(held[s])))
                plates[s], held[s] = _likely_plate(view, cards, max(1, total - hand_sizes[names[s]]), meals)
            else:
                cards = _take(rng, pool, max(1, total - hand_sizes[names[s]]))
                troops = tuple(c for c in cards if is_troop(c)) or cards[:1]
                plates[s] = Plate(rng.choice(meals), troops, tuple(c for c in cards if c not in troops))
    # the hands, packets and picks
    hands = [tuple(view["hand"] or ())] * n if view["hand"] is not None else [()] * n
    packets, picks, picked = [()] * n, [()] * n, [False] * n
    if draft:
        picked = [names[s] in draft["picked"] for s in range(n)]
        rounds = len(draft["picks"]) - (1 if picked[me] else 0)
        packets[me], picks[me] = tuple(draft["packet"]), tuple(draft["picks"])
    for s in others:
        if hand_sizes:
            hands[s] = tuple(sorted(take(s, hand_sizes[names[s]])))
        if draft:
            packets[s] = _take(rng, pool, draft["packet_sizes"][names[s]])
            picks[s] = _take(rng, pool, rounds + (1 if picked[s] else 0))
    for rest in held.values():  # known cards no hidden place of theirs takes: gone to the discards
        pool += rest
    decks = view["decks"]
    main = _take(rng, pool, decks["main"])
    # the discard pile holds this Meal's discards (face up) and cards nobody saw
    discarded = tuple(c for d in meal["discards"] for c in d["cards"]) if meal else ()
    discard = discarded + _take(rng, pool, decks["discard"] - len(discarded))
    # the Battlefield and Dog decks
    won = {p: list(v) for p, v in view["battlefields_won"].items()}
    stake = [b["card"] for b in meal["battlefields"]] if meal else []
    bfs = unseen(cat.battlefields, [b["card"] for b in view["day_battlefields"]], stake,
                 *won.values())
    (bf_deck,) = deal(rng, bfs, [decks["battlefields"]])
    dog_cards = tuple((d["serving"], d["card"]) for d in meal["dog_cards"]) if meal else ()
    (dog_deck,) = deal(rng, unseen(cat.dog, [c for _, c in dog_cards]), [decks["dog"]])

    # the Meal under way
    changes: dict[str, Any] = {}
    if meal:
        fighters = tuple(names.index(f) for f in meal["fighters"])
        reveals, army_next, armies = [], [0] * n, [()] * n
        for f in fighters:
            for i, t in enumerate(meal["troops"][names[f]]):
                reveals.append(Reveal(f, i, t["serving"], t["card"]))
            army_next[f] = len(meal["troops"][names[f]])
            if plates[f] is not None:
                shown = tuple(troops_shown.get(f, []))
                rest = list(plates[f].troops[len(shown):])
                rng.shuffle(rest)
                armies[f] = shown + tuple(rest)
        # a target is a troop of the seat served in that Serving (the same card may be served twice)
        index = {(r.seat, r.card, r.serving): r.index for r in reversed(reveals)}
        last_index = {(r.seat, r.card): r.index for r in reversed(reveals)}

        def troop_index(seat: int, card: str | None, serving: int) -> int | None:
            return index.get((seat, card, serving), last_index.get((seat, card)))
        priority = tuple(names.index(p) for p in meal["priority"])
        acting = meal["acting"]
        serving = meal["serving"]
        last = meal["last_serving"]
        chips = [0] * n
        for p, c in meal["chips"].items():
            if p in names:
                chips[names.index(p)] = c
        changes = dict(
            meal=meal["meal"], stake=tuple(stake), fighters=fighters, dog_in=meal["dog"], lone=meal["lone"],
            armies=tuple(armies), army_next=tuple(army_next), reveals=tuple(reveals), dog_cards=dog_cards,
            serving=serving, round_open=meal["round_open"], priority=priority,
            actor_pos=priority.index(names.index(acting)) if acting is not None else 0, passes=0,
            passed=tuple(names.index(p) for p in meal["passed"]),
            instants=tuple(Played(i["serving"], names.index(i["player"]), i["card"],
                                  troop_index(names.index(i["player"]), i["target"], i["serving"]))
                             for i in meal["instants"]),
            discards=tuple(Discard(d["serving"], names.index(d["player"]),
                                   troop_index(names.index(d["player"]), d["troop"], d["serving"]) or 0, tuple(d["cards"]))
                           for d in meal["discards"]),
            chips=tuple(chips), dog_chips=meal["chips"].get("the-dog", 0),
            dog_used=meal["dog"] or bool(meal["tied"]), tied=tuple(names.index(p) for p in meal["tied"]),
            last_serving=ServingScored(**last) if last else None)
    day_log = []
    for e in view["day_log"]:
        if e["type"] == "BattlefieldsReturned":
            day_log.append(BattlefieldsReturned(e["meal"], tuple(e["cards"])))
        else:
            winner = names.index(e["winner"]) if e["winner"] is not None else None
            day_log.append(MealWon(e["meal"], winner, tuple(e["battlefields"]), dict(e["chips"]), tuple(e["vp"]),
                                   e["reason"]))
    return State(players=names, options=Options(**view["options"]), phase=view["phase"], day=view["day"],
                 shuffles=(("battlefields", 1), ("dog", 1), ("main", 1)), pending=(), main=main, discard=discard,
                 bf_deck=bf_deck, dog_deck=dog_deck, dog_top=0,
                 day_bfs=tuple(b["card"] for b in view["day_battlefields"]), hands=tuple(hands),
                 packets=tuple(packets), picks=tuple(picks), picked=tuple(picked), plates=tuple(plates),
                 plates_revealed=plates_revealed, vp=tuple(view["vp"][p] for p in names),
                 won=tuple(tuple(won.get(p, ())) for p in names), meals_done=tuple(view["meals_done"]),
                 day_log=tuple(day_log), placings=tuple(view["placings"][p] for p in names) if view["placings"] else (),
                 end_reason=view["end_reason"], auto_pass=tuple(view["auto_pass"].get(p, False) for p in names),
                 auto_pass_changed=(False,) * n, **changes)


SEARCHED = ("fight", "plating")  # the decisions searched: Instant rounds, plates (draft picks: "draft")


def searched(view: Mapping[str, Any]) -> bool:
    if view["phase"] == PLATING:
        return "plating" in SEARCHED
    if view["phase"] == DRAFT:
        return "draft" in SEARCHED
    return "fight" in SEARCHED and view["meal"] is not None and view["meal"]["fighting"]


def _held(view: Mapping[str, Any], known: Mapping[int, Sequence[str]], pool: list[str]) -> dict[int, list[str]]:
    """The known cards of each other seat that it still hides, taken out of `pool` (what it
    showed since, or a card the inference got wrong, is dropped)."""
    names = view["players"]
    meal = view["meal"] or {}
    shown: dict[int, list[str]] = {}
    for p, ts in (meal.get("troops") or {}).items():
        shown.setdefault(names.index(p), []).extend(t["card"] for t in ts)
    for i in meal.get("instants") or []:
        shown.setdefault(names.index(i["player"]), []).append(i["card"])
    for d in meal.get("discards") or []:
        shown.setdefault(names.index(d["player"]), []).extend(d["cards"])
    for s, name in enumerate(names):
        p = view["plates"][name]
        if p is not None and p["mascots"]:
            shown.setdefault(s, []).extend(p["mascots"])
    held: dict[int, list[str]] = {}
    for s, cards in known.items():
        if s == view["seat"]:
            continue
        left = Counter(cards) - Counter(shown.get(s, []))
        mine = held[s] = []
        for c in left.elements():
            if c in pool:
                pool.remove(c)
                mine.append(c)
    return held


def _likely_plate(view: Mapping[str, Any], cards: Sequence[str], count: int,
                  meals: Sequence[str]) -> tuple[Plate, list[str]]:
    """A face-down plate of `count` of `cards` as the heuristic plates (its strongest troops
    where strength times the VP at stake is highest, its plating Instants as Mascots), and the
    cards left in hand."""
    cat = catalogue()
    meal_vp = HeuristicBot._meal_vp(view)
    troops = [c for c in cards if cat.cards[c].is_troop]
    platings = [c for c in cards if not cat.cards[c].is_troop and cat.cards[c].timing == "plating"]
    others = [c for c in cards if c not in troops and c not in platings]
    size = max(1, min(5, count - len(platings), len(troops))) if troops else 0
    best = None
    for m in meals:
        army = sorted(troops, key=lambda c: -plate_score(cat.cards[c], m))[:size]
        mascots = (platings + others)[:count - len(army)]
        worth = plate_value({"meal": m, "troops": army, "mascots": mascots}, meal_vp)
        if best is None or worth > best[0]:
            best = (worth, Plate(m, tuple(army), tuple(mascots)))
    plate = best[1]
    left = list(cards)
    for c in plate.troops + plate.mascots:
        left.remove(c)
    return plate, left


class DraftMemory:
    """What one seat saw of this Day's draft, for working out the cards the others took: a
    packet that comes back to the seat lacks its own pick and one card for each other seat it
    went through, in the order it went (at two players, every pick of the other seat but its
    first). Who of those took which card is guessed as the heuristic drafts (the most valuable
    first). Only the seat's own views go in: a human at the seat remembers as much."""

    def __init__(self):
        self.day: tuple = ()
        self.packets: dict[int, tuple[str, ...]] = {}  # draft round -> the packet the seat held
        self.picks: dict[int, str] = {}
        self.hand: tuple[str, ...] = ()  # every card the seat drafted (its hand before plating)

    def saw(self, view: Mapping[str, Any], move: Mapping[str, Any]) -> None:
        day = (tuple(view["players"]), view["seat"], view["day"])
        draft = view["draft"]
        if day != self.day or (draft and not draft["picks"]):
            self.day, self.packets, self.picks, self.hand = day, {}, {}, ()
        if draft and move.get("type") == "pick":
            r = len(draft["picks"])
            self.packets[r], self.picks[r] = tuple(draft["packet"]), move["card"]
        elif view["phase"] == PLATING and view["my_army"] is None and not self.hand:
            self.hand = tuple(view["hand"] or ())

    def known(self, view: Mapping[str, Any]) -> dict[int, list[str]]:
        if (tuple(view["players"]), view["seat"], view["day"]) != self.day or view["phase"] == DRAFT:
            return {}
        n, me = len(view["players"]), view["seat"]
        step = 1 if view["day"] % 2 == 1 else -1  # the packets go left on odd Days
        packets = dict(self.packets)
        last = Counter(self.hand) - Counter(self.picks.values())
        if self.hand and sum(last.values()) == 1:  # the last card of a packet, taken without a move
            packets[len(self.hand) - 1] = tuple(last.elements())
        meal_vp = HeuristicBot._meal_vp(view)
        known: dict[int, list[str]] = {}
        for r, packet in packets.items():
            later = packets.get(r + n)
            if later is None or r not in self.picks:
                continue
            missing = Counter(packet) - Counter([self.picks[r]]) - Counter(later)
            for k in range(1, n):
                if not missing:
                    break
                card = max(missing, key=lambda c: (HeuristicBot._card_value(c, meal_vp), c))
                missing[card] -= 1
                missing += Counter()  # drop the cards used up
                known.setdefault((me + k * step) % n, []).append(card)
        return known


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def searches(view: Mapping[str, Any]) -> bool:
        """The Instant rounds and the plating (a plate played out to the end of its Day costs
        ~1 ms at two players, ~3 ms at four); the draft stays the heuristic's."""
        return searched(view)

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        if start.meal is not None:  # an Instant round: the Meal's end tells who took it
            return state.meal is None or state.phase == OVER
        # a plate or a pick: the Day's Meals tell what it took (nothing of a hand outlives its Day)
        return state.day != start.day or state.phase == OVER

    @staticmethod
    def value(state: State, seat: int) -> float:
        result = RULES.result(state)
        mine = state.vp[seat]
        best = max(v for s, v in enumerate(state.vp) if s != seat)
        base = 0.5 + 0.5 * math.tanh((mine - best) / 6)
        if result is not None:
            return 0.5 * base + 0.5 * (1.0 if result.placings[seat] == 1 else 0.0)
        return base


SAMPLER = _Sampler()

"""Forestaurant bots. HeuristicBot plays one seat of the team from that seat's view only (its
own hand; the others' hand sizes and everyone's public ingredient storage; the board).

Its plan, in order of preference:
- events: let eating guests leave first (they may bring clouds back), then seat guests where
  they calm their neighbours or at least do not upset them, last the waiting guests' clouds;
- actions: cook (alone, with the cards that upset the guest least and waste the least value),
  take orders (with a card of the guest's species if it can, never with its predator/prey if it
  can avoid it), buy the ingredient kinds the face-up menus need (from the right pile, with a
  high card), propose a meal to the others when their public storage holds what is missing,
  seat guests when the board is thin, and otherwise buy ingredients;
- as a helper: offer the missing ingredient with a card, or cards towards the guest's value,
  choosing cards that calm rather than upset the guest; otherwise decline;
- as the proposer: commit as soon as the offers complete the meal (the cheapest set in clouds),
  withdraw when nobody may still offer.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .rules.cards import catalogue

CAT = catalogue()


def _value(card: str) -> int:
    return CAT.animals[card].value


def _species(card: str) -> str:
    return CAT.animals[card].species


def _effect(cards, guest_species: str) -> int:
    return sum(CAT.relation(_species(c), guest_species) for c in cards)


class HeuristicBot:
    # weights tuned by in-process self-play (python -m services.forestaurant.balance)
    SEAT_WHEN_FEWER = 4  # free seating is worth it while fewer guests than this are at tables
    VALUE_WEIGHT = 0.5  # how much a seated guest's value counts (big guests reach 5-steps sooner)
    ORDER_BACKLOG = 0  # how much less an order is worth per face-up menu still waiting
    ROOM_SLACK = 2  # a purchase may overflow the storage limit by this much (discarded at the end)

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.proposed: set[tuple] = set()  # (turn, table) proposals already tried

    # -- helpers over the view ---------------------------------------------------------------
    def _needed_species(self, view) -> dict[str, int]:
        need = view["satisfied_needed"]
        out = {}
        for sp, row in view["satisfied"].items():
            on_tables = sum(t["guest"]["value"] for t in view["tables"]
                            if t["guest"] and t["guest"]["species"] == sp)
            out[sp] = max(0, need - row["value"] - on_tables)
        return out

    def _neighbour_cost(self, view, table: int, card: str) -> int:
        cost = 0
        for nb in CAT.neighbours(table):
            g = view["tables"][nb]["guest"]
            if g is None:
                continue
            rel = CAT.relation(_species(card), g["species"])
            if rel > 0:
                cost += 3 + 2 * view["tables"][nb]["clouds"]
            elif rel < 0 and view["tables"][nb]["clouds"]:
                cost -= 2
        return cost

    def _seat_score(self, view, table: int, card: str) -> float:
        need = self._needed_species(view)
        score = -self._neighbour_cost(view, table, card) * 2.0
        sp = _species(card)
        score += 2.0 if need.get(sp, 0) > 0 else -1.0
        # a big guest costs about as many cards as a small one and reaches the 5-steps sooner
        score += self.VALUE_WEIGHT * _value(card)
        row = view["satisfied"][sp]["value"]
        if (row % 5) + _value(card) >= 5:
            score += 1.5  # would complete a 5-step: a star back
        return score

    def _missing_kinds(self, view) -> Counter:
        """Ingredient kinds the face-up menus need and no one stores."""
        wanted = Counter()
        for t in view["tables"]:
            if t["status"] == "menu":
                wanted.update(t["menu"]["ingredients"])
        have = Counter()
        for s in view["storage"]:
            have.update(s)
        return wanted - have

    # -- the choice --------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        best, best_score = legal_moves[0], float("-inf")
        for m in legal_moves:
            s = self.score(view, m) + self.rng.random() * 0.01
            if s > best_score:
                best, best_score = m, s
        if best["type"] == "propose_cook":
            self.proposed.add((view["turn"], best["table"]))
        return best

    def score(self, view, m) -> float:
        """How much this seat likes the move (the search weighs its best few)."""
        kind = m["type"]
        tables = view["tables"]
        if kind == "resolve_event":
            t = tables[m["table"]]
            if t["status"] == "eating":
                return 100 - t["clouds"]
            if t["status"] == "empty":
                if "card" not in m:
                    return 80
                return 60 + self._seat_score(view, m["table"], m["card"])
            return 40 - t["clouds"]
        if kind == "discard_ingredient":
            wanted = Counter()
            for t in tables:
                if t["status"] == "menu":
                    wanted.update(t["menu"]["ingredients"])
            mine = Counter(view["storage"][view["seat"]])
            return -wanted[m["token"]] * 5 + mine[m["token"]]
        if kind == "cook":
            t = tables[m["table"]]
            eff = _effect(m["cards"], t["guest"]["species"])
            waste = sum(_value(c) for c in m["cards"]) - t["guest"]["value"]
            return 1000 + 10 * t["clouds"] - 30 * max(eff, -t["clouds"]) - 2 * waste - len(m["cards"])
        if kind == "commit_cook":
            p = view["proposal"]
            t = tables[p["table"]]
            cards = list(p["cards"])
            for o in p["offers"]:
                if view["players"][o["seat"]] in m["accept"]:
                    cards += o["cards"]
            return 1000 - 30 * _effect(cards, t["guest"]["species"]) - len(m["accept"])
        if kind == "withdraw_cook":
            return 0 if view["proposal"]["may_still_offer"] else 10
        if kind == "offer_help":
            return self._offer_score(view, m)
        if kind == "decline_help":
            return 0
        if kind == "take_order":
            t = tables[m["table"]]
            eff = _effect([m["card"]], t["guest"]["species"])
            waiting = sum(1 for x in tables if x["status"] == "menu")
            return (500 - self.ORDER_BACKLOG * max(0, waiting - 1) + 10 * t["clouds"] - 40 * max(eff, -t["clouds"])
                    - 3 * _value(m["card"]))
        if kind == "propose_cook":
            return self._propose_score(view, m)
        if kind == "purchase":
            pile = CAT.pile_of_class[CAT.animals[m["card"]].cls]
            missing = self._missing_kinds(view)
            useful = sum(n for k, n in missing.items() if CAT.pile_of_kind[k] == pile)
            room = view["storage_limit"] - len(view["storage"][view["seat"]])
            base = 450 + 20 * useful if useful else 50
            return base + min(_value(m["card"]), max(room, 1) + self.ROOM_SLACK) * (5 if useful else 1) - (
                3 * _value(m["card"]) if not useful else 0)
        if kind == "seat":
            guests = sum(1 for t in tables if t["guest"])
            base = 200 if guests < self.SEAT_WHEN_FEWER else 20
            return base + 5 * self._seat_score(view, m["table"], m["card"])
        return 0

    def _propose_score(self, view, m) -> float:
        if (view["turn"], m["table"]) in self.proposed:
            return -1
        t = view["tables"][m["table"]]
        req = t["menu"]["ingredients"]
        me = view["seat"]
        others = [s for s in range(len(view["players"])) if s != me
                  and view["hand_sizes"][s] > view["minimal_hand"]]
        if not others:
            return -1
        mine = set(m["ingredients"])
        for k in req:
            if k in mine:
                continue
            if not any(k in view["storage"][s] and view["hand_sizes"][s] > view["minimal_hand"] for s in others):
                return -1
        missing = [k for k in req if k not in view["storage"][me]]
        if len(mine) != len(req) - len(missing):
            return -1  # bring everything I hold
        card = m["cards"][0]
        eff = _effect([card], t["guest"]["species"])
        if not missing and t["clouds"] > 0:
            # I could cook alone, but the others may calm the guest with cards of its species
            return 1200 + 10 * t["clouds"] + _value(card) - 30 * max(eff, 0) + 20 * max(0, -eff)
        return 400 + 10 * t["clouds"] + _value(card) - 30 * max(eff, 0)

    def _offer_score(self, view, m) -> float:
        p = view["proposal"]
        t = view["tables"][p["table"]]
        req = t["menu"]["ingredients"]
        given = Counter(p["ingredients"])
        total = sum(_value(c) for c in p["cards"])
        for o in p["offers"]:
            given.update(o["ingredients"])
            total += sum(_value(c) for c in o["cards"])
        missing = [k for k in req if not given[k]]
        short = max(0, t["guest"]["value"] - total)
        ing = m["ingredients"]
        if any(k not in missing for k in ing):
            return -5
        eff = _effect(m["cards"], t["guest"]["species"])
        offered = [c for o in p["offers"] for c in o["cards"]] + list(p["cards"])
        clouds_left = t["clouds"] + _effect(offered, t["guest"]["species"])
        calming = min(max(0, -eff), max(0, clouds_left))
        if not missing and short == 0:
            # the meal is complete: only cards of the guest's own species still help (calm it)
            return 40 * calming - 5 * len(m["cards"]) if calming == len(m["cards"]) else -5
        gain = 0.0
        # how many of the missing ingredients this offer gives (others may hold the rest)
        gain += 50 * len(ing)
        if missing and not ing:
            mine = view["storage"][view["seat"]]
            if any(k in mine for k in missing):
                return -5  # offer the ingredient I hold instead
        val = sum(_value(c) for c in m["cards"])
        if short:
            gain += 20 * min(val, short)
        gain -= 2 * max(0, val - short)
        gain -= 30 * max(0, eff)
        gain += 40 * calming
        return gain


class RandomBot:
    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view, legal_moves):
        return self.rng.choice(legal_moves)


BOTS = {"heuristic": HeuristicBot}  # "strong": strong.py

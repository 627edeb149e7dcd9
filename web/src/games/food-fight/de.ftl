# Die Tischtexte von Food Fight auf Deutsch (src/games/food-fight/index.tsx); Kartennamen und
# -texte kommen aus DescribeGame.
fight-you = (du)
fight-vp = SP
# neben den Punkten: das Ziel dieses Tisches (vp_to_win der Ansicht; laut Regel 10)
fight-vp-to-win = ({ $target } zum Sieg)
fight-hand-count = { $count ->
    [one] eine Karte auf der Hand
   *[other] { $count } auf der Hand
  }
# die Schlachtfelder, die jemand hat: in einer Mahlzeit gewonnen oder durch eine Sofortkarte gezogen
fight-battlefields = { $count ->
    [one] ein Schlachtfeld erhalten
   *[other] { $count } Schlachtfelder erhalten
  }
fight-plated-meal = { $size ->
    [one] Teller: { $meal }, eine Truppe
   *[other] Teller: { $meal }, { $size } Truppen
  }
fight-plated-hidden = ein Teller, verdeckt
fight-day = Die Schlachtfelder des Tages (Tag { $day })
fight-meal-done = gekämpft
fight-bf-vp = { $vp } SP
fight-draft = Der Draft
fight-pass-left = Die Päckchen gehen nach links.
fight-pass-right = Die Päckchen gehen nach rechts.
fight-picked = schon genommen: { $players }
# die Lesende in einer Liste von Namen („schon genommen: du und ann“)
fight-you-named = du
# a player's box in the draft: the packet they hold now, and the cards they picked so far
fight-packet-held = { $count ->
    [one] eine Karte im Päckchen
   *[other] { $count } Karten im Päckchen
  }
fight-picks-count = { $count ->
    [0] noch keine Karte genommen
    [one] eine Karte genommen
   *[other] { $count } Karten genommen
  }
fight-packet = Dein Päckchen ({ $count })
fight-picks = Deine bisher genommenen Karten ({ $count })
fight-none = keine
fight-my-army = Deine Armee fürs { $meal }
fight-face-down = verdeckt
fight-mascot = Maskottchen
fight-meal = { $meal }: Gang { $serving } von 5
fight-lone = Nur eine Armee kam zu dieser Mahlzeit: Sie kämpft gegen den Hund, der jeden Gleichstand verliert, und muss mindestens drei der fünf Gänge gewinnen, um die Schlachtfelder zu erobern.
# a fighter's Yumminess this Serving (the server's table-yumminess)
fight-now = Leckerheit { $value }
fight-chips = { $count ->
    [one] ein Chip
   *[other] { $count } Chips
  }
fight-native = heimisch
fight-serving = Gang { $serving }
# a boost under a troop (the view's effect "add", "set" or "times" and its amount), and with the card it came from
fight-boost-add = +{ $amount }
fight-boost-set = ist { $value }
fight-boost-times = ×{ $factor }
fight-boost-by = { $boost } { $card }
# unter einer verstärkten Truppe: ihre Leckerheit jetzt (die Karte zeigt die aufgedruckte Zahl)
fight-troop-total = = { $value }
fight-left = noch { $count }
fight-dog = Der Hund
fight-instants = Gespielte Sofortkarten
fight-instant = { $you ->
    [true] Du spielst
   *[false] { $player } spielt
  } { $card }.
fight-instant-on = { $you ->
    [true] Du spielst
   *[false] { $player } spielt
  } { $card } auf { $target }.
fight-instant-round = Sofortrunde: { $player } darf eine Sofortkarte spielen oder passen.
# who passed in this Serving's Instant round (rules/state.py `passed`): the reader as "du"
fight-passed = In dieser Sofortrunde gepasst: { $players }.
fight-hand = Deine Hand ({ $count })
meal-breakfast = Frühstück
meal-lunch = Mittagessen
meal-dinner = Abendessen
kind-troop = Truppe
kind-instant = Sofortkarte
kind-mascot = Maskottchen
kind-battlefield = Schlachtfeld
kind-dog = Hund
build-pick = Eine Karte wählen
build-pick-card = Die Karte, die du behältst
build-plate = Eine Armee anrichten
build-plate-meal = Für welche Mahlzeit
build-plate-troops = Truppen (bis zu fünf, in beliebiger Reihenfolge wählen)
build-plate-mascots = Maskottchen mit „Beim Anrichten spielen“
build-instant = Eine Sofortkarte spielen
build-instant-card = Die Sofortkarte
build-instant-target = Auf welche deiner Truppen
build-discard = Für deine Truppe abwerfen
build-discard-troop = Deine Truppe
build-discard-cards = Die abzuwerfenden Karten
build-pass = Passen

# the heading of the end box's score column (src/table/endwords.ts)
end-score = Siegpunkte

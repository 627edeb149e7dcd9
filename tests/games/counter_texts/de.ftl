# Die Texte des Testspiels (tests/games/counter.py).

game-title = Zähler
game-summary = Abwechselnd 1, 2 oder 3 zur gemeinsamen Summe addieren; wer das Ziel erreicht, gewinnt.

option-target = Ziel
    .sentence = Die Summe, die das Spiel beendet: Wer sie erreicht, gewinnt.

card-secret = Geheime Karte
    .text = Eine Karte, die nur ihr Besitzer sieht; sie bewirkt nichts.

kind-secret = Geheim

rules-goal = Bring die Summe als Erster auf das Ziel.
rules-turn = Wenn du dran bist, addierst du 1, 2 oder 3 zur Summe.
rules-end = Das Spiel endet, sobald die Summe das Ziel erreicht.
rules-scoring = Wer das Ziel erreicht, gewinnt; alle anderen teilen sich den zweiten Platz.
rules-choices = Nichts bleibt offen: Die Regeln dieses Testspiels sind vollständig.

event-Started = { $players } spielen bis { $target }.
event-CardsDealt = Alle haben eine geheime Karte bekommen.
event-CardsDealt-own = Du hast { CARD($card) } bekommen.
event-Added = { $you ->
    [true] Du hast { $amount } addiert: Die Summe ist { $total }.
   *[false] { $player } hat { $amount } addiert: Die Summe ist { $total }.
}

move-add = { $amount } addieren

prompt-add = Du bist dran: Addiere 1, 2 oder 3 zu { $total }.
prompt-wait = Warten auf { $player }.
prompt-won = { $you ->
    [true] Du hast gewonnen!
   *[false] { $player } hat gewonnen.
}

refused-add-amount = Ein Zug „add“ braucht eine ganze Zahl als Betrag.
refused-add-range = Du darfst 1, 2 oder 3 addieren, nicht { $amount }.
refused-counter-unknown-move = Dieses Spiel kennt nur den Zug „add“.

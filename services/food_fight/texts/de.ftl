# Food Fight, Deutsch. Es gibt keine deutsche Ausgabe; die Begriffe sind gewählt: Tag, Schlachtfeld,
# Mahlzeit (Frühstück, Mittagessen, Abendessen), Armee, Truppe, Teller, Gang (Serving),
# Sofortkarte (Instant), Maskottchen (Mascot), Leckerheit (Yumminess), Wertungschip,
# Siegpunkte (SP), der Hund (The Dog), Hauptstapel, Draft, Grundausbildung (Boot Camp).

game-title = Food Fight
game-summary = Stelle eine Armee aus Essen zusammen, schicke sie zum Frühstück, Mittag- oder Abendessen und erobere Schlachtfelder Gang um Gang: Wer zuerst 10 Siegpunkte hat, gewinnt.

## Optionen

option-boot_camp = Grundausbildung
    .sentence = Für die erste Partie: kein Draft, die neun ausgeteilten Karten sind deine Hand.
option-boot_camp-true = Grundausbildung (kein Draft)
option-boot_camp-false = Draft (Ab in den Krieg)

option-non_native_tie = Gleichstand ohne heimische Truppe
    .sentence = Wenn die höchste Leckerheit eines Gangs gleich ist und keine der gleichauf liegenden Truppen zur Mahlzeit gehört: Niemand bekommt den Wertungschip, oder jeder gleichauf liegende Spieler bekommt einen.
option-non_native_tie-none = Niemand bekommt den Chip
option-non_native_tie-all = Jeder gleichauf liegende Spieler bekommt einen

option-vp_to_win = Siegpunkte zum Sieg
    .sentence = Das Spiel endet sofort, wenn jemand so viele Siegpunkte hat (laut Regel: 10).

## Begriffe, mit denen ein Client den Tisch zeichnet

meal-breakfast = Frühstück
meal-lunch = Mittagessen
meal-dinner = Abendessen
kind-troop = Truppe
kind-instant = Sofortkarte
kind-mascot = Maskottchen
kind-battlefield = Schlachtfeld
kind-dog = Hundekarte
timing-meal = Wird in einer Sofortrunde gespielt
timing-plating = Wird beim Anrichten gespielt
table-the-dog = Der Hund
table-day = Tag { $day }
table-serving = Gang { $serving } von 5
table-yumminess = Leckerheit
table-chips = Wertungschips
table-vp = Siegpunkte
table-hand = Deine Hand
table-packet = Dein Päckchen
table-army = Deine Armee (verdeckt)
table-plate-face-down = Teller verdeckt
table-battlefields-today = Schlachtfelder heute
table-battlefields-won = Erhaltene Schlachtfelder
table-priority = Reihenfolge der Sofortrunde
table-auto-pass = Passt automatisch
table-native = gehört zu dieser Mahlzeit

## Der Tisch des Terminal-Clients (services/food_fight/render.py): Überschriften und Beschriftungen
phase-setup = Aufbau
phase-dawn = Tagesbeginn
phase-dealing = Austeilen
phase-draft = Draft
phase-plating = Anrichten
phase-meals = zwischen den Mahlzeiten
phase-fight = Kampf
phase-tiebreak = Stechen
phase-over = Spielende
screen-player = Name
screen-vp = SP
screen-hand-size = Hand
screen-plate = Teller
screen-you = { $player } (du)
screen-face-down = verdeckt
screen-plated = { $meal } ({ $size })
screen-troop = { $card } ({ $meal ->
        [breakfast] F
        [lunch] M
       *[dinner] A
    }{ $yumminess })
screen-instant = { $card } [{ $kind ->
        [mascot] Maskottchen
       *[instant] Sofortkarte
    }]
screen-battlefield = { $card } ({ $meal }, { $vp } SP)
screen-battlefield-vp = { $card } { $vp } SP
screen-battle = Kampf
screen-meal = { $meal } - Gang { $serving }/5 - { $battlefields }
screen-dog-here = { $lone ->
        [true] Der Hund ist bei dieser Mahlzeit (eine einzelne Armee: gewinne 3 von 5)
       *[false] Der Hund ist bei dieser Mahlzeit
    }
screen-chips = { $player }: Chips { $chips };
screen-bonus = { $effect ->
        [set] ist { $amount }
        [add] +{ $amount }
       *[times] x{ $amount }
    } { $card }
screen-dog-chips = Der Hund: Chips { $chips }; Karten { $cards }
screen-this-serving = Dieser Gang: { $values }
screen-instant-round = Sofortrunde: { $order }; { $player } ist dran
screen-packet = Päckchen (weitergeben nach { $direction ->
        [left] links
       *[right] rechts
    })
screen-picked = Genommen: { $cards }
screen-hand = Deine Hand ({ $count })
screen-army = Deine Armee beim { $meal }: verdeckt { $cards }
screen-moves = Deine Züge

## Die Regeln am Tisch

rules-goal = Sammle 10 Siegpunkte (SP). Jedes Schlachtfeld ist 1-3 SP wert; du eroberst es, indem du die Mahlzeit gewinnst, zu der es gehört.
    .title = Ziel
rules-setup = Jeder Spieler hat einen Frühstücks-, einen Mittagessen- und einen Abendessenteller. Der Hundestapel (8 Karten), der Schlachtfeldstapel (27) und der Hauptstapel (121 Truppen, 18 Maskottchen, 16 Sofortkarten) werden gemischt.
    .title = Aufbau
rules-turn = Jeden Tag werden drei Schlachtfelder aufgedeckt (zwei bei 2-3 Spielern) und jeder bekommt neun Karten. Im Draft behältst du eine Karte des Päckchens, das du hältst, und gibst den Rest weiter (an ungeraden Tagen nach links, an geraden nach rechts), bis du wieder neun hast. Dann stellt jeder geheim eine Armee aus bis zu fünf Truppen zusammen (keine Sofortkarten) und legt den Teller einer Mahlzeit darauf, für die es heute ein Schlachtfeld gibt; Maskottchen mit „Beim Anrichten spielen" kommen mit dem Teller. Alle Teller werden gleichzeitig aufgedeckt.
    .title = Ein Tag
rules-meals = Die Mahlzeiten werden der Reihe nach ausgefochten: Frühstück, Mittagessen, Abendessen. Nur ein Teller auf mindestens einer Truppe kämpft („Um bei einer Mahlzeit zu kämpfen, brauchst du eine Armee aus Essen"). Jede Armee wird gemischt; in jedem der fünf Gänge deckt jeder seine oberste Truppe auf. Wer die niedrigste Leckerheit hat, darf zuerst eine Sofortkarte spielen oder passen, dann geht es im Uhrzeigersinn weiter, bis alle nacheinander gepasst haben. Die höchste Leckerheit bekommt einen Wertungschip; bei Gleichstand gewinnt eine Truppe, die zur Mahlzeit gehört. Nach fünf Gängen erobern die meisten Chips die Schlachtfelder der Mahlzeit.
    .title = Mahlzeiten und Gänge
rules-dog = Eine Armee, die allein bei einer Mahlzeit ist, kämpft gegen den Hund: Er spielt in jedem Gang die oberste Karte seines Stapels und verliert jeden Gleichstand. Gewinne mindestens drei Gänge, sonst kommen die Schlachtfelder unter den Stapel. Spieler mit gleich vielen Chips an der Spitze ziehen je eine Karte vom Hundestapel: Die höhere Karte gewinnt. Manche Maskottchen rufen den Hund als weiteren Teilnehmer herbei.
    .title = Der Hund
rules-end = Das Spiel endet sofort, wenn jemand 10 SP oder mehr hat, auch mitten in einer Mahlzeit. Am Ende eines Tages werden alle Karten auf der Hand und im Spiel abgeworfen.
    .title = Das Ende
rules-scoring = Siegpunkte sind die eroberten (und gezogenen) Schlachtfelder. Geht der Schlachtfeldstapel aus, gewinnen die meisten SP.
    .title = Wertung
rules-choices = Wo die Regel schweigt: Die Hundekarten sind 1, 3, 4, 5, 6, 7, 8 und 12; ein Gleichstand ohne heimische Truppe gibt niemandem den Chip (eine Option); ein Teller ohne Truppe kämpft nicht; Boni der Leckerheit werden vor Verdopplungen addiert; Maskottchen mit „Beim Anrichten spielen" werden verdeckt mit dem Teller gespielt; Abwurf-Fähigkeiten wirken einmal pro Truppe und Gang, bevor du passt; du kannst wählen, automatisch zu passen, wann immer du in einer Sofortrunde nichts spielen kannst (der Tisch sieht dieses Passen als automatisch markiert).
    .title = Wo die Regel schweigt

## Ereignisse (das Protokoll). $you ist "true", wenn das Ereignis den lesenden Platz betrifft.

event-GameStarted = Die Essensschlacht beginnt: { $count } Spieler, wer zuerst { $vp } { $vp ->
    [one] Siegpunkt
   *[other] Siegpunkte
} hat, gewinnt{ $boot_camp ->
    [true] , in der Grundausbildung (kein Draft).
   *[false] .
}
event-ShuffleRequested = { $deck ->
    [dog] Der Hundestapel soll gemischt werden.
    [battlefields] Der Schlachtfeldstapel soll gemischt werden.
    [main] Der Hauptstapel soll gemischt werden.
    [army] Die Armee von { $player } soll gemischt werden.
   *[other] Der Stapel { $deck } soll gemischt werden.
}
event-DeckShuffled = { $deck ->
    [dog] Der Hundestapel wurde gemischt.
    [battlefields] Der Schlachtfeldstapel wurde gemischt.
    [main] Der Hauptstapel wurde gemischt.
    [army] Die Armee von { $player } wurde gemischt.
   *[other] Der Stapel { $deck } wurde gemischt.
}
event-BattlefieldsRevealed = Tag { $day }: Die Schlachtfelder sind { CARDS($cards) }.
event-CardsDealt = Jeder hat neun Karten bekommen.
event-CardsDealt-hand = Jeder hat neun Karten bekommen; du hältst { CARDS($cards) }.
event-CardPicked = { $player } hat eine Karte genommen.
event-CardPicked-own = { $auto ->
    [true] Du hast die letzte Karte deines Päckchens genommen: { CARD($card) }.
   *[false] Du hast { CARD($card) } genommen.
}
event-PacketsPassed = Die Päckchen wurden nach { $direction ->
    [left] links
   *[right] rechts
} weitergegeben.
event-DraftCompleted = Der Draft ist vorbei: Jeder hält neun Karten.
event-ArmyPlated = { $player } hat eine Armee verdeckt angerichtet.
event-ArmyPlated-own = Du hast beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} { $count ->
    [0] keine Truppe
    [one] eine Truppe
   *[other] { $count } Truppen
} angerichtet{ $mascots_count ->
    [0] {""}
   *[other] , mit { CARDS($mascots) }
}{ $count ->
    [0] .
   *[other] : { CARDS($troops) }.
}
event-PlatesRevealed = Die Teller wurden aufgedeckt: Frühstück { $breakfast_you ->
    [true] { $breakfast_others_count ->
        [0] du
       *[other] du und { $breakfast_others }
    }
   *[false] { $breakfast_count ->
        [0] niemand
       *[other] { $breakfast }
    }
}; Mittagessen { $lunch_you ->
    [true] { $lunch_others_count ->
        [0] du
       *[other] du und { $lunch_others }
    }
   *[false] { $lunch_count ->
        [0] niemand
       *[other] { $lunch }
    }
}; Abendessen { $dinner_you ->
    [true] { $dinner_others_count ->
        [0] du
       *[other] du und { $dinner_others }
    }
   *[false] { $dinner_count ->
        [0] niemand
       *[other] { $dinner }
    }
}.
event-BattlefieldsReturned = Beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} hat niemand gekämpft: { CARDS($cards) } { $count ->
    [one] kommt
   *[other] kommen
} unter den Schlachtfeldstapel.
event-MealStarted = Das { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} hat begonnen: { $you ->
    [true] { $others_count ->
        [0] Du kämpfst
        [1] Du und { $others } kämpft
       *[other] Du, { NAMES($others, after: 1) } kämpft
    }
   *[false] { NAMES($players) } kämpfen
} um { CARDS($battlefields) }{ $dog ->
    [true] , und der Hund macht mit.
   *[false] .
}
event-MealStarted-lone = Das { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} hat begonnen: { $you ->
    [true] Deine Armee ist
   *[false] Die Armee von { $player } ist
} die einzige, also kommt der Hund; drei von fünf Gängen erobern { CARDS($battlefields) }.
event-ServingRevealed = Gang { $serving }: { $count ->
    [0] keine Truppe wurde aufgedeckt
   *[other] { $mine_count ->
        [0] {""}
       *[other] { CARDS($mine) } von dir{ $others_count ->
            [0] {""}
            [1] {" "}und{" "}
           *[other] ,{" "}
        }
    }{ $others_count ->
        [0] {""}
        [1] { CARDS($cards1) } von { $player1 }
        [2] { CARDS($cards1) } von { $player1 } und { CARDS($cards2) } von { $player2 }
        [3] { CARDS($cards1) } von { $player1 }, { CARDS($cards2) } von { $player2 } und { CARDS($cards3) } von { $player3 }
        [4] { CARDS($cards1) } von { $player1 }, { CARDS($cards2) } von { $player2 }, { CARDS($cards3) } von { $player3 } und { CARDS($cards4) } von { $player4 }
        [5] { CARDS($cards1) } von { $player1 }, { CARDS($cards2) } von { $player2 }, { CARDS($cards3) } von { $player3 }, { CARDS($cards4) } von { $player4 } und { CARDS($cards5) } von { $player5 }
       *[6] { CARDS($cards1) } von { $player1 }, { CARDS($cards2) } von { $player2 }, { CARDS($cards3) } von { $player3 }, { CARDS($cards4) } von { $player4 }, { CARDS($cards5) } von { $player5 } und { CARDS($cards6) } von { $player6 }
    } { $count ->
        [one] wurde
       *[other] wurden
    } aufgedeckt
}{ $dog ->
    [true] , der Hund spielt { CARD($dog_card) }
   *[false] {""}
}; { $you ->
    [true] du bist
   *[false] { $first } ist
} zuerst dran.
event-InstantPlayed = { $you ->
    [true] Du hast
   *[false] { $player } hat
} { CARD($card) } gespielt.
event-InstantPlayed-target = { $you ->
    [true] Du hast
   *[false] { $player } hat
} { CARD($card) } auf { CARD($target) } gespielt.
event-CardsDiscarded = { $you ->
    [true] Du hast
   *[false] { $player } hat
} { CARDS($cards) } für { CARD($troop) } abgeworfen.
event-Passed = { $you ->
    [true] Du hast
   *[false] { $player } hat
} gepasst.
event-Passed-auto = { $you ->
    [true] Du hattest nichts zu spielen und hast
   *[false] { $player } hatte nichts zu spielen und hat
} automatisch gepasst.
event-AutoPassChosen = { $you ->
    [true] Du passt
   *[false] { $player } passt
} { $on ->
    [true] ab jetzt automatisch, wann immer es in einer Sofortrunde nichts zu spielen gibt.
   *[false] nicht mehr automatisch und wird in jeder Sofortrunde wieder gefragt.
}
event-BattlefieldDrawn = { $you ->
    [true] Du hast { CARD($card) } gezogen und behältst es
   *[false] { $player } hat { CARD($card) } gezogen und behält es
} (jetzt { $points } SP).
event-BattlefieldDrawn-meal = { $you ->
    [true] Du hast
   *[false] { $player } hat
} { CARD($card) } gezogen und zu den Schlachtfeldern dieser Mahlzeit gelegt.
event-ServingScored = Gang { $serving }: { $you ->
    [true] { $others_count ->
        [0] Du bekommst
        [1] Du und { $others } bekommt
       *[other] Du, { NAMES($others, after: 1) } bekommt
    }
   *[false] { NAMES($players) } { $count ->
        [one] bekommt
       *[other] bekommen
    }
} einen Wertungschip mit Leckerheit { $best }.
event-ServingScored-dog = Gang { $serving }: Der Hund bekommt den Wertungschip mit Leckerheit { $best }.
event-ServingScored-none = Gang { $serving }: Niemand bekommt einen Wertungschip{ $tied ->
    [true] {" "}(Gleichstand bei Leckerheit { $best } ohne Truppe, die zur Mahlzeit gehört).
   *[false] .
}
event-MealTied = { $you ->
    [true] { $others_count ->
        [0] Du hast
        [1] Du und { $others } habt
       *[other] Du, { NAMES($others, after: 1) } habt
    }
   *[false] { NAMES($players) } haben
} beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} gleich viele Wertungschips: { $you ->
    [true] Ihr zieht
   *[false] Sie ziehen
} vom frisch gemischten Hundestapel.
event-DogDrawn = Der Hundestapel entscheidet: { $you ->
    [true] Du hast
   *[false] { $winner } hat
} die höhere Karte gezogen, { CARD($card) }.
event-MealWon = { $you ->
    [true] Du gewinnst
   *[false] { $player } gewinnt
} das { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} und { $you ->
    [true] eroberst
   *[false] erobert
} „{ CARDS($battlefields) }“ (jetzt { $points } SP).
event-MealWon-dog = Niemand gewinnt das { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
}{ $dog ->
    [true] : Der Hund hat die Truppen gefressen,
   *[false] :
} { CARDS($battlefields) } { $count ->
    [one] kommt
   *[other] kommen
} unter den Schlachtfeldstapel.
event-DayEnded = Tag { $day } ist vorbei: Alle Karten auf der Hand und im Spiel wurden abgeworfen.
event-GameEnded = Das Spiel ist vorbei: { $you ->
    [true] { $others_count ->
        [0] Du gewinnst
        [1] Du und { $others } teilt euch den ersten Platz
       *[other] Du, { NAMES($others, after: 1) } teilt euch den ersten Platz
    }
   *[false] { NAMES($winners) } { $count ->
        [one] gewinnt
       *[other] teilen sich den ersten Platz
    }
} mit { $points } { $points ->
    [one] Siegpunkt
   *[other] Siegpunkten
}{ $goal ->
    [reached] {" "}({ $target } zum Sieg).
    [short] {" "}(niemand hat { $target } erreicht, bevor der Schlachtfeldstapel leer war).
   *[none] .
}

## Züge (die Beschriftung eines erlaubten Zuges)

move-pick = { CARD($card) } nehmen
move-plate = Beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} anrichten: { CARDS($troops) }
move-plate-mascots = Beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} anrichten: { CARDS($troops) }, mit { CARDS($mascots) }
move-plate-empty = Beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} ohne Truppe anrichten (du kämpfst dort nicht){ $mascots_count ->
    [0] {""}
   *[other] , mit { CARDS($mascots) }
}
move-instant = { CARD($card) } spielen
move-instant-target = { CARD($card) } auf { CARD($target) } spielen
move-discard = { CARDS($cards) } für { CARD($troop) } abwerfen
move-pass = Passen
# „passen“ ist das der Sofortrunde (im Draft gehen Päckchen weiter, das ist etwas anderes): der
# Schalter wird bei jedem eigenen Zug angeboten, auch im Draft und beim Anrichten, zum Vorab-Setzen
move-auto_pass-on = In Sofortrunden automatisch passen, wenn ich nichts spielen kann
move-auto_pass-off = In Sofortrunden nicht mehr automatisch passen

## Aufforderungen

prompt-pick = Du bist dran: Nimm eine Karte aus deinem Päckchen (der Rest geht nach { $direction ->
    [left] links
   *[right] rechts
}).
prompt-plate = Du bist dran: Richte eine Armee aus bis zu fünf Truppen bei einer Mahlzeit an, für die es heute ein Schlachtfeld gibt: { $meals ->
    [breakfast] Frühstück
    [lunch] Mittagessen
    [dinner] Abendessen
    [breakfast-lunch] Frühstück oder Mittagessen
    [breakfast-dinner] Frühstück oder Abendessen
    [lunch-dinner] Mittagessen oder Abendessen
   *[breakfast-lunch-dinner] Frühstück, Mittagessen oder Abendessen
}.
prompt-instant = Du bist dran in der Sofortrunde von Gang { $serving }: { $instant ->
    [true] { $discard ->
        [true] Spiele eine Sofortkarte, wirf für eine Truppe ab oder passe.
       *[false] Spiele eine Sofortkarte oder passe.
    }
   *[false] { $discard ->
        [true] Wirf für eine Truppe ab oder passe.
       *[false] Du kannst nur passen.
    }
}
prompt-waiting-for = Warten auf { NAMES($players) }.
prompt-shuffling = Die Karten werden gemischt.
prompt-game-over = Das Spiel ist vorbei: { $you ->
    [true] { $others_count ->
        [0] Du gewinnst
        [1] Du und { $others } teilt euch den ersten Platz
       *[other] Du, { NAMES($others, after: 1) } teilt euch den ersten Platz
    }
   *[false] { NAMES($winners) } { $count ->
        [one] gewinnt
       *[other] teilen sich den ersten Platz
    }
}.

## Ablehnungen

refused-dog-name = „{ $name }" ist der Name des Hundes: Wähle einen anderen.
refused-already-started = Das Spiel hat schon begonnen.
refused-no-shuffle = Es wird gerade nicht gemischt.
refused-game-over = Das Spiel ist vorbei.
refused-not-at-table = Platz { $seat } gehört nicht zu diesem Tisch.
refused-shuffling = Warte: Die Karten werden gemischt.
refused-no-instant-round = { $move ->
    [pass] Passen
    [instant] Eine Sofortkarte spielen
   *[discard] Abwerfen
} gehört zur Sofortrunde einer Mahlzeit, und gerade läuft keine Sofortrunde.
refused-not-fighting = Nur wer beim { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} kämpft, nimmt an seiner Sofortrunde teil.
refused-instant-round-turn = In der Sofortrunde ist { $player } dran (niedrigste Leckerheit zuerst, dann im Uhrzeigersinn).
refused-auto-pass-not-your-turn = Automatisches Passen wählst du, wenn du dran bist.
refused-auto-pass-unchanged = Automatisches Passen ist schon { $on ->
    [true] an
   *[false] aus
}.
refused-auto-pass-changed = Du hast automatisches Passen schon geändert: Mach erst einen Zug, bevor du es wieder änderst.
refused-no-draft = Karten nehmen gehört zum Draft, und gerade läuft kein Draft.
refused-already-picked = Du hast aus diesem Päckchen schon genommen („nimm eine und nur eine Karte"); wir warten auf { NAMES($players) }.
refused-not-in-packet = { CARD($card) } ist nicht in deinem Päckchen: Nimm eine seiner Karten.
refused-no-plating = Angerichtet wird nach dem Draft, vor den Mahlzeiten.
refused-already-plated = Du hast deine Armee heute schon angerichtet.
refused-no-battlefield-for-meal = Heute gibt es kein Schlachtfeld fürs { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} („Du kannst keinen Teller einer Mahlzeit auf deine Armee legen, wenn es für diese Mahlzeit heute keine Schlachtfelder gibt").
refused-army-too-big = Eine Armee hat höchstens fünf Truppen, nicht { $count }.
refused-no-such-card = Es gibt keine Karte { $card }.
refused-instant-in-army = { CARD($card) } ist eine Sofortkarte: „Lege keine Sofortkarten in deine Armee".
refused-not-a-plating-instant = { CARD($card) } ist keine Sofortkarte, die beim Anrichten gespielt wird.
refused-not-enough-cards = Du hältst { $held }-mal { CARD($card) }, nicht { $wanted }-mal.
refused-untargeted = { CARD($card) } zielt auf keine Truppe: Spiele sie ohne Ziel.
refused-needs-target = { CARD($card) } braucht ein Ziel: eine deiner aktuellen Truppen ({ $count ->
    [0] du hast in diesem Gang keine
   *[other] { CARDS($troops) }
}).
refused-not-your-troop = { CARD($target) } ist keine deiner aktuellen Truppen („Du kannst mit deinen Sofortkarten keine Truppen anderer Spieler wählen").
refused-wrong-kind-target = { CARD($card) } wirkt auf eine Truppe vom Typ { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
}; { CARD($target) } ist vom Typ { $kind ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
} (die Mahlzeit, bei der sie kämpft, ändert ihren Typ nicht).
refused-not-held = Du hältst { CARD($card) } nicht.
refused-not-an-instant = { CARD($card) } ist eine Truppe, keine Sofortkarte.
refused-plating-only = Auf { CARD($card) } steht „Beim Anrichten spielen": Sie wird mit deinem Teller gespielt.
refused-needs-dog = { CARD($card) } darf nur gespielt werden, während der Hund bei dieser Mahlzeit ist.
refused-battlefield-deck-empty = Der Schlachtfeldstapel ist leer: Es gibt keine Karte zu ziehen.
refused-no-troops-to-boost = { CARD($card) } stärkt deine Truppen in diesem Gang, und du hast keine.
refused-discard-after-pass = Wenn du gepasst hast, kannst du in diesem Gang nichts mehr abwerfen.
refused-discard-used = { CARD($troop) } hat ihre Abwurf-Fähigkeit in diesem Gang schon benutzt: „Du musst alle auf einmal abwerfen".
refused-no-discard-power = { CARD($troop) } ist keine deiner aktuellen Truppen mit einer Abwurf-Fähigkeit.
refused-discard-nothing = Wirf mindestens eine Karte ab.
refused-discard-not-held = Du hältst { $held }-mal { CARD($card) }, nicht { $wanted }-mal (abgeworfen wird von der Hand).
refused-discard-wrong-kind = { CARD($troop) } nimmt nur Truppen vom Typ { $meal ->
    [breakfast] Frühstück
    [lunch] Mittagessen
   *[dinner] Abendessen
}; { CARD($card) } ist keine.
refused-unknown-options = Unbekannte Option(en) { $options }; bekannt sind: { $known }.
refused-option-boot-camp = Die Option boot_camp muss true oder false sein, nicht { $value }.
refused-option-non-native-tie = Die Option non_native_tie muss eine von { $choices } sein, nicht { $value }.
refused-option-vp-to-win = Die Option vp_to_win muss eine ganze Zahl von 1 bis 54 sein, nicht { $value }.

## Karten

card-big-bad-bacon = Großer Böser Speck
    .text = Keine Fähigkeit: einfach groß und böse.
card-blt-bombardier = BLT-Bombardier
    .text = Ist 8, wenn er beim Mittagessen kämpft.
card-broccoli-brigadier = Brigadier Brokkoli
    .text = Keine Fähigkeit.
card-casserole-copycat = Auflauf-Nachahmer
    .text = + die höchste aufgedruckte Leckerheit unter den Truppen der anderen Spieler, die in diesem Gang aufgedeckt wurden.
card-club-sandwich-colonel = Oberst Clubsandwich
    .text = Keine Fähigkeit.
card-copycat-crepe = Nachahmer-Crêpe
    .text = + die höchste aufgedruckte Leckerheit unter den Truppen der anderen Spieler, die in diesem Gang aufgedeckt wurden.
card-corn-dog-commando = Corndog-Kommando
    .text = +5, während der Hund bei dieser Mahlzeit ist.
card-corporal-cinnamon-roll = Obergefreite Zimtschnecke
    .text = Ist 9, wenn sie beim Frühstück kämpft.
card-corporal-taco = Obergefreiter Taco
    .text = Wirf beliebige Karten von deiner Hand ab (alle auf einmal, einmal pro Gang): +2 für jede.
card-first-sergeant-fish-stick = Hauptfeldwebel Fischstäbchen
    .text = Keine Fähigkeit.
card-general-cheeseburger = General Cheeseburger
    .text = Deine Mittagessentruppen, die bei dieser Mahlzeit nach ihm aufgedeckt werden, bekommen +4.
card-general-chicken = General Hähnchen
    .text = Deine anderen Abendessentruppen, die bei dieser Mahlzeit mit ihm oder nach ihm aufgedeckt werden, bekommen +4.
card-general-donut = General Donut
    .text = Deine Frühstückstruppen, die bei dieser Mahlzeit nach ihm aufgedeckt werden, bekommen +4.
card-grilled-cheese-grunt = Käsetoast-Landser
    .text = Keine Fähigkeit.
card-hot-dog-private = Gefreiter Hotdog
    .text = +4, während der Hund bei dieser Mahlzeit ist.
card-lieutenant-lasagna = Leutnant Lasagne
    .text = Verdoppelt die Leckerheit deiner nächsten Truppe, wenn sie eine Abendessentruppe ist (nach all ihren anderen Boni).
card-locked-and-loaded-spud = Geladene Kartoffel
    .text = Deckt deine nächste Truppe auf, die sich diesem Gang anschließt (ihre Leckerheit wird addiert).
card-mean-burrito = Fieser Burrito
    .text = Wirf Frühstückstruppen von deiner Hand ab (alle auf einmal, einmal pro Gang): +3 für jede.
card-meatball-mortar = Fleischbällchen-Mörser
    .text = Wirf Abendessentruppen von deiner Hand ab (alle auf einmal, einmal pro Gang): +3 für jede.
card-meatloaf-marine = Hackbraten-Marinesoldat
    .text = Keine Fähigkeit.
card-oatmeal-infantry = Haferbrei-Infanterie
    .text = +5, während der Hund bei dieser Mahlzeit ist (Haferbrei rührt er nicht an).
card-pizza-paratrooper = Pizza-Fallschirmjäger
    .text = Keine Fähigkeit.
card-pot-roast-private = Gefreiter Schmorbraten
    .text = +2 für jede Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-private-pancake = Gefreiter Pfannkuchen
    .text = +8 für jeden anderen deiner Gefreiten Pfannkuchen, der bei dieser Mahlzeit vor ihm aufgedeckt wurde.
card-ranger-ramen = Ranger Ramen
    .text = +2 für jede Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-roast-beef-ranger = Roastbeef-Ranger
    .text = Keine Fähigkeit.
card-scrambled-egg-scout = Rührei-Späher
    .text = +3, wenn er beim Frühstück kämpft.
card-sergeant-sausage = Unteroffizier Würstchen
    .text = +2 für jede Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-sergeant-spaghetti = Unteroffizier Spaghetti
    .text = +3, wenn er beim Abendessen kämpft.
card-steak-sergeant = Steak-Unteroffizier
    .text = Keine Fähigkeit.
card-sunny-side-egg = Spiegelei
    .text = Keine Fähigkeit.
card-taco-salad-spy = Tacosalat-Spion
    .text = + die höchste aufgedruckte Leckerheit unter den Truppen der anderen Spieler, die in diesem Gang aufgedeckt wurden.
card-tech-sergeant-toast = Technik-Feldwebel Toast
    .text = Verdoppelt die Leckerheit deiner nächsten Truppe, wenn sie eine Frühstückstruppe ist (nach all ihren anderen Boni).
card-tomato-soup-trooper = Tomatensuppen-Soldat
    .text = +3, wenn er beim Mittagessen kämpft.
card-turkey-trooper = Truthahn-Soldat
    .text = Ist 8, wenn er beim Abendessen kämpft.
card-waffle-warrior = Waffel-Krieger
    .text = Wirf Frühstückstruppen von deiner Hand ab (alle auf einmal, einmal pro Gang): +2 für jede.
card-hot-sauce-hurrah = Scharfe-Soße-Hurra
    .text = Eine deiner aktuellen Truppen bekommt +2 für jede andere Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-major-maple-syrup = Major Ahornsirup
    .text = Eine deiner aktuellen Frühstückstruppen bekommt +3.
card-medic-mustard = Sanitäter Senf
    .text = Eine deiner aktuellen Mittagessentruppen bekommt +3.
card-phd-pepper = Dr. Pfeffer
    .text = Eine deiner aktuellen Abendessentruppen bekommt +3.
card-baron-von-roast = Baron von Braten
    .text = Beim Anrichten spielen. Deine Abendessentruppen bei der Mahlzeit, bei der du anrichtest, bekommen +2.
card-captain-caffeine = Hauptmann Koffein
    .text = Eine deiner aktuellen Frühstückstruppen bekommt +6.
card-chefs-special = Spezialität des Küchenchefs
    .text = Jede deiner Truppen in diesem Gang bekommt +3.
card-dog-biscuit = Hundekeks
    .text = Nur spielbar, während der Hund bei dieser Mahlzeit ist. Eine deiner aktuellen Truppen bekommt +7.
card-double-decker = Doppeldecker
    .text = Verdopple eine deiner aktuellen Truppen (nach ihren anderen Boni).
card-grandmas-secret-sauce = Omas Geheimsoße
    .text = Eine deiner aktuellen Truppen bekommt + ihre aufgedruckte Leckerheit.
card-gravy-general = General Bratensoße
    .text = Eine deiner aktuellen Truppen bekommt +2 für jede andere Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-hot-dog-handler = Hotdog-Hundeführer
    .text = Beim Anrichten spielen. Der Hund kommt als weiterer Teilnehmer zur Mahlzeit, bei der du anrichtest.
card-lunch-lady-lieutenant = Leutnant Kantinenfrau
    .text = Eine deiner aktuellen Mittagessentruppen bekommt +6.
card-midnight-snack-major = Major Mitternachtssnack
    .text = Eine deiner aktuellen Abendessentruppen bekommt +6.
card-puppy-chow-colonel = Oberst Welpenfutter
    .text = Beim Anrichten spielen. Der Hund kommt als weiterer Teilnehmer zur Mahlzeit, bei der du anrichtest.
card-reinforcement-raid = Verstärkungsangriff
    .text = Ziehe die oberste Karte des Schlachtfeldstapels und lege sie zu den Schlachtfeldern dieser Mahlzeit.
card-second-helping = Nachschlag
    .text = Eine deiner aktuellen Truppen bekommt +5.
card-spice-rack-general = General Gewürzregal
    .text = Eine deiner aktuellen Truppen bekommt +3 für jede andere Sofortkarte, die du bei dieser Mahlzeit gespielt hast.
card-spoils-of-war = Kriegsbeute
    .text = Ziehe die oberste Karte des Schlachtfeldstapels und behalte sie.
card-sugar-rush = Zuckerschock
    .text = Eine deiner aktuellen Truppen bekommt +4.
card-sultan-of-sandwiches = Sultan der Sandwiches
    .text = Beim Anrichten spielen. Deine Mittagessentruppen bei der Mahlzeit, bei der du anrichtest, bekommen +2.
card-toast-master-general = Generaltoastmeister
    .text = Beim Anrichten spielen. Deine Frühstückstruppen bei der Mahlzeit, bei der du anrichtest, bekommen +2.
card-battle-of-oatmeal-ridge = Schlacht am Haferbreigrat
    .text = Frühstücks-Schlachtfeld, 3 SP.
card-battle-of-the-big-roast = Schlacht am großen Braten
    .text = Abendessen-Schlachtfeld, 3 SP.
card-dinner-table-trenches = Schützengräben am Esstisch
    .text = Abendessen-Schlachtfeld, 1 SP.
card-lunchbox-last-stand = Letztes Gefecht an der Brotdose
    .text = Mittagessen-Schlachtfeld, 3 SP.
card-meatloaf-meadows = Hackbratenwiesen
    .text = Abendessen-Schlachtfeld, 2 SP.
card-push-at-hamburger-hill = Vorstoß am Hamburger Hügel
    .text = Mittagessen-Schlachtfeld, 2 SP.
card-sandwich-standoff = Sandwich-Patt
    .text = Mittagessen-Schlachtfeld, 1 SP.
card-siege-of-waffle-fort = Belagerung der Waffelburg
    .text = Frühstücks-Schlachtfeld, 2 SP.
card-skirmish-at-sunny-side = Scharmützel an der Spiegelei-Seite
    .text = Frühstücks-Schlachtfeld, 1 SP.
card-begging-dog = Bettelnder Hund
    .text = Der Hund spielt eine 5.
card-big-dog = Großer Hund
    .text = Der Hund spielt eine 12.
card-drooling-dog = Sabbernder Hund
    .text = Der Hund spielt eine 7.
card-hound-dog = Jagdhund
    .text = Der Hund spielt eine 8.
card-hungry-dog = Hungriger Hund
    .text = Der Hund spielt eine 4.
card-puppy = Welpe
    .text = Der Hund spielt eine 3.
card-sleepy-dog = Schläfriger Hund
    .text = Der Hund spielt eine 1.
card-sniffing-dog = Schnüffelnder Hund
    .text = Der Hund spielt eine 6.

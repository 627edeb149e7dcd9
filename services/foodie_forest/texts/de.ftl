# Foodie Forest, Deutsch. Die Begriffe der deutschen Beschreibung
# (/work/shared/rulebooks/foodie-forest-de-description.txt): Zutatenkarte, Rezeptkarte, Topf,
# Stich, Runde, Geber, Farbzwang, Käfer, Gemüse, Früchte, Stiefel, Kräuterkarte, „0“-Karte,
# Sparrezept, Stinkstiefelrezept, Siegpunkte. Die Trash-Karten der englischen Regel heißen Müll.

game-title = Foodie Forest
game-summary = Reiner Knizias Stichspiel rund um den Suppentopf: Über fünf Runden füllt ihr den Topf bis zehn und sammelt die Zutaten, die euer geheimes Rezept verlangt.

## Optionen

option-edition = Ausgabe
    .sentence = Mit welchen Karten und Rezepten gespielt wird: nach der englischen Regel (Müll leert den Topf) oder nach der älteren deutschen Beschreibung (eine Stiefelkarte zählt ihren Wert).
option-edition-en = Englische Regel
option-edition-de-description = Deutsche Beschreibung (Stiefelkarten)

option-recipe_choice = Rezeptwahl
    .sentence = Ob alle ihr Rezept gleichzeitig verdeckt wählen oder, wie in der Variante der Regel, reihum offen, beginnend links vom Geber.
option-recipe_choice-simultaneous = Verdeckt, alle gleichzeitig
option-recipe_choice-sequential = Offen reihum (Variante)

option-trash_keeps_colour = Müll behält den Farbzwang
    .sentence = Aus: Nach einer Müll- oder Stiefelkarte darf jede Farbe gespielt werden, bis der Topf voll ist. Ein: Die geforderte Farbe bleibt, wie es der spätere Satz der englischen Regel sagt („The required color remains the same“).
option-trash_keeps_colour-false = Aus: Müll hebt den Farbzwang auf
option-trash_keeps_colour-true = Ein: Der Farbzwang bleibt

option-missing_cards = Die 3 nicht aufgelisteten Karten jeder Farbe
    .sentence = Die englische Regel nennt nur 11 der 14 Käfer-, Gemüse- und Früchtekarten: Die übrigen 3 jeder Farbe sind Kräuterkarten (erhöhen den Topf nicht) oder „0“-Karten (setzen den Topf auf null zurück). Nur für die englische Ausgabe.
option-missing_cards-herb = Kräuterkarten (zählen nichts)
option-missing_cards-zero = „0“-Karten (leeren den Topf)

option-scoring = Wertung
    .sentence = Wie die Rezepte zählen: wie in der deutschen Beschreibung (ein Farbrezept verliert einen Punkt je Müllkarte) oder wörtlich nach dem englischen Text (ein Punkt Abzug je gestochener Karte).
option-scoring-de-description = Deutsche Beschreibung
option-scoring-rulebook-text = Englische Regel, wörtlich

## Begriffe, mit denen ein Client den Tisch zeichnet

colour-bug = Käfer
colour-vegetable = Gemüse
colour-fruit = Früchte
colour-trash = Müll
colour-boot = Stiefel

# der kurze Name eines Rezepts, wo wenig Platz ist (seine Karte: card-recipe-<Kennung>)
recipe-empty-pot = Sparrezept
recipe-bug = Käferrezept
recipe-vegetable = Gemüserezept
recipe-fruit = Früchterezept
recipe-trash = Müllrezept
recipe-boot = Stinkstiefelrezept

kind-number = Zahlenkarte
kind-herb = Kräuterkarte
kind-zero = „0“-Karte
kind-recipe = Rezeptkarte

table-pot = Topf
table-pot-total = { $total } von 10
table-required-colour = Geforderte Farbe
table-any-colour = beliebige Farbe
table-dealer = Geber
table-deal = Runde { $deal } von { $deals }
table-hand = Deine Hand
table-recipe = Rezept
table-recipes-left = Übrige Rezepte
table-points = Siegpunkte
table-tricks = Stiche
table-cards-taken = Gestochene Karten
table-last-card = Letzte Karte!
table-chosen = gewählt
table-choosing = wählt …
table-empty-pot = Der Topf ist leer.
table-leads = { $you ->
        [true] Du spielst aus
       *[false] { $player } spielt aus
    }

## Der Tisch des Terminal-Clients (services/foodie_forest/render.py): Überschriften und Beschriftungen
screen-players = Mitspielende
screen-player = Name
screen-points = Punkte
screen-recipe = Rezept
screen-cards = Karten
screen-taken = Gestochen
screen-recipes-left = Übrige Rezepte
screen-you = { $player } (du)
screen-taken-in = { $cards } { $cards ->
        [one] Karte
       *[other] Karten
    } in { $tricks } { $tricks ->
        [one] Stich
       *[other] Stichen
    }
screen-required = geforderte Farbe
screen-herb = Kräuter
screen-no-cards = (keine Karten)
screen-hand = Deine Hand ({ $count ->
        [one] eine Karte
       *[other] { $count } Karten
    })
screen-moves = Deine Züge (tippe eine Zahl oder z. B. 'play bug-3')

## Zutatenkarten (Kennungen <Farbe>-<Wert>, <Farbe>-herb, <Farbe>-0)

card-bug-1 = Käfer 1
    .text = Eine Käferkarte mit dem Wert 1: erhöht den Topf um 1.
card-bug-2 = Käfer 2
    .text = Eine Käferkarte mit dem Wert 2: erhöht den Topf um 2.
card-bug-3 = Käfer 3
    .text = Eine Käferkarte mit dem Wert 3: erhöht den Topf um 3.
card-bug-4 = Käfer 4
    .text = Eine Käferkarte mit dem Wert 4: erhöht den Topf um 4.
card-bug-5 = Käfer 5
    .text = Eine Käferkarte mit dem Wert 5: erhöht den Topf um 5.
card-bug-10 = Käfer 10
    .text = Eine Käferkarte mit dem Wert 10: erhöht den Topf um 10, zählt aber 0, wenn sie einen Stich eröffnet.
card-bug-herb = Käfer-Kräuter
    .text = Eine Kräuterkarte der Farbe Käfer: erhöht den Wert des Topfes nicht, bedient aber Käfer und zählt für das Käferrezept.
card-bug-0 = Käfer 0
    .text = Eine „0“-Karte der Farbe Käfer: setzt den Wert des Topfes auf null zurück.
card-vegetable-1 = Gemüse 1
    .text = Eine Gemüsekarte mit dem Wert 1: erhöht den Topf um 1.
card-vegetable-2 = Gemüse 2
    .text = Eine Gemüsekarte mit dem Wert 2: erhöht den Topf um 2.
card-vegetable-3 = Gemüse 3
    .text = Eine Gemüsekarte mit dem Wert 3: erhöht den Topf um 3.
card-vegetable-4 = Gemüse 4
    .text = Eine Gemüsekarte mit dem Wert 4: erhöht den Topf um 4.
card-vegetable-5 = Gemüse 5
    .text = Eine Gemüsekarte mit dem Wert 5: erhöht den Topf um 5.
card-vegetable-10 = Gemüse 10
    .text = Eine Gemüsekarte mit dem Wert 10: erhöht den Topf um 10, zählt aber 0, wenn sie einen Stich eröffnet.
card-vegetable-herb = Gemüse-Kräuter
    .text = Eine Kräuterkarte der Farbe Gemüse: erhöht den Wert des Topfes nicht, bedient aber Gemüse und zählt für das Gemüserezept.
card-vegetable-0 = Gemüse 0
    .text = Eine „0“-Karte der Farbe Gemüse: setzt den Wert des Topfes auf null zurück.
card-fruit-1 = Früchte 1
    .text = Eine Früchtekarte mit dem Wert 1: erhöht den Topf um 1.
card-fruit-2 = Früchte 2
    .text = Eine Früchtekarte mit dem Wert 2: erhöht den Topf um 2.
card-fruit-3 = Früchte 3
    .text = Eine Früchtekarte mit dem Wert 3: erhöht den Topf um 3.
card-fruit-4 = Früchte 4
    .text = Eine Früchtekarte mit dem Wert 4: erhöht den Topf um 4.
card-fruit-5 = Früchte 5
    .text = Eine Früchtekarte mit dem Wert 5: erhöht den Topf um 5.
card-fruit-10 = Früchte 10
    .text = Eine Früchtekarte mit dem Wert 10: erhöht den Topf um 10, zählt aber 0, wenn sie einen Stich eröffnet.
card-fruit-herb = Früchte-Kräuter
    .text = Eine Kräuterkarte der Farbe Früchte: erhöht den Wert des Topfes nicht, bedient aber Früchte und zählt für das Früchterezept.
card-fruit-0 = Früchte 0
    .text = Eine „0“-Karte der Farbe Früchte: setzt den Wert des Topfes auf null zurück.
card-trash-1 = Müll 1
    .text = Eine Müllkarte: setzt den Wert des Topfes auf 0, und danach darf jede Farbe gespielt werden, bis der Topf voll ist.
card-trash-2 = Müll 2
    .text = Eine Müllkarte: setzt den Wert des Topfes auf 0, und danach darf jede Farbe gespielt werden, bis der Topf voll ist.
card-trash-3 = Müll 3
    .text = Eine Müllkarte: setzt den Wert des Topfes auf 0, und danach darf jede Farbe gespielt werden, bis der Topf voll ist.
card-trash-4 = Müll 4
    .text = Eine Müllkarte: setzt den Wert des Topfes auf 0, und danach darf jede Farbe gespielt werden, bis der Topf voll ist.
card-trash-5 = Müll 5
    .text = Eine Müllkarte: setzt den Wert des Topfes auf 0, und danach darf jede Farbe gespielt werden, bis der Topf voll ist.
card-boot-1 = Stiefel 1
    .text = Eine Stiefelkarte mit dem Wert 1: erhöht den Topf um 1, und der Farbzwang endet für den Rest des Stichs.
card-boot-2 = Stiefel 2
    .text = Eine Stiefelkarte mit dem Wert 2: erhöht den Topf um 2, und der Farbzwang endet für den Rest des Stichs.
card-boot-3 = Stiefel 3
    .text = Eine Stiefelkarte mit dem Wert 3: erhöht den Topf um 3, und der Farbzwang endet für den Rest des Stichs.
card-boot-4 = Stiefel 4
    .text = Eine Stiefelkarte mit dem Wert 4: erhöht den Topf um 4, und der Farbzwang endet für den Rest des Stichs.
card-boot-5 = Stiefel 5
    .text = Eine Stiefelkarte mit dem Wert 5: erhöht den Topf um 5, und der Farbzwang endet für den Rest des Stichs.

## Rezeptkarten (Kennungen wie im Zug: card-recipe-<Kennung>)

card-recipe-empty-pot = Sparrezept
    .text = Du erhältst 5 Punkte und verlierst einen Punkt für jede gestochene Karte.
card-recipe-bug = Käferrezept
    .text = Ein Punkt für jede Käferkarte in deinen Stichen; ein Punkt Abzug für jede Müllkarte darin (in der deutschen Beschreibung: für jeden Stiefel).
card-recipe-vegetable = Gemüserezept
    .text = Ein Punkt für jede Gemüsekarte in deinen Stichen; ein Punkt Abzug für jede Müllkarte darin (in der deutschen Beschreibung: für jeden Stiefel).
card-recipe-fruit = Früchterezept
    .text = Ein Punkt für jede Früchtekarte in deinen Stichen; ein Punkt Abzug für jede Müllkarte darin (in der deutschen Beschreibung: für jeden Stiefel).
card-recipe-trash = Müllrezept
    .text = Ein Punkt für jede Müllkarte in deinen Stichen; ein Punkt Abzug für jede Kräuterkarte darin.
card-recipe-boot = Stinkstiefelrezept
    .text = Ein Punkt für jeden Stiefel in deinen Stichen; ein Punkt Abzug für jede Gewürzkarte (Kräuterkarte) darin.

## Die Regeln am Tisch

rules-goal = Über fünf Runden sammelst du Siegpunkte mit dem Rezept, das du für jede Runde wählst. Alle beginnen mit 5 Siegpunkten, und jeder kann jedes seiner 5 Rezepte nur einmal zubereiten. Wer nach der fünften Runde die meisten Siegpunkte hat, gewinnt; bei Gleichstand teilen sich die Führenden den Sieg.
rules-setup = Der Geber gibt jedem 13 Zutatenkarten (bei 5 Spielern 10); die übrigen werden ungesehen beiseitegelegt. Dann wählt jeder verdeckt eines seiner übrigen Rezepte, und alle werden gleichzeitig aufgedeckt. In der fünften Runde bleibt dir nur dein letztes Rezept.
rules-turn = Der Spieler links vom Geber wirft die erste Zutatenkarte in den Topf, dann geht es reihum; wer eine Karte ausspielt, sagt die Summe im Topf an. Die Farbe der ersten Karte ist die geforderte Farbe: Es herrscht Farbzwang, und wer nicht bedienen kann, spielt eine beliebige Karte. Eine 10, die einen Stich eröffnet, zählt 0. Eine Müllkarte setzt den Topf auf 0, und danach darf jede Farbe gespielt werden (in der deutschen Beschreibung zählt eine Stiefelkarte ihren Wert und hebt den Farbzwang ebenso auf, und die „0“-Karte setzt den Topf auf null zurück). Erreicht oder überschreitet die Summe 10, ist der Topf voll: Du nimmst den Stich verdeckt zu dir und eröffnest den nächsten.
rules-end = Wer seine letzte Karte ausspielt, sagt es an. Hat der Spieler, der an der Reihe ist, keine Karte mehr, endet die Runde: Den unvollständigen Stich bekommt niemand, und Karten auf anderen Händen zählen nicht. Der Spieler links vom Geber gibt als Nächstes.
rules-scoring = Sparrezept: 5 Punkte, ein Punkt Abzug für jede gestochene Karte. Käfer-, Gemüse- und Früchterezept: ein Punkt für jede Karte dieser Farbe in deinen Stichen, ein Punkt Abzug für jede Müllkarte. Müllrezept: ein Punkt für jede Müllkarte, ein Punkt Abzug für jede Kräuterkarte. (Deutsche Beschreibung: Der Stiefel tritt an die Stelle des Mülls.) Niemand fällt unter 0 Punkte.
rules-choices = Wo die Regel schweigt oder sich widerspricht: Die 3 nicht aufgelisteten Karten jeder Farbe sind Kräuterkarten (zählen nichts); nach einer Müllkarte darf jede Farbe gespielt werden; die Rezepte zählen wie in der deutschen Beschreibung (nach dem englischen Text wäre das Müllrezept immer 0 wert); nach einer Runde fällt niemand unter 0 Punkte. In der Variante werden die Rezepte reihum offen gewählt, und der Geber muss, wenn möglich, ein anderes Rezept wählen als sein linker Nachbar. Jede dieser Entscheidungen ist eine Option des Tisches.

## Ereignisse (das Protokoll)

event-GameStarted = Das Spiel beginnt: { $count } Spieler, 5 Runden, je { $points } Siegpunkte. { $you ->
        [true] Du bist
       *[false] { $dealer } ist
    } der erste Geber.
event-CardsDealt = Runde { $deal } von { $deals }: { $you ->
        [true] Du gibst
       *[false] { $dealer } gibt
    } jedem { $cards } Karten{ $aside ->
        [0] .
        [one] ; eine Karte wird ungesehen beiseitegelegt.
       *[other] ; { $aside } Karten werden ungesehen beiseitegelegt.
    }
event-RecipeChosen = { $you ->
        [true] Du hast
       *[false] { $player } hat
    } das { CARD($recipe) } gewählt.
event-RecipeChosen-secret = Du hast das { CARD($recipe) } gewählt (verdeckt, bis alle gewählt haben).
event-RecipeChosen-hidden = { $player } hat verdeckt ein Rezept gewählt.
event-RecipesRevealed = Die Rezepte werden aufgedeckt: { $count ->
        [2] { $you1 ->
            [true] du: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] du: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }
        [3] { $you1 ->
            [true] du: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] du: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] du: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }
        [4] { $you1 ->
            [true] du: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] du: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] du: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }; { $you4 ->
            [true] du: { CARD($recipe4) }
           *[false] { $player4 }: { CARD($recipe4) }
        }
       *[5] { $you1 ->
            [true] du: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] du: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] du: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }; { $you4 ->
            [true] du: { CARD($recipe4) }
           *[false] { $player4 }: { CARD($recipe4) }
        }; { $you5 ->
            [true] du: { CARD($recipe5) }
           *[false] { $player5 }: { CARD($recipe5) }
        }
    }. { $you ->
        [true] Du eröffnest
       *[false] { $leader } eröffnet
    } den ersten Stich.
event-CardPlayed = { $you ->
        [true] Du spielst
       *[false] { $player } spielt
    } { CARD($card) } aus: Summe im Topf { $total }, { $colour ->
        [bug] Käfer
        [vegetable] Gemüse
        [fruit] Früchte
        [trash] Müll
        [boot] Stiefel
       *[other] { $colour }
    } muss bedient werden.
event-CardPlayed-free = { $you ->
        [true] Du spielst
       *[false] { $player } spielt
    } { CARD($card) } aus: Summe im Topf { $total }, jede Farbe darf folgen.
event-CardPlayed-full = { $you ->
        [true] Du spielst
       *[false] { $player } spielt
    } { CARD($card) } aus: Der Topf ist voll, die Summe ist { $total }!
event-LastCardAnnounced = { $you ->
        [true] Du sagst an: „Letzte Karte!“
       *[false] { $player } sagt an: „Letzte Karte!“
    }
event-TrickTaken = { $you ->
        [true] Du nimmst
       *[false] { $player } nimmt
    } den Stich: { $count ->
        [one] eine Karte
       *[other] { $count } Karten
    }.
event-TrickPutAside = { $you ->
        [true] Du hast
       *[false] { $player } hat
    } keine Karte mehr, also endet die Runde{ $count ->
        [0] .
        [one] : Die letzte Karte im Topf bekommt niemand.
       *[other] : Die { $count } Karten im Topf bekommt niemand.
    }
event-DealScored = Runde { $deal } ist gewertet: { $count ->
        [2] { $you1 ->
            [true] du erhältst { $gain1 } (jetzt { $points1 })
           *[false] { $player1 } erhält { $gain1 } (jetzt { $points1 })
        }, { $you2 ->
            [true] du erhältst { $gain2 } (jetzt { $points2 })
           *[false] { $player2 } erhält { $gain2 } (jetzt { $points2 })
        }
        [3] { $you1 ->
            [true] du erhältst { $gain1 } (jetzt { $points1 })
           *[false] { $player1 } erhält { $gain1 } (jetzt { $points1 })
        }, { $you2 ->
            [true] du erhältst { $gain2 } (jetzt { $points2 })
           *[false] { $player2 } erhält { $gain2 } (jetzt { $points2 })
        }, { $you3 ->
            [true] du erhältst { $gain3 } (jetzt { $points3 })
           *[false] { $player3 } erhält { $gain3 } (jetzt { $points3 })
        }
        [4] { $you1 ->
            [true] du erhältst { $gain1 } (jetzt { $points1 })
           *[false] { $player1 } erhält { $gain1 } (jetzt { $points1 })
        }, { $you2 ->
            [true] du erhältst { $gain2 } (jetzt { $points2 })
           *[false] { $player2 } erhält { $gain2 } (jetzt { $points2 })
        }, { $you3 ->
            [true] du erhältst { $gain3 } (jetzt { $points3 })
           *[false] { $player3 } erhält { $gain3 } (jetzt { $points3 })
        }, { $you4 ->
            [true] du erhältst { $gain4 } (jetzt { $points4 })
           *[false] { $player4 } erhält { $gain4 } (jetzt { $points4 })
        }
       *[5] { $you1 ->
            [true] du erhältst { $gain1 } (jetzt { $points1 })
           *[false] { $player1 } erhält { $gain1 } (jetzt { $points1 })
        }, { $you2 ->
            [true] du erhältst { $gain2 } (jetzt { $points2 })
           *[false] { $player2 } erhält { $gain2 } (jetzt { $points2 })
        }, { $you3 ->
            [true] du erhältst { $gain3 } (jetzt { $points3 })
           *[false] { $player3 } erhält { $gain3 } (jetzt { $points3 })
        }, { $you4 ->
            [true] du erhältst { $gain4 } (jetzt { $points4 })
           *[false] { $player4 } erhält { $gain4 } (jetzt { $points4 })
        }, { $you5 ->
            [true] du erhältst { $gain5 } (jetzt { $points5 })
           *[false] { $player5 } erhält { $gain5 } (jetzt { $points5 })
        }
    }.
event-GameEnded = Das Spiel ist aus: { $you ->
        [true] { $others_count ->
            [0] Du gewinnst
            [1] Du und { $others } teilt euch den Sieg
           *[other] Du, { NAMES($others, after: 1) } teilt euch den Sieg
        }
       *[false] { $count ->
            [one] { NAMES($winners) } gewinnt
           *[other] { NAMES($winners) } teilen sich den Sieg
        }
    } mit { $points } { $points ->
        [one] Siegpunkt
       *[other] Siegpunkten
    }.

## Züge

move-choose_recipe = { CARD($recipe) } wählen
move-play = { CARD($card) } ausspielen

## Was jetzt zu tun ist

prompt-over = Das Spiel ist aus.
prompt-dealing = Die Karten werden gegeben …
prompt-choose = Du bist dran: Wähle verdeckt ein Rezept für diese Runde.
prompt-choose-face-up = Du bist dran: Wähle ein Rezept für diese Runde; alle sehen es sofort.
prompt-waiting-choose = Warten, bis { NAMES($players) } ein Rezept gewählt { $count ->
        [one] hat
       *[other] haben
    }.
prompt-revealing = Die Rezepte werden aufgedeckt …
prompt-lead = Du bist dran: Spiel eine beliebige Karte aus und eröffne einen neuen Stich.
prompt-follow = Du bist dran: Spiel eine Karte aus. Summe im Topf: { $total }; bediene { $colour ->
        [bug] Käfer
        [vegetable] Gemüse
        [fruit] Früchte
        [trash] Müll
        [boot] Stiefel
       *[other] { $colour }
    }, wenn du kannst.
prompt-play-free = Du bist dran: Spiel eine Karte aus. Summe im Topf: { $total }; jede Farbe ist erlaubt.
prompt-waiting = { $player } ist am Zug und spielt eine Karte aus.

## Abgelehnte Züge

refused-not-an-object = Ein Zug muss ein Objekt sein, etwa {"{"} "type": "play", "card": "bug-3" {"}"}.
refused-unknown-move-type = Foodie Forest kennt keinen Zug { $type }: Wähle ein Rezept oder spiel eine Karte aus.
refused-unknown-fields = Ein Zug „{ $move }“ hat { $count ->
        [one] kein Feld
       *[other] keine Felder
    } { $fields }.
refused-unknown-recipe = Es gibt kein Rezept { $recipe }; die Rezepte sind { CARDS($recipes) }.
refused-unknown-card = Es gibt keine Karte { $card }; Karten heißen etwa bug-3, fruit-10, trash-1 oder vegetable-herb.
refused-game-over = Das Spiel ist aus.
refused-dealing = Die Karten werden gerade gegeben: Warte auf deine Hand.
refused-not-at-table = Platz { $seat } gehört nicht zu diesem Tisch.
refused-choose-recipe-first = Wähle zuerst ein Rezept: Die Stiche beginnen, sobald alle Rezepte aufgedeckt sind.
refused-wait-for-recipes = Die Stiche beginnen, sobald alle Rezepte aufgedeckt sind.
refused-not-your-turn = { $player } ist am Zug.
refused-recipes-revealed = Die Rezepte dieser Runde sind schon aufgedeckt: Spiel eine Karte aus.
refused-already-chose = Du hast dein Rezept schon gewählt; es fehlen noch { NAMES($players) }.
refused-not-your-turn-to-choose = { $player } ist mit der Rezeptwahl an der Reihe.
refused-recipe-used = Das { CARD($recipe) } hast du schon verwendet.
refused-dealer-must-differ = Als Geber musst du ein anderes Rezept wählen als { $player } (das { CARD($recipe) }): Wähle aus { CARDS($recipes) }.
refused-not-in-hand = Du hast { CARD($card) } nicht auf der Hand.
refused-must-follow = Du musst { $colour ->
        [bug] Käfer
        [vegetable] Gemüse
        [fruit] Früchte
        [trash] Müll
        [boot] Stiefel
       *[other] { $colour }
    } bedienen: Du hast { CARDS($cards) }.
refused-already-started = Das Spiel hat schon begonnen.
refused-no-shuffle = Es wird gerade nicht gemischt.
refused-unknown-options = Foodie Forest hat keine Option { $options }; die Optionen sind { $known }.
refused-bad-option = Die Option { $option } muss einen dieser Werte haben: { $allowed }; nicht { $value }.
refused-option-not-for-edition = Die Option { $option } gilt nicht für { $edition ->
        [en] die englische Regel
       *[other] die deutsche Beschreibung
    }: Dort sind alle Karten aufgelistet.

# Die eigenen Texte der Laufzeit, allen Spielen gemeinsam (shared/i18n.py liest sie nach den
# Texten eines Spiels). Jeder Schlüssel steht auch in en.ftl, mit denselben Argumenten.

language-name = Deutsch

## Ereignisse, die die Laufzeit schreibt. $you ist "true", wenn es um den lesenden Platz geht.

event-GameCreated = { $ranked ->
    [true] Eine gewertete Partie für { NAMES($players) } wurde eingerichtet.
   *[false] Eine Partie für { NAMES($players) } wurde eingerichtet.
}
event-SeedCommitted = Der Kartenstapel hat sich auf seinen geheimen Startwert festgelegt ({ $commitment }…); jedes Mischen lässt sich prüfen, sobald er offengelegt ist.
event-ShuffleApplied = Die Karten ({ $deck }) wurden gemischt.
event-GameOver = Die Partie ist vorbei. { $you ->
    [true] { $count ->
        [one] Du hast gewonnen!
       *[other] Du teilst dir den ersten Platz mit { NAMES($others) }.
    }
   *[false] { $count ->
        [one] { NAMES($winners) } hat gewonnen.
       *[other] { NAMES($winners) } teilen sich den ersten Platz.
    }
}
event-GameOver-team = Die Partie ist vorbei. { $won ->
    [true] { $you ->
        [true] { $count ->
            [one] Du hast gewonnen!
           *[other] Ihr habt gemeinsam gewonnen!
        }
       *[false] { $count ->
            [one] { $players } hat gewonnen!
           *[other] { NAMES($players) } haben gemeinsam gewonnen!
        }
    }
   *[false] { $you ->
        [true] { $count ->
            [one] Du hast verloren.
           *[other] Ihr habt gemeinsam verloren.
        }
       *[false] { $count ->
            [one] { $players } hat verloren.
           *[other] { NAMES($players) } haben gemeinsam verloren.
        }
    }
}
event-GameOver-forfeit = Die Partie ist vorbei: { $you ->
    [true] Du hast aufgegeben.
   *[false] { $player } hat aufgegeben.
}
event-SeedRevealed = Der Kartenstapel hat seinen geheimen Startwert offengelegt: Jedes Mischen dieser Partie lässt sich jetzt prüfen.
# Ein Bot am Tisch (shared.names.bots_at_table): Nummer 0, wo er der einzige am Tisch ist
player-bot = { $number ->
    [0] Bot
   *[other] Bot { $number }
}
event-ClockSet = Alle haben { $initial_s } { $initial_s ->
    [one] Sekunde
   *[other] Sekunden
} auf der Uhr, dazu { $increment_s } nach jedem Zug; { $forfeit ->
    [true] wessen Zeit abläuft, hat verloren.
   *[false] für wen die Zeit abläuft, spielt ein Bot.
}
event-TimeRecorded = Die Uhren wurden festgehalten.
event-TimedOut = { $you ->
    [true] Deine Zeit ist abgelaufen.
   *[false] Die Zeit von { $player } ist abgelaufen.
}
event-BotMoved = { $you ->
    [true] Dein Bot hat für dich gespielt,
   *[false] Der Bot von { $player } hat gespielt,
} { $reason ->
    [timeout] weil die Zeit abgelaufen ist.
   *[takeover] solange niemand da ist.
}
event-Forfeited = { $you ->
    [true] Du gibst auf.
   *[false] { $player } gibt auf.
}
event-PlayerConnected = { $you ->
    [true] Du bist am Tisch.
   *[false] { $player } ist am Tisch.
}
event-PlayerDisconnected = { $you ->
    [true] Du bist weg.
   *[false] { $player } ist weg.
}
event-BotTookOver = { $you ->
    [true] Ein Bot spielt für dich,
   *[false] Ein Bot spielt für { $player },
} { $reason ->
    [away] solange niemand da ist.
   *[missed-turns] nach verpassten Zügen.
}
event-PlayerReturned = { $you ->
    [true] Du bist zurück und spielst wieder.
   *[false] { $player } ist zurück und spielt wieder.
}
event-GameCancelled = Die Partie wurde abgesagt: Niemand ist rechtzeitig erschienen. Sie wird nicht gewertet.
event-GameCancelled-abandoned = Die Partie wurde abgesagt: { NAMES($players) } { $count ->
    [one] hat
   *[other] haben
} den Tisch verlassen und { $count ->
    [one] ist
   *[other] sind
} nicht zurückgekommen. Sie wird nicht gewertet.

## Was jetzt zu tun ist, wenn ein Spiel nichts Eigenes sagt.

prompt-your-turn = Du bist dran.
prompt-waiting = Warten auf { NAMES($players) }.
prompt-dealing = Die Karten werden verteilt.
prompt-over = Die Partie ist vorbei.

## Überschriften der Regelabschnitte.

section-goal = Ziel
section-setup = Vorbereitung
section-turn = Ein Zug
section-cards = Die Karten
section-end = Das Ende
section-scoring = Wertung
section-choices = Wo die Anleitung schweigt

## Ablehnungen, die alle Spiele teilen.

refused-no-such-game = Es gibt keine Partie { $game_id }.
refused-bad-game-id = Das ist keine gültige Partie-Kennung (Buchstaben, Ziffern, - und _, bis zu 64).
refused-no-such-seat = Platz { $seat } gibt es nicht: Der Tisch hat die Plätze 0 bis { $last }.
refused-not-your-seat = Platz { $seat } gehört { $owner }, nicht dir.
refused-bad-move-id = Ein Zug braucht eine Zug-Kennung aus 1 bis 128 Zeichen.
refused-move-id-reused = Die Zug-Kennung { $move_id } wurde schon für einen anderen Zug verwendet: Ein neuer Zug braucht eine neue Kennung.
refused-stale-version = Der Tisch hat sich verändert (er ist bei Version { $version }, dein Zug war für Version { $expected }): Sieh ihn dir noch einmal an und ziehe dann.
refused-raced = Ein anderer Zug kam zuerst an (die Partie ist bei Version { $version }): Sieh dir den Tisch noch einmal an.
refused-dealt = Seit du hingesehen hast, wurden Karten verteilt (Version { $version }): Sieh dir den Tisch noch einmal an.
refused-busy = Die Partie hat sich ständig verändert, während dein Zug entschieden wurde; versuche es noch einmal.
refused-game-over = Die Partie ist vorbei.
refused-game-cancelled = Die Partie wurde abgesagt.
refused-dealing = Die Karten werden gerade verteilt; frage gleich noch einmal.
refused-not-your-turn = Du bist nicht dran.
refused-no-move = Schicke einen Zug: ein JSON-Objekt mit einem Typ, z. B. {"{"}"type": "play"{"}"}.
refused-move-not-json = Der Zug ist kein gültiges JSON.
refused-move-not-object = Ein Zug ist ein JSON-Objekt mit einem Typ.
refused-move-no-type = Ein Zug braucht einen Typ; dieses Spiel kennt: { $known }.
refused-unknown-move-type = Dieses Spiel hat keinen Zug { $type }; es kennt: { $known }.
refused-move-extra-field = Ein Zug { $move } hat kein Feld { $field }; er nimmt: { $allowed }.
refused-move-missing-field = Ein Zug { $move } braucht { $field }.
refused-move-field-kind = Das Feld { $field } eines Zugs { $move } muss { $kind ->
    [number] eine ganze Zahl
    [bool] wahr oder falsch
    [list] eine Liste von Texten
   *[text] ein Text
} sein.
refused-move-field-choice = Das Feld { $field } eines Zugs { $move } muss eines von { $choices } sein.
refused-move-field-too-long = Das Feld { $field } eines Zugs { $move } ist zu lang (höchstens { $limit } Zeichen).
refused-move-field-range = Das Feld { $field } eines Zugs { $move } liegt außerhalb des erlaubten Bereichs.
refused-move-field-items = Das Feld { $field } eines Zugs { $move } hat { $count } Einträge; höchstens { $limit }.
refused-no-spectators = Diese Partie erlaubt keine Zuschauer.
refused-replay-not-player = Nur die Spieler der Partie und Betreiber dürfen sie nachspielen.
refused-replay-not-over = Die Partie ist noch nicht vorbei: Eine laufende Partie verfolgst du, indem du zusiehst.
refused-replay-other-seat = Spieler sehen sich ihren eigenen Platz oder die Sicht der Zuschauer an.
refused-no-token = Melde dich zuerst an: Dieser Aufruf braucht ein Token.
refused-token-expired = Deine Anmeldung ist abgelaufen; melde dich neu an.
refused-token-invalid = Deine Anmeldung ist nicht gültig; melde dich neu an.
refused-operators-only = Nur die Betreiber des Systems dürfen seine Kennzahlen lesen; du bist angemeldet als { $role }.
refused-too-many-calls = Zu viele Anfragen: höchstens { $limit } pro Minute. Versuche es in { $wait } s noch einmal.
refused-too-many-streams = Zu viele Seiten des Spiels sind gleichzeitig offen ({ $limit } Live-Verbindungen): Schließe eine und versuche es noch einmal.
refused-too-many-streams-address = Zu viele Live-Verbindungen aus deinem Netz ({ $limit }): Schließe eine Seite und versuche es noch einmal.
refused-too-many-requests = Zu viele Anfragen aus deinem Netz: höchstens { $limit } pro Minute. Versuche es in { $wait } s noch einmal.

## Private Tische (docs/friends.md)
refused-players-only = Private Tische sind für Spieler: Melde dich als Spieler an.
refused-no-such-table = Es gibt keinen Tisch { $table }.
refused-table-code-unknown = Der Einladungscode { $code } ist unbekannt oder abgelaufen: Bitte den Gastgeber um einen neuen.
refused-table-code-expired = Der Einladungscode { $code } ist abgelaufen: Der Tisch hat begonnen, oder niemand hat ihn rechtzeitig gestartet.
refused-table-seats = Dieses Spiel wird von { $low } bis { $high } Personen gespielt.
refused-table-fixed-ranked = Die Plätze eines gewerteten Tisches werden gelost: Nur ein ungewerteter Tisch behält feste Plätze.
refused-table-rating-gap = { $player } darf nicht an diesen gewerteten Tisch: Die Wertungszahl liegt mehr als { $gap } von der des Gastgebers entfernt. Spielt ungewertet oder trefft euch in der gewerteten Warteschlange.
refused-table-already-seated = Du sitzt schon an einem anderen offenen Tisch ({ $game }, Gastgeber { $host }, Einladungscode { $code }): Starte oder verlasse ihn zuerst.
refused-table-joined-twice = Du sitzt schon an diesem Tisch.
refused-table-full = Der Tisch ist voll ({ $seats } Personen).
refused-table-host-only = Nur der Gastgeber, { $host }, darf das.
refused-table-not-open = Der Tisch ist nicht mehr offen.
refused-table-not-seated = Du sitzt nicht an diesem Tisch.
refused-table-none-held = Du sitzt an keinem offenen Tisch.
refused-table-too-few = Dieses Spiel braucht mindestens { $needed } Personen; { $came } sind gekommen. Fülle den Rest mit Bots auf.
refused-table-not-yours = Nur die Spieler des Tisches dürfen eine Revanche verlangen.
refused-table-not-started = Eine Revanche folgt einer Partie: Dieser Tisch hat noch nicht begonnen.
refused-table-spectators-option = Zuschauer sind eine Einstellung des Tisches, keine Option des Spiels.
refused-table-expiry = Ein Einladungscode gilt höchstens { $hours } Stunden.
refused-table-id-required = Nenne den Tisch: seine Kennung, wie sie beim Eröffnen zurückkam.

## Die Warteschlange (services/matchmaking/service.py): eine Suche ist ein Ticket
refused-live-ticket = { $player } sucht schon einen Tisch für { $game }: Brich diese Suche ab oder warte, bis sie endet.
refused-live-ticket-join = { $player } sucht schon einen Tisch für { $game }: Brich diese Suche ab, um dieser Gruppe beizutreten.
refused-no-such-ticket = Es gibt keine Suche { $ticket }: Es gab sie nie, oder sie endete vor mehr als einem Tag.
refused-ticket-not-yours = Diese Suche gehört { $players }, nicht dir.
refused-no-invitation = Hier gibt es keine Einladung mehr anzunehmen.
refused-ticket-being-seated = Für diese Suche wird gerade ein Tisch gedeckt; versuche es gleich noch einmal.
refused-ticket-matched = Diese Suche hat ihren Tisch schon gefunden: Sie lässt sich nicht mehr abbrechen.
refused-ticket-ended = Diese Suche ist schon beendet.
refused-game-options = { $game } lässt sich so nicht spielen: { $reason }
refused-game-required = Wähle ein Spiel.
refused-unknown-game = Hier gibt es kein Spiel { $game }; die Spiele sind: { $known }.
refused-options-too-large = Die Spieloptionen sind zu lang: höchstens { $limit } Bytes.
refused-party-without-you = Du kannst nur für eine Gruppe suchen, zu der du gehörst: { $players }.
refused-party-not-a-name = { $name } ist kein Spielername.
refused-party-twice = Eine Gruppe nennt jeden Spieler nur einmal.
refused-party-too-large = Eine Gruppe hat höchstens { $limit } Spieler.
refused-party-too-big = Eine Gruppe von { $party } passt nicht an einen Tisch für höchstens { $high } Personen.
refused-ticket-min-max = Der kleinste gesuchte Tisch ({ $low } Personen) ist größer als der größte ({ $high }).
refused-invitation-players-only = Nur ein Mitglied der Gruppe nimmt ihre Einladung an, angemeldet als es selbst.
refused-bot-level-ranked = Die Stärke der Bots gibt es nur an ungewerteten Tischen: An gewerteten Tischen spielen die Bots des Hauses so stark, wie der Betreiber es festlegt.
refused-bot-level-unknown = Die Stärke der Bots ist eine von { $levels }, nicht { $level }.

## The leaderboard (services/leaderboard/service.py)
refused-not-on-board = { $player } steht noch nicht auf dieser Liste von { $game }.
refused-no-rated-game = { $player } hat noch kein gewertetes Spiel { $game }.

## Tisch-Chat (docs/friends.md): Schnellsätze, ein Tipp je Satz
chat-phrase-hello = Hallo!
chat-phrase-good-luck = Viel Glück und viel Spaß!
chat-phrase-your-turn = Du bist dran!
chat-phrase-one-moment = Einen Moment, bitte.
chat-phrase-nice-move = Schöner Zug!
chat-phrase-oops = Hoppla!
chat-phrase-thanks = Danke!
chat-phrase-well-played = Gut gespielt!
chat-phrase-rematch = Revanche?
refused-chat-no-spectators = Dieses Spiel hat keine Zuschauer, also auch keinen Zuschauer-Chat.
refused-chat-no-phrase = Diesen Schnellsatz gibt es nicht.
refused-chat-empty = Eine Chat-Nachricht braucht ein paar Worte oder einen Schnellsatz.
refused-chat-too-long = Eine Chat-Nachricht hat höchstens { $limit } Zeichen.
refused-chat-too-fast = Höchstens { $count } Nachrichten in { $seconds } Sekunden: Warte einen Moment.
refused-chat-mute-whom = Nenne einen anderen Spieler, den du stummschalten willst.

# A matchmaking ticket's reason (services/matchmaking/reasons.py): why it ended or what it waits on.
ticket-no-house-bots = Gerade ist kein Hausbot frei: Wir warten auf Mitspieler.
ticket-cancelled-by = abgebrochen von { $player }
ticket-declined-by = abgelehnt von { $player }
ticket-invitation-lapsed = Die Einladung wurde nicht binnen { $seconds } s angenommen (von { $waiting }); eine Gruppe stellt sich an, sobald alle zugesagt haben.
ticket-no-table = Binnen { $seconds } s kam kein Tisch für { $game } mit { $size } Spielern zustande. Stell dich neu an, vielleicht auch für andere Tischgrößen.
ticket-left = Niemand hat { $seconds } s lang nach dieser Suche geschaut: Die Spieler haben die Warteschlange verlassen (stell dich neu an, um zu spielen).
ticket-not-created = Die Partie konnte nicht angelegt werden ({ $why }); zurück in der Warteschlange, die Wartezeit bleibt.

# Die eigenen Worte des Terminal-Clients (apps/terminal: app.py, tui.py, render.py, build.py,
# talk.py und `foodgames play`), auf Deutsch. Die Worte der Spiele sind deren eigene
# (services/<Spiel>/texts/), die gemeinsamen der Laufzeit folgen nach diesen (shared/texts/).
# Führende Leerzeichen einer Nachricht setzt der Code (Fluent schneidet sie ab).

## Einen Tisch finden (app.py)
queue-unreadable = die gemerkte Partie { $game_id } lässt sich nicht lesen ({ $error })
queue-rejoining = Zurück in Partie { $game_id } als { $player } (Platz { $seat }), Version { $version }
queue-table-started = Der Tisch hat begonnen: Partie { $game_id }, du sitzt auf Platz { $seat }
queue-no-invitation = Niemand hat dich ({ $player }) in eine Gruppe für { $title } eingeladen: Bitte sie, `foodgames play { $game } --party { $player }` aufzurufen
ended-ticket = Die Suche { $state ->
        [cancelled] wurde abgebrochen
       *[expired] ist abgelaufen
    }: { $reason }
ended-stream = Der Matchmaker antwortet zu dieser Suche nicht mehr: Starte den Client neu, um wieder beizutreten.
ended-table-expired = Der Tisch ist abgelaufen, bevor er begann.
ended-table-closed = { $host } hat den Tisch geschlossen, bevor er begann.
ended-no-rematch = Keine Revanche: Es fehlen noch { NAMES($players) }.
queue-joined-party = der Gruppe von Ticket { $ticket } beigetreten
queue-already = du wartest schon mit Ticket { $ticket }; es wird weiterverfolgt
queue-searching = Suche einen Tisch für { $title } als { $player } ({ $ranked ->
        [true] gewertet
       *[false] ungewertet
    }, Ticket { $ticket }) …
queue-ticket = Ticket { $state ->
        [inviting] lädt ein (seit { $seconds } s)
        [searching] sucht (seit { $seconds } s)
        [matched] zugeteilt nach { $seconds } s
        [cancelled] abgebrochen nach { $seconds } s
        [expired] abgelaufen nach { $seconds } s
       *[other] { $state } nach { $seconds } s
    }
queue-spinner = suche Mitspielende …
queue-matched = Tisch gefunden: Partie { $game_id }, du sitzt auf Platz { $seat }

## Ein privater Tisch (app.py)
table-sit-at = Du sitzt am Tisch von { $host } ({ $players } von { $seats }); warte auf den Beginn …
table-open = Dein Tisch ist offen. Einladungscode: { $code }
table-link = Link: { $link }   (oder: foodgames play { $game } --invite { $code })
table-not-left = der Tisch ließ sich nicht verlassen: { $error }
table-no-answer = keine Antwort innerhalb von { $seconds } Sekunden
table-closed = Du hast deinen Tisch geschlossen.
table-left = Du hast den Tisch verlassen.
table-waiting = am Tisch: { NAMES($players) } ({ $free } { $free ->
        [one] Platz
       *[other] Plätze
    } frei)

## Spielen (app.py, cli/play.py)
play-refused-move = der Server hat { $move } abgelehnt: { $error }
play-seed-sent = eigener Zufallswert an den Kartenstapel-Dienst geschickt
play-seed-refused = der Kartenstapel-Dienst hat unseren Zufallswert nicht angenommen: { $error }
play-sample = Diese { $count } Züge sind nur einige deiner Züge: tippe b, um aus allen einen Zug Feld für Feld zu bauen.
play-not-built = kein Zug gebaut: wähle aus der Liste, oder b, um neu zu bauen
play-not-legal = kein erlaubter Zug: { $reason }
play-rematch = Revanche? (j/n)>
# die Antworten auf die Frage nach der Revanche, die ja heißen, durch Kommas getrennt
play-yes = j, ja, y, yes
play-rematch-started = Die Revanche hat begonnen: Partie { $game_id }, du sitzt auf Platz { $seat }
play-left = Du hast den Tisch verlassen; `foodgames play { $game } --name { $player }` bringt dich zurück.
play-nobody = niemand hat geantwortet ({ $error }): Läuft der Server? (make run)
play-refused = der Server hat abgelehnt: { $error }
play-name-needed = foodgames play: zum Spielen braucht es --name (oder --spectate PARTIE_ID zum Zuschauen)

## Was man tippt (typed.py)
input-empty = tippe die Nummer eines Zuges
input-off-list = { $number } steht nicht auf der Liste: wähle 1 bis { $count }
input-not-a-move = '{ $text }' ist kein Zug: tippe eine Nummer oder einen Zug wie '{ $example }'

## Einen Zug aus den Möglichkeiten bauen (build.py)
build-kind = Welche Art von Zug?
build-example = { $kind } (z. B. { $label })
build-field = { $field }:
build-field-optional = { $field }: (leer: weglassen)
build-subset = { $field }: { $low } bis { $high } davon ({ $ordered ->
        [true] in Reihenfolge,{" "}
       *[false] {""}
    }Nummern durch Leerzeichen getrennt; jede höchstens einmal{ $low ->
        [0] ; leer: keine
       *[other] {""}
    })
build-subset-again = tippe { $low } bis { $high } verschiedene Nummern von 1 bis { $count }
build-pick = Wahl>
build-pick-again = tippe eine Nummer von 1 bis { $count }

## Der Tisch-Chat und die Revanche (talk.py)
talk-hint = Tisch-Chat: say WORTE, phrases (die Schnellsätze), phrase N, mute NAME, unmute NAME
talk-chat = [Chat] { $player }: { $text }
talk-you = du
talk-unavailable = der Tisch-Chat ist nicht erreichbar: { $error }
talk-say-what = was sagen? z. B. say gutes Spiel
talk-phrase-number = phrase braucht eine Nummer von 1 bis { $count } (phrases listet sie)
talk-whom = { $command } wen? z. B. { $command } bob
talk-muted = stummgeschaltet: { NAMES($players) }
talk-nobody = niemand
talk-refused = der Chat hat abgelehnt: { $error }
talk-rematch-waiting = Du hast um eine Revanche gebeten; warte auf { NAMES($players) } …
talk-the-table = den Tisch

## Der Rahmen um die Zeichnung eines Spiels (render.py)
screen-moves = Deine Züge
screen-game = Partie { $game_id }
screen-log = Am Tisch
screen-you = { $player } (du)
log-table = Tisch: { NAMES($players) }{ $ranked ->
        [true] {" "}(gewertet)
       *[false] {""}
    }
log-seed-committed = der Kartenstapel-Dienst hat sich auf seinen Zufallswert { $commitment } … festgelegt
log-seed-revealed = der Kartenstapel-Dienst hat seinen Zufallswert aufgedeckt: jedes Mischen lässt sich jetzt prüfen
final-title = Endstand
final-place = { $place }. { $player }: { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }
final-casual = Eine ungewertete Partie: die Wertungen bleiben, wie sie sind
final-unrated = ohne Wertung
final-rating = Deine Wertung: { $before } -> { $after }
final-rating-change = Deine Wertung: { $before } -> { $after } ({ $change })
final-pending = Deine Wertung: noch nicht aktualisiert (die Bestenliste hat diese Partie noch nicht gewertet)

## Der Vollbild-Client (tui.py, cli/replay.py)
tui-presence = { $where ->
        [connected] da
        [away] weg
        [bot] Bot
       *[other] { $where }
    }
tui-key-back = zurück
tui-key-forward = vor
tui-key-first = Anfang
tui-key-last = Ende
tui-key-scroll-up = hochblättern
tui-key-scroll-down = runterblättern
tui-key-quit = beenden
tui-key-leave = verlassen
tui-key-palette = Befehle
tui-move-line = dein Zug: eine Nummer aus der Liste oder z. B. 'play bug-3'; q verlässt den Tisch
tui-waiting = warte auf den Tisch …
tui-step = Schritt { $step }/{ $steps } v{ $version }
tui-finished = beendet
tui-no-steps = die Wiederholung hat keine Schritte
tui-behind = ({ $moves } { $moves ->
        [one] Zug
       *[other] Züge
    } zurück)
tui-over-watch = die Partie ist vorbei (q beendet)
tui-over-play = die Partie ist vorbei: Enter oder Escape verlässt sie
tui-title-play = { $title } | { $player }
tui-title-replay = Wiederholung { $title } { $game_id } als { $seat }
tui-title-watch = Zuschauen { $title } { $game_id }
tui-spectator = Zuschauer

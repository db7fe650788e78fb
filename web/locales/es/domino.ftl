# Las palabras de la página y del juego en la terminal, en español (con las
# palabras de las mesas de Puerto Rico: capicú, chuchazo, tranque, pase).
# $many: "you" (tú solo), "team" (una pareja), "true" (varios) o "false"
# (otro jugador solo).

language-name = Español
language-switch = Idioma

## Juegos, jugadores de la computadora

game-title = { $preset ->
    [jamaican] Parejas a la jamaiquina
    [cutthroat] Cada uno por su cuenta
    [chiva] Chiva
    [puerto-rican] Puntos a la puertorriqueña
    [block] Dominó cerrado
    [draw] Dominó con pozo
    [cross] Cruz
    [double-nine-cross] Cruz con doble nueve
    [french] Dominó francés
    [all-fives] Todos los cincos (muggins)
    [fives-and-threes] Cincos y treses
    [club-fives] Cincos a 61
    [mexican-train] Tren mexicano
    [chicken-foot] Pata de gallo
   *[other] { $preset }
}
game-line = { $preset ->
    [jamaican] Dos parejas compiten por llegar a seis manos mientras la otra no tiene ninguna; la ficha clave cuenta doble.
    [cutthroat] Cada cual por su lado: gana quien llegue a seis manos mientras alguien sigue en cero.
    [chiva] Cuatro a cero entre dos parejas, o cada uno por su cuenta y robando del pozo si son dos o tres.
    [puerto-rican] Quien gana la mano se lleva los puntos que quedan en las fichas de los demás; los pases y el capicú pagan. A 100 puntos.
    [block] El clásico: no se roba; el ganador se anota los puntos de los perdedores.
    [draw] El clásico con pozo: se roba hasta poder jugar.
    [cross] El primer doble se juega por sus cuatro lados antes de seguir.
    [double-nine-cross] Fichas hasta el doble nueve; salida en cruz, y cada doble abre dos líneas nuevas.
    [french] Cuatro brazos que esperan su doble; puntos de castigo, y al llegar a 100 gana el total más bajo.
    [all-fives] Se anotan las puntas cuando suman un múltiplo de cinco. A 100 puntos.
    [fives-and-threes] Anotan los múltiplos de tres y los de cinco. A 100 puntos.
    [club-fives] Dos jugadores marcan un punto por cada cinco, cruzando la T, hasta 61.
    [mexican-train] De dos a ocho jugadores, un tren cada uno desde la estación y el tren mexicano para todos; gana el menor total tras trece manos.
    [chicken-foot] De dos a ocho jugadores; cada doble es una pata de gallo que pide tres dedos antes que nada. Gana el menor total tras diez manos.
   *[other] { "" }
}
level = { $bot ->
    [random] Principiante
    [heavy] Fácil
    [count] Tranquilo
    [heuristic] Fuerte
    [expert] Experto
   *[other] { $bot }
}
level-tooltip = Jugador de la computadora «{ $bot }»

brand = Dominó
page-title = Dominó
you = Tú
you-tag = tú
bot-name = Bot { $n }
team = { $a } y { $b }
players-count = { $count } jugadores

## Cabecera y ajustes

sound-on = Sonido activado
sound-off = Sonido apagado
sound-toggle = Sonidos para jugadas, pases y tu turno
autopass = Pasar por mí cuando no pueda jugar
autopass-help = Si ninguna ficha cabe y no hay nada que robar, el pase se hace solo.
settings = Ajustes

## Sala

lobby-you = Tu nombre
lobby-name-placeholder = El nombre que verán los demás
lobby-quick = Jugar contra la computadora
lobby-game = Juego
lobby-level = Nivel de la computadora
lobby-play = Jugar
lobby-new = Una mesa con amigos
lobby-new-help = Decide quién se sienta dónde: invita a tus amigos a sus puestos y la computadora ocupa los demás.
lobby-players = Jugadores
lobby-seats = Puestos
lobby-seat-you = Tú
lobby-seat-bot = Computadora
lobby-seat-invite = Invitar a un amigo
lobby-seat-where = { $where }
lobby-private = Privada: solo la encuentra quien tenga el enlace
lobby-watch-bots = Solo la computadora en la mesa (para verla jugar)
lobby-house-rules = Reglas de la casa
lobby-option-points = puntos
lobby-create = Crear la mesa
lobby-need-name = Primero escoge un nombre.
lobby-custom = Partidas a tu medida
quick-title = Partida rápida
quick-help = Un toque: juegas con quien pida el mismo juego; si nadie llega en los segundos que ves, juegas contra la computadora.
quick-clock-move15 = 15 s + 1 min
quick-clock-none = Sin reloj
quick-clock-day1 = 1 día por jugada
quick-tile-label = { $game }, { $clock }
quick-others = { $count ->
    [one] 1 espera
   *[other] { $count } esperan
}
quick-waiting = Buscando jugadores ({ $game }, { $clock }): la computadora juega contigo en { $s } s.
quick-computer-now = Jugar ya contra la computadora
quick-to-computer = No llegó nadie: juegas contra la computadora.
quick-filling = Armando la mesa: la computadora toma los asientos libres.
quick-guest-name = Jugador { $n }
lobby-games = Los juegos
lobby-open = Mesas abiertas
lobby-refresh = Actualizar
lobby-none-open = Ahora mismo no hay mesas abiertas. ¡Abre una!
lobby-join = Sentarse
lobby-watch = Mirar
lobby-finished = Partidas terminadas
lobby-none-finished = Todavía no ha terminado ninguna partida.
lobby-replay = Repetición
lobby-record = Registro
lobby-record-help = Descarga el registro de la partida (JSON), verificable con domino verify
lobby-free-seats = { $count ->
    [one] 1 puesto libre
   *[other] { $count } puestos libres
}
lobby-hand = mano { $n }
lobby-won-by = { $many ->
    [false] Ganó { $who }
   *[other] Ganaron { $who }
}
lobby-tie = Sin ganador
lobby-date = { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
lobby-hands = { $count ->
    [one] 1 mano
   *[other] { $count } manos
}
seat-where-0 = tu puesto
seat-where-partner = compañero, de frente
seat-where-left = rival, a tu izquierda
seat-where-right = rival, a tu derecha
seat-where-next = jugador { $n } en el turno
played-by-bot = { $name } (luego un jugador de la computadora)
left-match = { $name } (se fue; terminó un jugador de la computadora)
away-match = { $name } (ausente: un jugador de la computadora hizo el { $share } % de las jugadas)

## Reglas de la casa (las opciones de la sala)

option-name = { $name ->
    [set] Fichas
    [hand_size] Fichas por jugador
    [sporting] Salida libre
    [key_tile] Ficha clave
    [playoff] Desempate al uno a uno
    [tie_replays] Repetir las manos empatadas
    [boneyard] Robar del pozo
    [blocked] En un tranque gana
    [pass_points] Puntos por pase
    [premiums] Premios
    [claims] Cómo se anotan los puntos
    [muggins_by] Quién se lleva los puntos sin cantar
    [skunk] Zapatero
    [partners] Parejas
    [both_partners_out] Tienen que pegarse los dos
    [scoring] Tanteo
    [target] Puntos para ganar
    [double_blank_ten] El doble blanco vale 10
    [capicu_same_ends] Capicú con puntas iguales
    [start_double] Primera máquina
    [rounds] Manos
    [double_blank] Doble blanco en la mano
    [first_turn] Primer turno
    [mexican_train] Tren mexicano
    [open_trains_start] Trenes abiertos al empezar
    [centre] Lados del centro
   *[other] { $name }
}
option-help = { $name ->
    [set] Fichas hasta el doble seis, el doble nueve o el doble doce.
    [hand_size] Cuántas fichas recibe cada jugador.
    [sporting] Quien tiene el doble seis puede salir con cualquier ficha en la primera mano.
    [key_tile] Dominar con la ficha clave vale 2.
    [playoff] Una mano que dejaría el marcador 1-1 se juega como desempate a 2-0.
    [tie_replays] Una mano empatada se vuelve a jugar por un punto más.
    [boneyard] Se reparten 7 a cada uno; quien no puede jugar roba del resto.
    [blocked] Cuando nadie puede jugar: la pareja con menos puntos sumados, o la pareja del jugador con menos puntos.
    [pass_points] Lo que cada pase le da a la otra pareja (0: nada).
    [premiums] Puntos extra por las dos primeras manos, por el capicú y por el chuchazo.
    [claims] Automático: tus puntos se anotan solos. Muggins: los cantas tú, y si se te pasan otro jugador puede llevárselos. Estricto: los puntos que no cantas se pierden.
    [muggins_by] Con muggins: solo el siguiente jugador, o cualquier otro, puede llevarse los puntos que no cantaste.
    [skunk] Un perdedor por debajo de 31: puntos extra para el ganador, sin zapatero, o la partida cuenta doble.
    [partners] Dos parejas: tú y quien está de frente contra los otros dos.
    [both_partners_out] Con parejas, una pareja gana la mano solo cuando los dos se han pegado.
    [scoring] Manos: un punto por mano ganada. Puntos: el ganador se anota los puntos de las fichas de los perdedores.
    [target] El tanteo que termina la partida.
    [double_blank_ten] El doble blanco cuenta 10 puntos al contar una mano.
    [capicu_same_ends] También es capicú cuando las dos puntas muestran el mismo número y la última ficha entra por cualquiera.
    [start_double] El doble que abre la primera mano; cada mano siguiente empieza con uno menos.
    [rounds] Cuántas manos dura la partida.
    [double_blank] Lo que cuenta el doble blanco si queda en la mano al final.
    [first_turn] Una ficha en el primer turno, o todas las que el jugador pueda poner en su propio tren.
    [mexican_train] Si se puede abrir el tren mexicano, que es de todos.
    [open_trains_start] Si todos los trenes están abiertos a todos desde el principio.
    [centre] Cuántas fichas lleva el doble del centro antes que nada: cuatro o seis.
   *[other] { $help }
}
option-choice = { $choice ->
    [team_total] total de la pareja
    [lowest_player] jugador con menos
    [auto] automático
    [muggins] muggins
    [strict] estricto
    [next] el siguiente
    [any] cualquiera
    [no_skunk] sin zapatero
    [double_game] partida doble
    [hand] manos
    [spots] puntos
   *[other] { $choice }
}

## Mesa: puestos

seat-tiles = { $count ->
    [one] 1 ficha
   *[other] { $count } fichas
}
seat-passes = { $count ->
    [one] pasó una vez
   *[other] pasó { $count } veces
}
seat-to-play = le toca
seat-your-turn = Te toca
seat-partner = compañero
seat-bot = computadora · { $level }
seat-away = ausente: por ahora juega la computadora
seat-left = se fue: juega la computadora
seat-waiting = esperando a un amigo
seat-ready = listo
seat-out = fuera
boneyard = { $count ->
    [one] Pozo: 1 ficha
   *[other] Pozo: { $count } fichas
}
copy-invite = Copiar el enlace de invitación
copied = Enlace copiado
invite-link = Enlace de invitación
fill-bots = Empezar ya: la computadora ocupa los puestos vacíos
waiting-invited = { $count ->
    [one] Esperando a 1 invitado.
   *[other] Esperando a { $count } invitados.
}
waiting-host = La partida empieza cuando lleguen todos los invitados.

## Mesa: estado y acciones

status-your-turn = Te toca: juega una ficha resaltada.
status-your-turn-plain = Te toca.
status-choose-end = ¿Dónde va { $tile }? Escoge una punta.
status-waiting-for = Esperando a { $who }…
status-watching = Estás mirando esta mesa.
status-watching-bots = Estás mirando jugar a la computadora.
status-watching-full = Estás mirando: todos los puestos están ocupados.
status-next-hand = La próxima mano empieza cuando todos estén listos.
status-choose-poser = Ganaste la mano: ¿quién sale en la próxima?
status-auto-passed = Ninguna de tus fichas le cabe a { $ends } y no hay nada que robar: pasaste.
status-auto-passed-empty = No podías jugar y no había nada que robar: pasaste.
status-left = Te fuiste de la mesa.
ends-list = { $list }
act-draw = Robar una ficha
act-pass = Paso
act-muggins = Cantar muggins
act-muggins-nothing = Nada que llevarse: la última jugada no dejó puntos sin cantar.
act-muggins-help = Llevarte los puntos que el último jugador hizo y no cantó
act-claim = Cantar mis puntos
act-claim-help = Tu próxima jugada canta los puntos que haga. No cantes nada que no anote.
act-poser = { $me ->
    [true] Salgo yo
   *[other] Sale { $who }
}
act-on-end = { $end } · { $pips }
act-cancel = Cancelar
act-leave = Irse de la mesa
act-leave-confirm = ¿Irte de esta mesa? Un jugador de la computadora toma tu puesto hasta el final de la partida.
act-resign = Rendirse
act-resign-confirm = ¿Rendirte en esta partida? Termina ahora y tu lado queda último{ $rated ->
    [yes] ; cuenta como derrota para tu puntuación.
   *[no] .
}
act-abort = Anular
act-abort-confirm = ¿Anular esta partida? Todavía no se ha jugado nada: termina sin resultado y ninguna puntuación cambia.
act-ready = Próxima mano
act-join = Sentarse
act-watch = Solo mirar
join-prompt = Sentarte en esta mesa como
end-left = punta izquierda
end-right = punta derecha
end-top = punta de arriba
end-bottom = punta de abajo
end-branch = rama de { $tile }
end-branch-side = rama de { $tile } ({ $side })
side-up = arriba
side-down = abajo
side-left = izquierda
side-right = derecha
board-empty = Aquí va la salida
board-waiting = La partida no ha empezado todavía
hand-label = Tus fichas
tile-label = { $playable ->
    [true] { $tile }, se puede jugar
   *[other] { $tile }
}

## El registro

log-title = Las jugadas
log-hand = Mano { $n }
ev-pose = Salida de { $who }: { $tile }
ev-play = { $who }: { $tile } en la { $end }
ev-claim = cantando
ev-draw = { $who }: roba una ficha del pozo
ev-draw-seen = { $who }: roba { $tile }
ev-pass = { $who }: pase
ev-choose-poser = { $self ->
    [true] { $who }: sale
   *[other] { $who }: le toca salir a { $other }
}
ev-muggins = { $who }: ¡muggins!
ev-scored = { $many ->
    [you] { $who } te anotas { $points }
    [false] { $who } se anota { $points }
   *[other] { $who } se anotan { $points }
}{ $reason ->
    [ends] { " " }por las puntas
    [pass] { " " }por el pase
    [muggins] { " " }por muggins
   *[other] { "" }
}
ev-penalty = { $many ->
    [you] { $who } te llevas
    [false] { $who } se lleva
   *[other] { $who } se llevan
} { $points } puntos de castigo ({ $reason ->
    [three_passes] tres pases
    [board_pass] un pase de mesa
   *[other] { $reason }
})
ev-unclaimed = { $who }: { $points } sin cantar
ev-out = { $many ->
    [you] { $who } te pegaste
    [false] { $who } se pegó
   *[other] { $who } se pegaron
}
ev-hand-over = { $text }
ev-match-over = { $many ->
    [you] ¡{ $who } ganas la partida!
    [false] ¡{ $who } gana la partida!
   *[other] ¡{ $who } ganan la partida!
}
ev-match-tie = La partida termina empatada.
ev-chat = { $who }: { $text }

## Resultados

result-title = Mano { $n }
result-wins = { $many ->
    [you] { $who } ganas la mano
    [false] { $who } gana la mano
   *[other] { $who } ganan la mano
}
result-tie = Mano empatada
result-domino = { $many ->
    [you] ¡Dominó! Te quedaste sin fichas.
   *[other] ¡Dominó! { $who } se quedó sin fichas.
}
result-blocked = { $many ->
    [you] Tranque: tenías menos puntos ({ $count }).
   *[other] Tranque: { $who } tenía menos puntos ({ $count }).
}
result-blocked-team = Tranque: { $who } tenían menos puntos ({ $count }).
result-blocked-tie = Tranque, y las manos más ligeras empataron.
result-target = { $many ->
    [you] Llegaste a { $target } durante la mano.
   *[other] { $who } llegó a { $target } durante la mano.
}
result-points = { $who }: { $points }
result-note = { $note ->
    [key_tile] ganó con la ficha clave
    [capicu] ¡capicú! la última ficha cabía por las dos puntas
    [chuchazo] ¡chuchazo! se pegó con la chucha (el doble blanco)
    [hand_premium] premio por una de las dos primeras manos
    [board_pass] se cobró un pase de mesa
    [double_out] se pegó con un doble: los castigos de los demás se duplican
    [skunk] ¡zapatero! el perdedor no llegó a 31
    [tie] una mano empatada no anota nada
    [replay] la próxima mano se repite por un punto más
    [playoff_next] uno a uno: la próxima mano es el desempate
    [playoff] desempate ganado
    [reset] los tantos vuelven a cero
    [six_love] ¡seis a cero!
    [four_love] ¡cuatro a cero!
   *[other] { $note }
}
result-pips = { $count ->
    [one] 1 punto
   *[other] { $count } puntos
}
result-ready-wait = Esperando a { $who }.
result-hands = Todas las manos
match-over = Fin de la partida
match-you-win = { $many ->
    [false] ¡Ganaste la partida!
   *[other] ¡Ganaron la partida!
}
match-winner = { $many ->
    [you] { $who } ganas la partida
    [false] { $who } gana la partida
   *[other] { $who } ganan la partida
}
match-tie = La partida quedó empatada
match-called-off = Partida anulada
match-final = Resultado final
match-resigned = { $who } se rindió.
match-aborted = { $who } anuló la partida antes de empezar: sin resultado, ninguna puntuación cambió.
match-resigned-you = Te rendiste.
match-aborted-you = Anulaste la partida antes de empezar: sin resultado, ninguna puntuación cambió.
match-skunk = { $many ->
    [you] ¡Zapatero! { $who } te quedaste sin llegar
    [false] ¡Zapatero! { $who } se quedó sin llegar
   *[other] ¡Zapatero! { $who } se quedaron sin llegar
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } para el ganador)
}{ $games ->
    [1] { "" }
   *[other] : la partida cuenta como { $games } partidas
}.
rematch = Revancha
rematch-help = Los mismos puestos, una partida nueva
rematch-open = Empezó una revancha: únete
back-lobby = Volver a la sala
open-replay = Ver la repetición
download-record = Descargar el registro

## Tanteo

score-title = Tanteo
score-hand = Mano { $n }
score-love = Gana quien llegue a { $goal } mientras alguien sigue en cero
score-love-cut = Gana quien llegue a { $goal } mientras alguien sigue en cero; si todos han ganado una mano, todos vuelven a cero
score-points = { $target ->
    [one] A { $target } punto
   *[other] A { $target } puntos
}
score-penalty = Puntos de castigo: cuando alguien llega a { $target }, gana el total más bajo
score-pegs = Marcando hasta { $target }
score-to-go = faltan { $count }
score-hands = Mano { $hand } de { $count }: gana el menor total
score-of = { $score } / { $target }
score-stake = La próxima mano vale { $stake }
score-playoff = Esta mano es el desempate
score-hands-won = { $count ->
    [one] 1 mano
   *[other] { $count } manos
}
score-leader-low = el más bajo
sheet-title = Hoja de tanteo
sheet-hand = Mano
sheet-how = Cómo
sheet-total = Total
sheet-empty = Todavía no ha terminado ninguna mano.
how-domino = { $many ->
    [you] dominaste
   *[other] dominó de { $who }
}
how-blocked = { $many ->
    [you] tranque, tenías menos
   *[other] tranque, { $who } con menos
}
how-blocked-tie = tranque, empate
how-target = { $many ->
    [you] llegaste a la meta
   *[other] { $who } llegó a la meta
}

## Repartos justos

fair-title = Reparto justo
fair-sealed = Reparto sellado
fair-verified = Reparto verificado
fair-failed = Reparto NO verificado
fair-checking = Verificando el reparto…
fair-explain = Antes de cada mano el servidor publica una huella (SHA-256) de la clave secreta con la que revuelve las fichas. Al terminar la mano revela la clave, y esta página vuelve a repartir por su cuenta a partir de ella y lo compara con cada mano mostrada.
fair-hand = Mano { $n }
fair-commit = Huella de la clave
fair-key = Clave revelada
fair-key-hidden = se revela al terminar la mano
fair-redeal = Regla para repartir de nuevo
fair-redeal-double = se reparte otra vez mientras nadie tenga un doble
fair-redeal-never = nunca se reparte otra vez
fair-redeal-turn_over = no se reparte otra vez; quien sale se saca de la clave
fair-redeal-tile = se reparte otra vez mientras nadie tenga { $tile }
fair-ok = ✓ Reparto verificado: la huella y todas las manos coinciden con la clave revelada{ $redeals ->
    [0] { "" }
    [one] { " " }(tras repartir 1 vez más: { $why })
   *[other] { " " }(tras repartir { $redeals } veces más: { $why })
}
fair-why-double = nadie tenía un doble
fair-why-tile = nadie tenía { $tile }
fair-bad-commit = ✗ Reparto NO verificado: la clave revelada no coincide con la huella
fair-not-all = ✗ Reparto sin verificar: no se muestran todas las manos
fair-bad-rule = ✗ Reparto NO verificado: la regla publicada «{ $rule }» no sirve para repartir la mano { $hand } de { $preset }
fair-not-verified = ✗ Reparto NO verificado: { $why }
fair-error = ✗ Reparto sin verificar: { $why }
fair-stolen = { $who } jugó { $tile }, que la clave revelada no le repartió
fair-empty-boneyard = { $who } robó de un pozo vacío
fair-wrong-hand = la mano de { $who } no es la que reparte la clave revelada
fair-wrong-hands = las manos de { $list } no son las que reparte la clave revelada
fair-wrong-poser = la clave revelada le da la salida a { $poser }, pero salió { $who }
fair-seat = puesto { $n }
fair-replay-ok = ✓ Cada reparto coincide con su clave revelada.
fair-replay-bad = ✗ Los repartos no coinciden con sus claves reveladas.

## Charla

chat-title = Charla de la mesa
chat-placeholder = Di algo (200 caracteres como máximo)
chat-send = Enviar
chat-empty = Nadie ha dicho nada todavía.
chat-phrase-hi = ¡Saludos!
chat-phrase-gg = ¡Buena partida!
chat-phrase-nice = ¡Qué jugada!
chat-phrase-oops = ¡Ay!
chat-phrase-thanks = ¡Gracias!
chat-phrase-hurry = ¡Te toca!
chat-phrase-again = ¿Otra?
chat-phrase-wow = ¡Wepa!
chat-too-long = Como máximo 200 caracteres.

## Conexión y errores

offline = Se perdió la conexión. Reconectando en { $secs } s…
offline-now = Se perdió la conexión. Reconectando…
offline-retry = Reconectar ahora
online-again = Conectado otra vez.
not-found-title = Aquí no hay nada
not-found-table = No hay ninguna mesa en esta dirección. Quizás terminó hace tiempo, o el enlace está mal escrito.
not-found-replay = No hay ninguna partida terminada en esta dirección.
not-found-page = Esta página no existe.
not-found-lobby = Ir a la sala
table-over = Esta partida terminó.
# Una negativa del servidor, según su código ($message: las palabras del servidor,
# en inglés, para un código que no está aquí). Están todos los códigos del
# servidor y los del motor que puede traer una jugada o una mesa nueva; los del
# motor unknown_command, no_match, unknown_bot, bad_deal y bad_record nunca
# llegan al navegador (son del protocolo propio del motor: el servidor reparte,
# y para los bots usa bad_bot).
error = { $code ->
    [already_seated] Ya tienes un puesto en esta mesa.
    [analysis_busy] El entrenador está ocupado con otras partidas: inténtalo dentro de un minuto.
    [analysis_too_large] Esta partida es demasiado larga para que el entrenador la analice.
    [bad_bot] Ese jugador de la computadora no existe: escoge uno de la lista.
    [bad_chat] Eso no se puede enviar: escribe algo o escoge una frase.
    [bad_game] Ese juego no existe.
    [unknown_preset] Ese juego no existe.
    [bad_option] Una de las opciones no se permite en este juego: cámbiala y trata otra vez.
    [bad_rules] Con esas opciones no sale un juego: cámbialas y trata otra vez.
    [bad_hand] Esa mano no se puede anotar así: revisa lo que anotaste.
    [impossible_counts] Ningún reparto deja esas cuentas: dos jugadores no pueden tener la misma ficha, y cada jugador que no salió tiene al menos una.
    [impossible_points] Ninguna mano da esos puntos durante el juego: son más de lo que pueden hacer todas las jugadas, o no van en las unidades que puntúa esta mesa.
    [impossible_acts] Esa penalización anula más de lo que puede: como mucho los puntos de una jugada.
    [bad_json] La página envió algo que el servidor no pudo leer: vuelve a cargar la página.
    [bad_request] La página envió algo que el servidor no pudo leer: vuelve a cargar la página.
    [too_large] Eso es demasiado largo para enviarlo.
    [bad_name] Escoge otro nombre: necesita algún carácter visible y no puede ser muy largo.
    [bad_names] Demasiados nombres para este juego: uno por jugador o por equipo.
    [name_taken] Ese nombre ya está ocupado: elige otro.
    [bad_seat] Ese puesto no existe.
    [bad_seats] Esos puestos no cuadran con este juego: tú ocupas uno, y los demás son para jugadores o para la computadora.
    [seat_taken] Ese puesto no está libre.
    [not_invited] Ese puesto está reservado para un amigo invitado: solo su enlace de invitación lo ocupa.
    [table_full] No queda ningún puesto libre en esta mesa.
    [bad_token] Ese puesto ya no es tuyo: vuelve a entrar a la mesa.
    [not_your_seat] Ese puesto es de otra cuenta: inicia sesión como su jugador para sentarte ahí.
    [not_seated] No tienes puesto en esta mesa.
    [left] Te fuiste de esta mesa.
    [no_table] Esa mesa no se está jugando aquí.
    [moving] Esa mesa está pasando a otro servidor: espera un momento.
    [not_host] Solo quien creó la mesa llena los puestos.
    [started] La partida ya empezó.
    [not_started] La partida empieza cuando lleguen todos los invitados.
    [not_over] La partida todavía se está jugando.
    [match_over] La partida terminó.
    [hand_over] La mano terminó: prepárate para la próxima.
    [hand_not_over] La mano todavía se está jugando.
    [not_your_turn] No es tu turno.
    [illegal_action] Esa jugada no se permite.
    [stale] La mesa siguió antes de que llegara tu jugada: mira otra vez y juega.
    [busy] Un momento: la mesa está preparando algo. Trata otra vez.
    [hint_failed] El experto no pudo encontrar una.
    [hints_off] Las pistas están desactivadas en esta mesa.
    [chat_too_long] Esa línea es muy larga: hazla más corta.
    [rate_limited] Más despacio: es demasiado a la vez. Espera un momento y trata otra vez.
    [too_many_creates] Demasiadas cosas creadas desde aquí en poco tiempo: espera un rato y vuelve a intentarlo.
    [too_many_tables] Tienes demasiadas mesas sin terminar: termina o deja una primero.
    [no_puzzle] No hay ningún problema con este identificador.
    [no_run] No tienes ninguna racha ni tormenta con ese código.
    [run_over] Esa serie terminó: empieza otra.
    [no_sheet] No hay ninguna hoja de la cuenta en esta dirección.
    [no_secret] Solo quien lleva la cuenta puede cambiar la hoja: su enlace te deja hacerlo.
    [bad_secret] Ese enlace no es el de quien lleva esta hoja: pídeselo a quien lleva la cuenta.
    [changed] La hoja cambió mientras tanto: vuelve a cargarla y anota la mano otra vez.
    [full] Esta hoja está llena: empieza una nueva.
    [nothing_to_undo] No hay nada que deshacer.
    [no_profile] Ese perfil no existe.
    [signed_out] Primero entra con tu perfil: crea uno o abre un enlace de tu otro dispositivo.
    [link_used] Este enlace ya se usó o caducó: crea uno nuevo en tu otro dispositivo.
    [cross_site] Rechazado: la petición venía de otro sitio. Abre el juego en su propia dirección.
    [not_json] Rechazado: la petición no se envió como JSON. Recarga la página e inténtalo de nuevo.
    [store] No se guardó, así que no se hizo: trata otra vez en un momento.
    [internal] Algo falló en el servidor: trata otra vez.
    [already_entered] Ya estás en este torneo.
    [bad_format] Ese no es un formato de torneo: todos contra todos, suizo o eliminación directa.
    [bad_rounds] Ese número de rondas no vale: un suizo juega de 1 a 15 rondas.
    [no_tournament] No hay ningún torneo en esta dirección.
    [not_organiser] Solo el organizador puede hacer eso: el enlace del organizador te deja.
    [not_moderator] Solo un moderador puede hacer eso.
    [round_not_over] Todas las mesas de esta ronda reciben las mismas fichas: podrás mirarla, y ver su repetición, cuando termine la ronda.
    [too_few_entrants] No hay participantes suficientes para empezar: añade jugadores o bots.
    [tournament_full] Este torneo está completo.
    [too_many_tournaments] Ya tienes todos los torneos por empezar que se permiten: empieza uno antes, o espera a que caduque uno en el que no se inscribió nadie.
    [tournament_started] Este torneo ya empezó: la inscripción está cerrada.
    [bad_clock] Ese reloj está fuera de rango: una jugada dura de 5 segundos a 5 minutos, la reserva hasta una hora, una partida de 1 minuto a 2 horas y una jugada por correspondencia de 1 hora a 3 días.
    [out_of_time] Se te acabó el tiempo: la computadora jugó por ti.
    [already_seeking] Ya estás esperando una partida: deja de esperar primero.
    [at_rated_table] Estás jugando una partida puntuada: termínala primero (abandonarla la pierde).
    [bad_fill] La computadora completa tras 5 a 300 segundos, y nunca en partidas puntuadas.
    [bad_team] Este juego no tiene parejas: pide solo.
    [no_game] Ese juego no existe: revisa el juego y sus reglas.
    [no_seek] Esa espera terminó: se canceló o ya se jugó.
    [no_team] Ningún equipo espera pareja con ese código.
    [has_rated_games] Este perfil ya jugó partidas puntuadas como persona: crea otro perfil para tu bot.
    [not_a_bot] Eso es solo para cuentas de bot.
    [too_many_tokens] Este bot ya tiene 10 claves: revoca una primero.
    [no_token] Este bot no tiene esa clave.
    [rate] Demasiadas peticiones con esta clave: ve más despacio.
    [bot_pairing_off] Este servidor no empareja cuentas de bot.
    [bot_offline] Ese bot no está conectado ahora.
    [too_many_challenges] Hay demasiados desafíos esperando: espera una respuesta primero.
    [no_such_profile] Ese perfil no existe.
    [no_challenge] Ese desafío no existe.
    [not_pending] Ese desafío ya fue respondido, cancelado o caducó.
    [too_many_seeks] Demasiadas personas esperan una partida desde esta dirección: espera a que algunas encuentren mesa.
    [no_abort] La partida ya está en marcha: puedes rendirte, pero ya no anularla.
    [in_tournament] Una partida de torneo se juega hasta el final: vete de la mesa para que la computadora juegue tu puesto.
   *[other] { $message }
}

## Repetición

replay-title = Repetición: { $game }
replay-prev = ◀ Atrás
replay-next = Adelante ▶
replay-keys = Las flechas avanzan y retroceden; Re Pág y Av Pág van de mano en mano; Inicio y Fin van al principio y al final.
replay-step = Mano { $hand }, jugada { $step }
replay-deal = Mano { $hand }, el reparto
replay-slider = Posición en la partida
loading = Cargando…

## El juego en la terminal (domino play)
# $person: "you" (el jugador), "one" (otro puesto) o "many" (una pareja).

term-you = Tú
term-north = Norte
term-east = Este
term-west = Oeste
term-seat = Puesto { $n }
term-team = { $a } y { $b }
# Where a tile goes, with its preposition: "juega 6-4 por la izquierda".
term-end-left = por la izquierda
term-end-right = por la derecha
term-end-top = por arriba
term-end-bottom = por abajo
term-end-branch = por la rama { $n } del { $tile }
term-end-other = por la punta { $n }
term-or = { $rest } o { $last }
term-and = { $rest } y { $last }
term-pose = { $person ->
    [you] { $who } sales con { $tile }.
    [one] { $who } sale con { $tile }.
   *[many] { $who } salen con { $tile }.
}
term-play = { $person ->
    [you] { $who } juegas
    [one] { $who } juega
   *[many] { $who } juegan
} { $tile } { $end }{ $shows ->
    [none] { "" }
   *[other] , ahora { $shows }
}.
term-pass = { $person ->
    [you] { $who } pasas
    [one] { $who } pasa
   *[many] { $who } pasan
}{ $ends ->
    [none] { "" }
   *[other] { " " }(nada para { $ends })
}.
term-end-chain = { $person ->
    [you] { $who } terminas tu turno.
    [one] { $who } termina su turno.
   *[many] { $who } terminan su turno.
}
term-pass-opens = { $person ->
    [you] { $who } pasas: tu tren queda abierto.
    [one] { $who } pasa: su tren queda abierto.
   *[many] { $who } pasan: su tren queda abierto.
}
term-choose-self = { $person ->
    [you] { $who } decides salir.
    [one] { $who } decide salir.
   *[many] { $who } deciden salir.
}
term-choose-other = { $person ->
    [you] { $who } decides que salga { $other }.
    [one] { $who } decide que salga { $other }.
   *[many] { $who } deciden que salga { $other }.
}
term-scored = { $person ->
    [you] { $who } te anotas
    [one] { $who } se anota
   *[many] { $who } se anotan
} { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}: { $reason ->
    [ends] las puntas suman { $total }
    [pass] un rival pasó
   *[muggins] muggins, puntos sin cantar
}.
term-penalty = { $person ->
    [you] { $who } pagas
    [one] { $who } paga
   *[many] { $who } pagan
} { $points }: { $reason ->
    [three_passes] tres pases seguidos
   *[board_pass] pase de mesa (todos pasaron hasta volver al jugador)
}.
term-unclaimed = { $person ->
    [you] { $who } haces
    [one] { $who } hace
   *[many] { $who } hacen
} { $points ->
    [one] 1 punto
   *[other] { $points } puntos
} sin cantarlos. { $muggins ->
    [true] El siguiente jugador se los puede llevar (muggins).
   *[other] Se pierden.
}
term-out = { $person ->
    [you] { $who } te pegaste; tu compañero sigue jugando.
    [one] { $who } se pegó; su compañero sigue jugando.
   *[many] { $who } se pegaron; sus compañeros siguen jugando.
}
term-match-won = { $person ->
    [you] ¡{ $who } ganas la partida!
    [one] ¡{ $who } gana la partida!
   *[many] ¡{ $who } ganan la partida!
}
term-match-drawn = La partida queda empatada.
term-skunked = { $person ->
    [you] ¡Zapatero! { $who } no llegaste
    [one] ¡Zapatero! { $who } no llegó
   *[many] ¡Zapatero! { $who } no llegaron
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } para el ganador)
}{ $games ->
    [1] { "" }
   *[other] : la partida cuenta como { $games }
}.
term-note = { $note ->
    [key_tile] ganó con la ficha clave (2 puntos)
    [capicu] ¡capicú! la última ficha cabía por cualquier punta
    [chuchazo] ¡chuchazo! se pegó con la chucha
    [skunk] ¡zapatero! el perdedor no llegó a 31
    [board_pass] se cobró un pase de mesa
    [double_out] se pegó con un doble: los tantos de los demás se duplican
    [tie] empate: nadie anota
    [replay] la mano empatada se repite por un punto más
    [playoff] desempate ganado (2-0)
    [playoff_next] 1-1: la próxima mano es el desempate
    [reset] ganó el lado sin puntos: el tanteo vuelve a 0-0
    [six_love] ¡seis a cero!
    [four_love] ¡cuatro a cero!
   *[hand_premium] premio por mano temprana
}
term-hand-tie = La mano queda empatada
term-hand-domino = { $person ->
    [you] ¡Dominó! { $who } te pegaste
    [one] ¡Dominó! { $who } se pegó
   *[many] ¡Dominó! { $who } se pegaron
}
term-hand-blocked = { $person ->
    [you] Tranque: { $who } ganas con menos puntos
    [one] Tranque: { $who } gana con menos puntos
   *[many] Tranque: { $who } ganan con menos puntos
}
term-hand-target = { $person ->
    [you] { $who } llegas a la meta
    [one] { $who } llega a la meta
   *[many] { $who } llegan a la meta
}
term-hand-won = { $person ->
    [you] { $who } ganas
    [one] { $who } gana
   *[many] { $who } ganan
}
term-you-draw = Robas { $tiles }.
term-draws = { $person ->
    [you] { $who } robas
    [one] { $who } roba
   *[many] { $who } roban
} { $count ->
    [one] 1 ficha
   *[other] { $count } fichas
}.
term-cannot-play = No puedes jugar: { $then }
term-cannot-pass = { $ends ->
    [none] No puedes jugar: paso.
   *[other] No tienes nada para { $ends }: paso.
}
term-cannot-draw-pass = { $ends ->
    [none] No puedes jugar ni robar: paso.
   *[other] No tienes nada para { $ends } ni puedes robar: paso.
}
term-hand-start = Mano { $n }. { $who }
term-hand-worth = Esta mano vale { $stake }.
term-won-last = { $person ->
    [you] { $who } ganaste la última mano y decides quién sale.
   *[other] { $who } ganó la última mano y decide quién sale.
}
term-playoff-hand = Mano de desempate.
term-refused = Rechazado: { $error }
term-bot-failed = Falló un bot: { $error }
term-resumed = Se reanuda desde { $path }.
term-unfinished = Partida sin terminar (mano { $n }); para seguir: domino play --resume { $path }
term-saved = Registro de la partida guardado en { $path }
term-hint-pose = salir con { $tile }
term-hint-play = jugar { $tile } { $end }{ $claim ->
    [true] { " " }y cantar los puntos
   *[other] { "" }
}
term-hint-draw = robar
term-hint-pass = pasar
term-hint-end-chain = terminar tu turno
term-hint-let-pose = que salga { $who }
term-hint-muggins = llevarte los puntos por muggins
term-why-nothing-fits = no cabe nada
term-why-nothing-drawn = no cabe nada y no hay nada que robar
term-why-free-points = puntos regalados
term-why-stronger-lead = que salga una mano más fuerte
term-why-last-tile = es tu última ficha: dominó
term-why-only-play = tu única jugada
term-why-scores = anota { $points } (las puntas suman { $total })
term-why-shown-none = { $who } ha mostrado que no lleva { $ends }
term-why-partner-suit = guarda el { $x }, el palo de tu compañero
term-why-partner-number = deja el { $x }, el número de tu compañero
term-why-keeps = guarda el { $x }: te quedan { $count } más
term-why-covers = tapa el { $x } de { $who }
term-why-double = te quitas un doble de encima
term-why-unloads = sueltas { $count } puntos
term-why-options = guarda tus opciones: aún tienes { $count } fichas del { $x }
term-why-search = la búsqueda del experto la pone primero
term-hint-line = { $what } — { $why }.
term-bot-illegal = El bot de { $who } escogió una jugada ilegal ({ $action }); hace la primera jugada legal.
term-bot-error = El bot de { $who } falló ({ $error }); hace la primera jugada legal.
term-does-not-fit = { $tile } no cabe en ninguna punta ahora.
term-table-title = { " " }Mesa{ " " }
term-ends-title = · puntas { $ends }{ " " }
term-total-title = · suman { $total }{ " " }
term-double-first = primero el { $pips }-{ $pips }
term-you-pose = Sales tú.
term-poses = Sale { $who }.
term-your-turn = Te toca.
term-to-play = Le toca a { $who }.
term-no-advice = El experto no tiene consejo aquí.
term-claim-on = Cantarás los puntos de tu próxima jugada.
term-claim-off = Pondrás fichas sin cantar puntos.
term-hint-not-now = Las pistas son para tu turno, cuando tienes una ficha que escoger.
term-no-next-hand = No hay próxima mano: { $error }
term-prompt-match-over = La partida terminó. Enter o q: salir.
term-prompt-hand-over = Fin de la mano. Enter: próxima mano · q: salir (la partida se guarda).
term-prompt-tile = Te toca: ←/→ o el número de la ficha, luego Enter · h: pista
term-prompt-muggins = { " " }· m: muggins
term-prompt-calling = { " " }· c: cantando puntos
term-prompt-not-calling = { " " }· c: sin cantar
term-prompt-end = { $tile } va en { $ends } · Enter juega, Esc vuelve
term-prompt-poser = Tu lado ganó la mano: ¿quién sale? ←/→, Enter
term-drawing = No puedes jugar: robando…
term-passing = No puedes jugar: pasando…
term-thinking = { $who } ({ $bot }) está pensando…
term-bot-to-play = Le toca a { $who } ({ $bot }).
term-header-your-turn = te toca
term-clock = reloj { $left }
term-out-of-time = Se acabó tu tiempo: la computadora juega por ti.
term-header-to-play = le toca a { $who }
term-header-match-over = fin de la partida
term-header-hand-over = fin de la mano
term-header = dominó · { $game } · mano { $n } · { $turn }
term-header-keys = ?: ayuda  q: salir
term-love-count = { $goal ->
    [4] Cuatro a cero:{ " " }
   *[other] Seis a cero:{ " " }
}
term-love-goal = { " " }(meta: { $goal } a 0)
term-love-stake = { " " }· esta mano vale { $stake }
term-love-playoff = { " " }· mano de desempate
term-penalty-totals = Puntos de castigo:{ " " }
term-lowest-wins = { " " }(gana el más bajo al llegar a { $target })
term-pegs-to = A { $target }:{ " " }
term-skunked-below = { " " }(zapatero por debajo de 31)
term-points-to = Puntos a { $target }:{ " " }
term-seat-tiles = { $count ->
    [one] 1 ficha
   *[other] { $count } fichas
}
term-seat-partner-bot = { $who } (compañero, { $bot }): { $tiles }
term-seat-bot = { $who } ({ $bot }): { $tiles }
term-seat-partner = { $who } (compañero): { $tiles }
term-seat-plain = { $who }: { $tiles }
term-seat-short = { $who } { $count }f
term-seat-passed = , pasó { $count }
term-seat-passed-short = { " " }{ $count }p
term-seat-out = { " " }(fuera)
term-boneyard = pozo { $count }
term-empty-choose-you = (ninguna ficha aún: tú decides quién sale)
term-empty-choose = (ninguna ficha aún: { $who } decide quién sale)
term-empty-you = (ninguna ficha aún: sales tú)
term-empty = (ninguna ficha aún: sale { $who })
term-hidden = { $count ->
    [one] { " " }1 ficha sin mostrar: la mesa está llena{ " " }
   *[other] { " " }{ $count } fichas sin mostrar: la mesa está llena{ " " }
}
term-hint-thinking = Pista: el experto está pensando…
term-hint = Pista: { $text }
term-your-tiles = { " " }Tus fichas{ " " }
term-no-tiles = (sin fichas)
term-count = cuenta
term-match-over-line = La partida terminó.
term-leave = Enter o q: salir (el registro se guarda)
term-next-or-quit = Enter: próxima mano · q: salir (la partida se guarda)
term-match-over-title = { " " }Fin de la partida{ " " }
term-hand-over-title = { " " }Fin de la mano { $n }{ " " }
term-keys-title = { " " }Teclas{ " " }
term-help =
    ←/→ (o ↑/↓, Tab)   moverse entre las fichas que puedes jugar
    1-9, 0             escoger una ficha por su número (0 es la décima)
    Enter o Espacio    jugarla; si cabe en varias puntas, escoger la punta
    {"                   "}igual (números en la mesa) y Enter para jugar
    Esc / Retroceso    volver atrás al escoger la punta
    p                  terminar tu turno (la cadena del primer turno, trenes)
    h                  pedirle una pista al experto
    m                  llevarte los puntos sin cantar (juegos con muggins)
    c                  cantar tus puntos o no (reglas de cantar)
    Enter / n          próxima mano, al terminar una mano
    q / Ctrl-C         salir; el registro se guarda para seguir luego
    ?                  esta ayuda
    {""}
    Robar y pasar se hacen solos cuando son tu única jugada.
term-too-small = domino play necesita una terminal de al menos { $w }x{ $h } (mejor 80x24); esta mide { $cw }x{ $ch }. Agrándala, o pulsa q para salir.

## table: emote faces (the quick-chat emotes, drawn)
emote-thumbs = Pulgar arriba
emote-grin = Gran sonrisa
emote-wow = Sorpresa
emote-phew = Uf
emote-party = Fiesta
emote-shake = Apretón de manos

## table: a claim on a play that scores nothing
act-claim-nothing = Esa jugada no anota nada, así que no había nada que reclamar. Vuelve a elegir tu jugada.

## Scorekeeper (keeping score of a game played with real tiles)

keep-title = Llevar la cuenta
keep-lobby-help = ¿Juegas con fichas de verdad? Lleva aquí la cuenta: anota cada mano y la hoja la puntúa con las reglas del juego.
keep-start = Llevar la cuenta
keep-help = Elige el juego, sus reglas de la casa y quién juega. Tras cada mano anotas lo que pasó; la hoja hace las cuentas.
keep-players = Jugadores
keep-teams = Equipos
keep-player-n = Jugador { $n }
keep-team-n = Equipo { $n }
keep-create = Empezar la hoja
keep-seat-of-team = { $team } ({ $n })
keep-goal-love = Gana quien gane { $goal } manos mientras los demás no tienen ninguna
keep-goal-points = Gana quien llegue primero a { $target } puntos
keep-goal-low = Cuando alguien llega a { $target }, gana el total más bajo
keep-won = { $who } ganó la partida.
keep-drawn = La partida terminó sin ganador.
keep-undo = Deshacer la última mano
keep-csv = Exportar CSV
keep-share-view = Enlace para ver la hoja:
keep-share-edit = Enlace para llevarla (quien lo tenga puede cambiar la hoja):
keep-read-only = Estás viendo esta hoja; solo quien la lleva puede anotar manos.
keep-how-target = { $who } llegó a la meta
keep-next = Mano { $n }
keep-form-help = Marca quién dominó (nadie: la mano se trancó) y anota los puntos que le quedan a cada jugador.
keep-form-help-both = Marca quién salió (los dos compañeros terminan la mano; nadie: tranque) y anota los puntos que le quedan a cada jugador.
keep-player = Jugador
keep-went-out = Dominó
keep-went-out-of = { $who } dominó
keep-count = Puntos
keep-count-of = Puntos de { $who }
keep-holds-double = Tiene un doble
keep-holds-double-of = { $who } aún tiene un doble
keep-act-of = { $who }: { keep-act }
keep-act = { $act ->
    [three_passes] Tres pases
    [board_pass] Pases de mesa causados
    [passed_when_able] Pasó pudiendo jugar
    [wrong_play] Jugadas erróneas
    [over_draw] Robó de más: puntos perdidos
    [boneyard_trip] Robó sin necesidad: puntos perdidos
    [exposed] Ficha descubierta: puntos perdidos
   *[other] { $act }
}
keep-act-help = { $act ->
    [three_passes] Cada vez que un jugador pasó tres veces seguidas: 10 puntos para él.
    [board_pass] Cada vez que su jugada dio la vuelta a la mesa sin respuesta: 10 puntos a cada uno de los demás.
    [passed_when_able] Cada vez que pasó pudiendo jugar: 10 puntos.
    [wrong_play] Cada jugada errónea: 10 puntos.
    [over_draw] Robó fichas de más al repartir y no puntúa en su primera jugada: los puntos de esa jugada.
    [boneyard_trip] Robó pudiendo jugar y no puntúa el resto de la mano: los puntos que hizo después.
    [exposed] Con la regla de ficha descubierta, una ficha mostrada por accidente no puntúa: sus puntos.
   *[other] { $act }
}
keep-play-points = Puntos hechos durante el juego
keep-play-points-fives = Puntos hechos durante el juego (múltiplos de 5)
keep-flag = { $flag ->
    [double] La última ficha fue un doble
    [key_tile] Ficha clave
    [capicu] Capicú
    [chuchazo] Chuchazo
   *[other] { $flag }
}
keep-enter = Anotar la mano
# The trains family (Mexican Train, chicken foot): a match of $count hands,
# $played of them entered; after the last the lowest total wins.
keep-goal-trains = Tras { $count } manos gana el total más bajo ({ $played ->
    [0] aún no se ha jugado ninguna
    [one] 1 jugada
   *[other] { $played } jugadas
})
keep-goal-trains-last = Tras la última mano gana el total más bajo
# A player's place by total in the trains family (1 for the lowest); $ord:
# the number's ordinal plural category in the page's language (one, two,
# few, other: Intl.PluralRules with type "ordinal").
keep-place = { $ord ->
   *[other] { $place }.º
}
# $who: the names sharing the win, joined ("Ann and Bo").
keep-shared = { $who } comparten la victoria con el total más bajo.
keep-next-of = Mano { $n } de { $count }
# $engine: the double that opens the hand, in words ("double eleven").
keep-next-engine = Mano { $n } de { $count }: se abre con el { $engine }
keep-form-help-blank = El doble blanco que quede en la mano cuenta { $points }.
not-found-sheet = No hay ninguna hoja de cuenta en esta dirección.

## Accessibility: names for screen readers, the table's keys
a11y-pips-0 = blanca
a11y-pips-1 = uno
a11y-pips-2 = dos
a11y-pips-3 = tres
a11y-pips-4 = cuatro
a11y-pips-5 = cinco
a11y-pips-6 = seis
a11y-pips-7 = siete
a11y-pips-8 = ocho
a11y-pips-9 = nueve
a11y-pips-10 = diez
a11y-pips-11 = once
a11y-pips-12 = doce
a11y-tile = { $a }-{ $b }
a11y-tile-double = doble { $a }
# $playable: true, false, or "none" when it is not your turn.
a11y-hand-tile = { $playable ->
    [true] { $tile }, se puede jugar
    [false] { $tile }, no se puede jugar
   *[other] { $tile }
}
a11y-board = La mesa
a11y-end-asks = { $end }, { $pips }
a11y-board-ends = Puntas abiertas: { $ends }.
a11y-board-last = Última jugada: { $tile }.
a11y-end-play = Jugar aquí: { $end }, { $pips }
a11y-your-turn = Te toca.
a11y-your-turn-ends = Te toca. { $ends }
a11y-cancelled = Cancelado.
a11y-keys = Teclas
a11y-key-tab = Tab: a tus fichas, luego a los botones
a11y-key-arrows = ← →: entre tus fichas; Intro o Espacio juega la ficha
a11y-key-ends = Una ficha que va en varias puntas: ← → escogen la punta, Intro juega ahí, Escape cancela
a11y-key-draw = D: robar · P: pasar
a11y-key-claim = C: reclamar en tu próxima jugada · M: cantar muggins (juegos con reclamos)
a11y-key-hand = T: volver a tus fichas · B: decir las puntas abiertas y a quién le toca
a11y-key-ready = Al acabar la mano, el foco va al botón de la mano siguiente
a11y-waiting-for = Esperando a { $who }.
a11y-key-hint = H: una pista del experto (la ficha que jugaría recibe el foco)
a11y-hint-button = Pista
a11y-hint-thinking = Pensando una pista…
a11y-hint = Pista: { $what }.
a11y-hint-pose = salir con { $tile }
a11y-hint-play = jugar { $tile } en la { $end }
a11y-hint-draw = robar una ficha
a11y-hint-pass = pasar
a11y-hint-poser = { $self ->
    [true] salir tú
   *[other] que salga { $who }
}
a11y-hint-muggins = cantar muggins
a11y-hint-failed = Esta vez no hay pista ({ $why }).

## The terminal game, plain mode (domino play --plain)

term-plain-intro = { $game }. Contra ti: { $seats }. Una línea por jugada; escribe ? para ver las teclas.
term-plain-bot = { $who } ({ $bot })
term-plain-partner-bot = { $who } (tu compañero, { $bot })
term-plain-hand = Tus fichas: { $tiles }.
term-plain-ends = Las puntas muestran { $ends }{ $total ->
    [none] { "" }
   *[other] { " " }(suman { $total })
}.
term-plain-seats = Los demás: { $seats }.
term-plain-choice = { $n }: { $what }{ $shows ->
    [none] { "" }
   *[other] { " " }(sobre el { $shows })
}
term-plain-left = { $who }: { $tiles } (cuenta { $count })
term-plain-muggins = llevarte los puntos que nadie cantó (muggins)
term-plain-prompt = { $count ->
    [one] Escribe 1
   *[other] Escribe un número del 1 al { $count }
} y luego Enter · h: pista · ?: teclas · q: salir
term-plain-not-a-choice = «{ $text }» no es una de las opciones: escribe un número del 1 al { $count }.
term-plain-help =
    Escribe el número de una opción y luego Enter para jugarla.
    h: pedirle una pista al experto.
    m: llevarte los puntos que nadie cantó (juegos con muggins).
    c: cantar o no los puntos de tus jugadas (reglas de cantar).
    Enter: la próxima mano, cuando termina una.
    q: salir; el registro de la partida se guarda para seguir luego.
    r: cómo se juega este juego.
    ?: estas teclas.
    Robar y pasar se hacen solos cuando son tu única jugada.

## The trains family in the terminal game (Mexican Train, chicken foot)

term-end-train = { $person ->
    [you] por tu tren
   *[other] por el tren de { $who }
}
term-end-mexican = por el tren mexicano
term-end-line = por la línea { $n }
term-end-toe = por el dedo { $n } del { $tile }
term-station-mexican = Tren mexicano
term-station-line = línea { $n }
term-station-toe = dedo { $n } del { $tile }
term-station-open = abierto
term-station-first = ← primero
term-station-title = · estación { $tile }{ " " }
term-hands-totals = Gana el menor total tras { $count } manos:{ " " }
term-prompt-end-chain = { " " }· p: terminar tu turno
term-plain-station = La estación: { $tile }.
term-plain-train = { $name }{ $open ->
    [true] , abierto
   *[other] { "" }
}: { $tiles } → { $pips }{ $first ->
    [true] { " " }(hay que jugar aquí primero)
   *[other] { "" }
}.
term-plain-empty = vacío

## The terminal game's command line (domino play: mistakes in the flags and files)

term-error-option-form = la opción `{ $option }` se escribe clave=valor
term-error-bots-count = --bots nombra { $count } bots, pero hay { $others } asientos más: da un nivel para todos o uno por asiento
term-error-no-bot = no hay ningún bot llamado `{ $bot }`: los bots son { $bots }
term-error-no-lang = no hay idioma `{ $tag }`: el juego habla { $langs }
term-error-seat = --seat { $seat }: los asientos van del 0 al { $max }
term-error-no-game = no hay ningún juego llamado `{ $game }`: los juegos son { $games }
term-error-rules = estas reglas no se pueden jugar: { $error }
term-error-over = la partida de { $path } ya terminó: empieza otra con `domino play`
term-error-read = no se puede leer el registro { $path }
term-error-not-json = { $path } no es JSON
term-error-not-record = { $path } no es un registro de partida
term-error-replay = { $path } no se puede reproducir: { $error }
term-error-start = no se puede empezar la partida: { $error }
term-error-write = no se puede guardar el registro en { $path }

## The terminal scorekeeper (domino keep). The commands typed (undo, sheet,
## csv, help, quit and the words of a hand) are the same in every language.

term-keep-intro = Llevando la cuenta: { $game }, con { $names }.
term-keep-prompt = Escribe una mano, o help para ver cómo.
term-keep-score = Tanteo: { $scores }.
term-keep-tie = empate
term-keep-how = { $how ->
    [domino] dominó
    [blocked] tranque
   *[target] llegó a la meta
}
term-keep-hand = Mano { $n }: { $who } ({ $how }), puntos { $points }{ $notes ->
    [none] { "" }
   *[other] ; { $notes }
}.
term-keep-wrote = Hoja guardada en { $path }.
term-keep-undone = Se deshizo la última mano.
# $detail: el motivo del motor en inglés cuando el catálogo no tiene uno, si no "none".
# A list's last item joined to the others ("A, B and C"), in the terminal.
term-list = { $rest } y { $last }
term-keep-refused = No se anotó: { $reason }{ $detail ->
    [none] { "" }
   *[other] { " " }(en inglés: { $detail })
} La hoja sigue igual.
term-keep-not-understood = No se entiende: { $error }. Escribe help.
term-keep-match-over = La partida ya terminó: empieza otra hoja para la siguiente.
term-keep-bad-json = ese JSON no es una mano ({ $error })
term-keep-csv-file = a csv le falta el nombre del archivo
term-keep-empty = la línea está vacía
term-keep-act-form = act lleva un puesto y el tipo de falta
term-keep-no-act = no hay ninguna falta llamada { $kind }
term-keep-act-seat = act lleva un solo puesto
term-keep-no-seat = no hay puesto { $seat }: los puestos van del 1 al { $players }
term-keep-help-seats = Puestos, del 1 al { $players } alrededor de la mesa: { $seats }
term-keep-unknown-word = { $word } no forma parte de una mano
term-keep-no-counts = faltan los puntos que le quedan a cada uno (counts N N ...)
term-keep-help-hand = Una mano: counts y { $count } números (los puntos que le quedan a cada puesto, empezando por el 1), y luego lo que pasó:
term-keep-arg-seat = PUESTO
term-keep-arg-file = ARCHIVO
term-keep-arg-points = PUNTOS
term-keep-help-out = Quién dominó (nada si la mano se trancó)
term-keep-help-out-both = Los dos compañeros, en el orden en que salieron
term-keep-help-doubles = Los puestos que todavía tienen un doble
term-keep-help-example = Por ejemplo: { $example }
term-keep-help-commands = Órdenes (se escriben igual en todos los idiomas):
term-keep-help-undo = Deshace la última mano
term-keep-help-sheet = Muestra todas las manos y el tanteo
term-keep-help-csv = Guarda la hoja en ese archivo, en CSV
term-keep-help-help = Esta ayuda
term-keep-help-quit = Termina (con --sheet, la hoja ya está guardada)
term-keep-help-json = También vale una mano en JSON, en una sola línea.
term-keep-error-names = { $partners ->
    [true] hacen falta { $sides } nombres, uno por equipo, no { $got }
   *[other] hacen falta { $sides } nombres, uno por jugador, no { $got }
}
term-keep-error-read = no se puede leer la hoja { $path }
term-keep-error-not-sheet = { $path } no es una hoja de domino keep
term-keep-error-sheet-rules = las reglas de { $path } no se pueden jugar
term-keep-error-sheet-hand = { $path }: la mano { $n } no se acepta: { $error }
term-keep-error-write = no se puede escribir { $path }

## Profiles and ratings
profile-title = Perfil
profile-why = Convierte tu nombre en un perfil para tener una puntuación en cada juego, tus estadísticas y tus partidas. Sin contraseña: este navegador te recuerda.
profile-create = Guardar mi nombre como perfil
profile-name-fixed = El nombre de tu perfil
profile-signed-in = Conectado como { $name }
profile-mine = Mi perfil
profile-move = Usar en otro dispositivo
profile-sign-out = Cerrar sesión
profile-link = Enlace de un solo uso
profile-link-help = Abre este enlace (o escanea el código) en tu otro dispositivo antes de 15 minutos. Sirve una sola vez.
profile-link-qr = Código QR del enlace de un solo uso
profile-chart = { $count ->
    [one] Puntuación tras 1 partida
   *[other] Puntuación en { $count } partidas
}
profile-ratings = Puntuaciones
profile-rating-detail = { $count ->
    [one] ±{ $deviation } · 1 partida puntuada
   *[other] ±{ $deviation } · { $count } partidas puntuadas
}
profile-no-ratings = Aún no hay partidas puntuadas: termina una partida contra la computadora u otros perfiles.
profile-stats = Estadísticas
profile-stat-matches = Partidas: { $count }
profile-stat-matches-won = Partidas ganadas: { $count }
profile-stat-hands = Manos: { $count }
profile-stat-hands-won = Manos ganadas: { $count }
profile-stat-dominoes = Dominós: { $count }
profile-stat-blocked-wins = Manos trancadas ganadas: { $count }
profile-stat-capicus = Capicúas: { $count }
profile-recent = Partidas recientes
profile-won = ganada
profile-lost = perdida
rating-change = Puntuación { $before } → { $after } ({ $delta })
leaderboard-title = Clasificaciones
leaderboard-empty = Nadie tiene aún { $min } partidas puntuadas en este juego.
leaderboard-min = Jugadores con al menos { $min } partidas puntuadas.
profile-claim-title = Conectarse en este dispositivo
profile-claim-help = Este enlace de un solo uso conecta este navegador a tu perfil.
profile-claim = Conectarme aquí

## Coach (the replay's analysis and hints with a reason)
coach-title = El entrenador
coach-ask = Preguntar al entrenador
coach-again = Preguntar otra vez
coach-ask-hand = Preguntar al entrenador por la mano { $hand }
coach-hand-only = La partida es demasiado larga para que el entrenador la repase entera: mira una mano cada vez. Aquí: la mano { $hand }.
coach-about = Cada decisión comparada con el juego perfecto (todas las fichas a la vista) y con lo que el experto habría jugado desde ese puesto.
coach-thinking = El entrenador está repasando la partida…
coach-player = Jugador
coach-decisions = Decisiones
coach-blunders = Errores graves
coach-agreed = Igual que el experto
coach-no-choice = Aquí no había elección: era la única jugada legal.
coach-unsolved = Esta jugada ({ $played }) era demasiado difícil de juzgar en el tiempo del entrenador.
coach-hint = Pista: { $what } — { $why }.
lobby-hints = Pistas del experto (nunca en partidas puntuadas)
level-rated = { $level } · { $rating } ({ $low }–{ $high })

## Tournaments

tourney-title = Torneos
tourney-lobby-help = Organiza un torneo: todos contra todos, suizo o eliminación directa, con amigos y con la computadora.
tourney-see = Torneos
tourney-help = Elige el juego, sus reglas de la casa y el formato. Recibes el enlace del organizador: con él completas con la computadora y empiezas. Los jugadores se inscriben con el enlace del torneo.
tourney-name = Nombre
tourney-name-placeholder = Noche del club
tourney-format-label = Formato
tourney-format = { $format ->
    [swiss] Suizo
    [round_robin] Todos contra todos
    [elimination] Eliminación directa
   *[other] { $format }
}
tourney-rounds = Rondas
tourney-max = Máximo de participantes
tourney-starts = Empieza a las (opcional)
tourney-starts-at = empieza { $when }
tourney-create = Crear el torneo
tourney-open = Abiertos, en juego y terminados
tourney-none = No hay torneos ahora mismo.
tourney-state = { $state ->
    [open] inscripción abierta
    [playing] en juego
    [finished] terminado
   *[other] { $state }
}
tourney-champion = Ganador: { $name }
tourney-you-are = Juegas como { $name }.
tourney-partner-link = El enlace de tu compañero (envíaselo):
tourney-entrants = Participantes ({ $count } de { $max })
tourney-bot = computadora
tourney-csv = Descargar la clasificación (CSV)
tourney-share = Enlace para inscribirse y seguirlo:
tourney-organiser-link = Enlace del organizador (guárdalo para ti):
tourney-join = Inscribirse
tourney-your-name = Tu nombre
tourney-team-name = Nombre de la pareja
tourney-member = Jugador { $n }
tourney-organiser = Organizador
tourney-add-bots = Jugadores de la computadora que añadir
tourney-add = Añadir
tourney-start = Empezar el torneo
tourney-standings = Clasificación
tourney-col = { $col ->
    [rank] #
    [name] Participante
    [played] Jugadas
    [won] Ganadas
    [drawn] Empatadas
    [lost] Perdidas
    [byes] Descansos
    [points] Puntos
    [buchholz] Buchholz
    [duplicate] Duplicado
   *[difference] Diferencia
}
tourney-opening = abriendo…
tourney-play = Jugar
tourney-watch = Mirar
tourney-watch-later = podrás mirar cuando termine la ronda
# A round's table before its players (the colon as each language writes it).
tourney-table-n = Mesa { $n }:
tourney-byes = Descansa: { $names }
tourney-round = Ronda { $n } de { $total }
not-found-tournament = No hay ningún torneo en esta dirección.
tourney-duplicate = Duplicado: todas las mesas de una ronda juegan las mismas manos
tourney-duplicate-help = Cada resultado se compara con el de las otras mesas que tuvieron las mismas fichas.
tourney-deals-committed = Las mismas manos en todas las mesas: sellado { $commit }
tourney-deals-revealed = Las mismas manos en todas las mesas: el secreto de la ronda { $secret }

## tournaments (4)
tourney-compared = Manos comparadas
tourney-compared-help = Las manos en que la mesa de este participante se comparó con otras que recibieron las mismas fichas

## Problemas (/puzzles)

puzzles-title = Problemas
puzzles-lobby-help = Una posición, una sola mejor jugada, demostrada por el solucionador. Encuéntrala y tu puntuación de problemas cambia.
puzzles-see = Resolver problemas
puzzles-daily = El problema del día
puzzle-daily-solve = Resolverlo
puzzle-game-label = Juego
puzzle-game-any = Cualquier juego
puzzle-theme-label = Tema
puzzle-theme-any = Cualquier tema
puzzle-theme = { $theme ->
    [blocking] Tranque
    [domino] Dominar
    [capicu] Capicúa
    [cutting] Cortar al contrario
    [partner-number] El número del compañero
    [scoring] Anotar
    [double] Dobles
    [passes] Leer los pases
   *[other] { $theme }
}
puzzle-next = Otro problema
puzzle-info = { $game }, { $kind ->
    [counting] solo ves tu mano
   *[open] todas las manos a la vista
}. Problema { $rating }, tú { $player }.
puzzle-your-hand = Tus fichas
puzzle-seat = { $role ->
    [partner] Compañero:
    [next] Juega después:
    [before] Juega antes que tú:
   *[other] Enfrente:
}
puzzle-tiles = { $count ->
    [one] una ficha
   *[other] { $count } fichas
}
puzzle-prompt-open = Te toca: encuentra la única mejor jugada.
puzzle-prompt-counting = Te toca: encuentra la jugada mejor, estén como estén las fichas ocultas ({ $worlds } repartos posibles).
puzzle-pick-end = ¿En qué punta? Elige una en la mesa.
puzzle-play-at = { $tile } en el { $pips }
puzzle-player = { $role ->
    [you] Tú
    [partner] Compañero
    [next] Jugador siguiente
    [before] Jugador anterior
   *[other] Jugador de enfrente
}
puzzle-play-train = { $tile } { $on }
puzzle-right = ¡Bien! { $answer } es la mejor jugada.
puzzle-wrong = Esa no: la mejor jugada era { $answer }.
puzzle-miss = Esa no es.
puzzle-retry = Intentar de nuevo (sin puntuar)
puzzle-reveal = Ver la respuesta
puzzle-why-worth = jugada la mano hasta el final por el solucionador, vale { $best } para tu lado, y ninguna otra jugada más de { $next }
puzzle-values = Lo que vale cada jugada para tu lado, según el solucionador
puzzle-best-in = la mejor en { $count } de { $worlds } repartos
puzzle-line-title = La mano jugada hasta el final por el solucionador, cada lado en su mejor juego:
puzzle-line-best = Desde la mejor jugada
puzzle-line-yours = Desde tu jugada
puzzle-line-back = Atrás
puzzle-line-next = Siguiente
puzzle-line-start = Antes de jugar: { $count } pasos hasta el final de la mano.
puzzle-line-step = { $step } de { $count }: { $who ->
    [you] tú
    [partner] tu compañero
    [next] el siguiente jugador
    [before] el jugador anterior
   *[other] el jugador de enfrente
} { $action ->
    [play] { $who ->
        [you] juegas
       *[other] juega
    } { $tile }
    [pass] { $who ->
        [you] pasas
       *[other] pasa
    }
   *[other] { $action }
}
puzzle-why = Por qué: { $reasons }.
puzzle-known = Lo que podías saber: { $facts }.
puzzle-who = { $role ->
    [partner] tu compañero
    [next] el siguiente jugador
    [before] el jugador anterior
   *[other] el jugador de enfrente
}
puzzle-lacks = { $who } no lleva { $numbers } (pasó)
puzzle-all-seen = todos los { $number } están a la vista
puzzle-why-covers = tapa el { $x } { $role ->
    [partner] de tu compañero
    [next] del siguiente jugador
    [before] del jugador anterior
   *[other] del jugador de enfrente
}
puzzle-count-passed = { $who } no pudo jugar con { $numbers } en la mesa
puzzle-count-passes = La cuenta: { $passes }. Así que solo caben { $worlds } repartos de las fichas ocultas, y { $answer } es la mejor en todos ellos; cualquier otra jugada queda por detrás en alguno.
puzzle-count-seen = La cuenta: con las fichas a la vista solo caben { $worlds } repartos de las fichas ocultas, y { $answer } es la mejor en todos ellos; cualquier otra jugada queda por detrás en alguno.
puzzle-passes = Pases hasta ahora:
puzzle-passes-none = Nadie ha pasado todavía: cuenta con las fichas a la vista.
puzzle-history = La mano hasta ahora
puzzle-turn = { $role ->
    [you] Tú
    [partner] Tu compañero
    [next] El siguiente
    [before] El anterior
   *[other] El de enfrente
}: { $what ->
    [pass] pase con { $ends } en la mesa
    [draw] al pozo con { $ends } en la mesa
   *[play] { $tile }
}
puzzle-your-rating = Tu puntuación: { $rating } ({ $change })
puzzle-its-rating = este problema: { $rating } ({ $change })

## La mesa, terminada (issue 39)

board-ends-total = Suma de las puntas: { $total }
board-scored = +{ $points }
table-tournament = { $rated ->
    [yes] Partida de torneo puntuada
   *[no] Partida de torneo
}
table-rated = Partida puntuada
table-casual = Partida amistosa
table-no-hints = Sin pistas: esta partida cuenta para la clasificación.
switch-on = sí
switch-off = no
seat-where-opposite = tu rival, de frente
level-choice = { $bot ->
    [random] Principiante: juega lo que entre
    [heavy] Fácil: suelta primero las gordas
    [count] Tranquilo: como en casa con amigos
    [heuristic] Fuerte: como un buen jugador de club
    [expert] Experto: cuenta fichas como un campeón
   *[other] { $bot }
}
lobby-more = Más formas de jugar
leaderboard-people = Jugadores
leaderboard-provisional = Puntuaciones provisionales
leaderboard-provisional-help = Marcados con ?: menos de { $min } partidas puntuadas, o una puntuación todavía incierta (desviación de más de { $deviation }). Pasan a la tabla de arriba cuando su puntuación se asienta.
leaderboard-bots = Niveles de la computadora
leaderboard-bots-help = Fuerza medida de cada nivel en este juego, con su intervalo del 95 %.
leaderboard-none-provisional = Nadie tiene una puntuación provisional.
tourney-back = Volver al torneo
tourney-replay = Repetición
keep-thing = { $thing ->
    [double_out] pegarse con un doble
    [key_tile] la ficha clave
    [capicu] el capicú
    [chuchazo] el chuchazo
    [holding_double] quedarse con un doble
    [double_blank] el doble blanco
    [double] un doble
   *[other] { $thing }
}
keep-reason = { $kind ->
    [no_such_seat] no hay puesto { $seat }: este juego es de { $players } jugadores
    [no_such_side] no hay bando { $side }: este juego tiene { $sides }
    [counts_length] pon { $players } cuentas, una por jugador, no { $got }
    [points_length] pon los puntos de los { $sides } bandos, no { $got } números
    [two_dominoes] { $first } y { $second } no pueden haberse pegado los dos: solo se pega un jugador
    [repeated] { $value } está marcado dos veces
    [out_after_end] la mano terminó cuando { $first } y { $second } se pegaron, así que { $seat } no pudo pegarse después
    [domino_count] { $seat } se pegó, así que su cuenta es 0, no { $count }
    [count_too_high] una cuenta de { $count } es imposible: todo el juego suma { $max } puntos
    [counts_too_high] las cuentas suman { $total }, más que los { $max } puntos de todo el juego
    [negative_points] los puntos no pueden ser negativos ({ $value })
    [no_play_points] este juego no anota nada durante el juego: deja los puntos vacíos
    [not_fives] en todos los cincos se anotan múltiplos de 5 durante el juego, no { $value }
    [not_in_game] { $thing } no cuenta en este juego
    [needs_domino] { $thing } necesita que alguien se haya pegado
    [capicu_chuchazo] no puede haber capicú y chuchazo a la vez: el doble blanco solo entra por una punta
    [domino_holds_double] { $value } se pegó, así que no tiene ningún doble
    [act_not_in_game] «{ $act }» no se castiga en este juego
    [act_points] «{ $act }» anula puntos: di cuántos (1 o más)
    [cancels_too_much] los castigos anulan { $cancelled } puntos de { $side }, que solo hizo { $made }
    [both_reach_target] { $first } y { $second } no pueden llegar los dos a la meta durante el juego: la mano se para en el primero
    [seat_cannot_hold] { $seat } no puede tener { $count } puntos en 1 a { $most } fichas{ $double ->
        [true] { " " }con un doble entre ellas
        [false] { " " }sin ningún doble
       *[other] { "" }
    }
    [no_deal] { $seats } no pueden tener esas cuentas a la vez: el juego no tiene bastantes fichas de esos puntos
    [last_tile_held] la última ficha fue { $thing }, pero con esas cuentas no queda ninguna en la mesa
    [not_pass_points] los puntos por pase van de { $unit } en { $unit } en esta mesa, no { $points }
    [play_points_too_high] { $side } no puede hacer { $points } puntos jugando en una mano: como mucho { $max }
    [no_play_sum] { $side } no puede hacer exactamente { $points } puntos jugando: ninguna suma de las jugadas que puntúan en este juego da eso
    [past_target] { $side } no puede hacer { $points } puntos jugando desde { $score }: la mano se para en cuanto un lado llega a { $target }, así que como mucho { $max }
    [zero_not_out] { $seats }: contar 0 aquí es haber salido, porque ninguna ficha de este juego cuenta 0; marca quién salió
    [zeros_held] { $seats } no pueden contar 0 todos con fichas en la mano: solo el doble blanco cuenta 0
    [act_points_too_high] «{ $act }» anula los puntos de una jugada, como mucho { $max }, no { $points }
    [match_over] la partida terminó: empieza una hoja nueva
    [nothing_to_undo] no hay ninguna mano que deshacer
   *[other] { $kind }
}
keep-refused = { $code ->
    [impossible_counts] Ningún reparto deja esas cuentas: { $why }.
    [impossible_points] Ninguna mano da esos puntos durante el juego: { $why }.
    [impossible_acts] Esa penalización anula más de lo que puede: { $why }.
   *[other] Esa mano no se puede anotar así: { $why }.
}
## Turn clocks and correspondence tables
clock-hours = { $h } h { $m } min
clock-days = { $d } d { $h } h
clock-timeout = Se te acabó el tiempo: la computadora jugó por ti ({ $n } de { $max }). A la { $max }.ª, se queda con tu puesto.
clock-timeout-left = Se te acabó el tiempo { $n } veces: la computadora juega tu puesto el resto de la partida y tú miras.
clock-timeout-left-casual = Se te acabó el tiempo { $n } veces: la computadora juega en tu lugar y tú miras. La partida es amistosa: puedes recuperar tu asiento.
clock-take-back = Recuperar mi asiento
clock-warning = { $secs ->
    [one] ¡Te queda un segundo en el reloj!
   *[other] ¡Te quedan { $secs } segundos en el reloj!
}
lobby-clock = Reloj
clock-choice-none = Ninguno (sin prisa)
clock-choice-move15 = 15 s por jugada + 1 min de reserva
clock-choice-move30 = 30 s por jugada + 5 min de reserva
clock-choice-match10 = 10 min para la partida
clock-choice-day1 = Por correspondencia: un día por jugada
clock-choice-day3 = Por correspondencia: tres días por jugada
turn-title = Tus mesas con reloj
turn-with = con { $names }
turn-yours = Te toca
turn-theirs = Esperando a los demás
turn-left = Quedan { $left }
turn-open = Abrir
turn-notify-ask = Avísame cuando me toque
turn-notify-on = Mientras haya una página del juego abierta, te avisaremos cuando te toque.
turn-notify-off = Los avisos están desactivados: este navegador no los permite.
turn-notify-title = Te toca
turn-notify-body = { $game }: quedan { $left } para jugar.
# Presence and failure (issue 39)
seat-dropped = sin conexión: la computadora juega en { $secs } s
seat-invited-name = Invitación: puesto { $n }
join-prompt-seat = Ocupar el puesto { $n } como
server-silent = El servidor no responde. Volviendo a intentar…
# The coach's verdicts (issue 39)
coach-marks-rule = { $objective ->
    [outcome] Las marcas se ganan desde tu vista: lo que la jugada perdió frente a la elección del experto desde el mismo puesto, en manos (2 es una victoria convertida en derrota). Imprecisión desde { $inaccuracy }, error desde { $mistake }, error grave desde { $blunder }.
   *[other] Las marcas se ganan desde tu vista: lo que la jugada perdió frente a la elección del experto desde el mismo puesto, en puntos. Imprecisión desde { $inaccuracy }, error desde { $mistake }, error grave desde { $blunder }.
}
coach-inaccuracies = Imprecisiones
coach-mistakes = Errores
coach-hindsight = Costosas solo a posteriori
coach-severity = { $severity ->
    [blunder] ¡Error grave!
    [mistake] Error.
   *[inaccuracy] Imprecisión.
}
coach-mark-at = { $severity ->
    [blunder] Error grave
    [mistake] Error
   *[inaccuracy] Imprecisión
}: mano { $hand }, jugada { $step }, { $who } (−{ $cost })
coach-marks-title = Marcas: { $blunder } { $blunder ->
    [one] error grave
   *[other] errores graves
}, { $mistake } { $mistake ->
    [one] error
   *[other] errores
}, { $inaccuracy } { $inaccuracy ->
    [one] imprecisión
   *[other] imprecisiones
} (ábrelo para ir a una jugada)
coach-no-marks = Ninguna imprecisión, error ni error grave en esta partida.
coach-all-best = Con todas las fichas a la vista, esta jugada ({ $played }) es de las mejores.
coach-all-cost = Con todas las fichas a la vista, esta jugada ({ $played }) costó { $cost }; lo mejor era { $best }.
coach-view-same = Desde tu vista, el experto habría jugado lo mismo.
coach-view-better = Desde tu vista, el experto habría elegido: { $expert } ({ $cost } mejor).
coach-view-other = Desde tu vista, el experto habría elegido: { $expert } (aquí no era mejor).
coach-hindsight-only = Solo a posteriori: con lo que podías ver no fue un error.
coach-graph-label = Gráfico de valor de la mano { $hand } para { $side }
coach-graph-caption = Mano { $hand }: lo que aún está por venir para { $side } tras cada jugada, con todas las fichas a la vista (arriba es mejor). Los puntos grandes son marcas; cada punto lleva a su jugada.
coach-graph-none = No se pudo valorar ninguna jugada de esta mano.
coach-graph-dot = Jugada { $step }: { $value }
coach-better-here = Mejor: { $play }
coach-better-mark = Mejor
pn-title = Jugar ya con personas
pn-help = Encuentra jugadores que piden el mismo juego, cerca de tu puntuación. Las partidas puntuadas necesitan un perfil.
pn-rated = Puntuada
pn-fill = La computadora completa
pn-fill-never = nunca
pn-fill-after = tras { $s } s
pn-team = Con un amigo como pareja
pn-play = Jugar ya con personas
pn-join = Unirme al equipo
pn-code = Código del equipo de un amigo
pn-cancel = Dejar de esperar
pn-cancelled = Dejaste de esperar.
pn-found = Tu mesa está lista.
pn-waiting-count = { $count ->
    [0] Nadie espera este juego todavía.
    [one] Un jugador espera este juego.
   *[other] { $count } jugadores esperan este juego.
}
pn-waiting-others = { $count ->
    [0] Nadie más espera este juego todavía.
    [one] Otro jugador espera este juego.
   *[other] Otros { $count } jugadores esperan este juego.
}
pn-wait = Esperando jugadores ({ $game }): { $s } s, a ±{ $window } de tu puntuación.
pn-wait-clock = Reloj: { $clock }.
pn-forming = Da a tu pareja este código de equipo: { $code }. Entrarán juntos en cuanto se una.

## My puzzles: puzzles from the player's own matches (issue 41)

puzzle-own-toggle = Mis problemas
puzzle-own-title = Mis problemas
puzzle-own-none = Todavía no tienes problemas propios. En la repetición de una de tus partidas, pregunta al entrenador, ve a una jugada marcada y pulsa «Convertir en problema».
puzzle-own-info = { $game }, { $kind ->
    [counting] solo tu mano
   *[open] todas las manos a la vista
}. De tu partida: mano { $hand }, jugada { $step }.
puzzle-own-played = En la partida jugaste { $play }.
puzzle-own-unrated = Tus propios problemas no cuentan para la puntuación: ya conocías esta posición.
puzzle-unrated-tried-before = Sin puntuar: solo cuenta tu primer intento en cada problema.
puzzle-unrated-not-served = Sin puntuar: solo cuenta un problema que te dio esta página, no uno abierto por su dirección.
# The puzzles page's modes, as a row of links.
puzzle-tabs = Modos de problemas
puzzle-tab = { $mode ->
    [streak] Racha
    [storm] Tormenta
    [history] Historial
   *[puzzles] Problemas
}
# A puzzle shown without ratings (a streak's, a storm's, one opened again from the history).
puzzle-plain-info = { $game }, { $kind ->
    [counting] solo ves tu mano
   *[open] todas las manos a la vista
}.
run-title = { $kind ->
    [storm] Tormenta de problemas
   *[streak] Racha de problemas
}
run-help = { $kind ->
    [storm] Tres minutos para resolver todos los problemas que puedas. Cada fallo te quita 10 segundos y la tormenta sigue. Tu puntuación de problemas no cambia.
   *[streak] Resuelve problemas seguidos, cada uno un poco más difícil que el anterior. Un solo fallo termina la racha. Tu puntuación de problemas no cambia.
}
run-start = Empezar
run-again = Empezar de nuevo
run-score = { $kind ->
    [storm] Resueltos: { $score }
   *[streak] Racha: { $score }
}
run-best = Tu récord: { $best }
run-new-best = ¡Nuevo récord!
run-over = { $kind ->
    [storm] Fin de la tormenta: { $count ->
        [0] ningún problema resuelto.
        [one] 1 problema resuelto.
       *[other] { $count } problemas resueltos.
    }
   *[streak] Fin de la racha: { $count ->
        [0] ningún problema resuelto.
        [one] 1 problema resuelto.
       *[other] { $count } problemas resueltos.
    }
}
run-done = { $kind ->
    [storm] { $count ->
        [one] El problema de esta tormenta, para volver a intentarlo
       *[other] Los { $count } problemas de esta tormenta, para volver a intentarlos
    }
   *[streak] { $count ->
        [one] El problema de esta racha, para volver a intentarlo
       *[other] Los { $count } problemas de esta racha, para volver a intentarlos
    }
}
run-done-item = { $game }: { $result ->
    [solved] resuelto
   *[missed] fallado
}
run-clock-label = Tiempo restante
# A miss in a storm: the time it costs, flashed beside the clock.
run-penalty = −10 s
run-late = Se acabó el tiempo antes de que llegara esa respuesta: no cuenta.
# Said to a screen reader as the storm's clock passes these marks (not every second).
run-time-left = { $seconds ->
    [120] Quedan dos minutos.
    [60] Queda un minuto.
   *[other] Quedan { $seconds } segundos.
}
history-title = Tu historial de problemas
history-help = Los problemas que intentaste, del más reciente al más antiguo (los 100 últimos). Vuelve a intentar uno para practicar: el segundo intento no puntúa.
history-empty = Todavía no has intentado ningún problema.
history-to-puzzles = Resolver un problema
history-col = { $col ->
    [when] Fecha
    [result] Resultado
    [rated] Puntuación
   *[game] Juego
}
history-result = { $result ->
    [solved] Resuelto
   *[missed] Fallado
}
history-rated = { $rated ->
    [rated] Puntuado
   *[unrated] Sin puntuar
}
# A column's name before its value, on a phone where the table's head is hidden.
history-labelled = { $label }:
history-again = Volver a intentarlo
history-again-of = Volver a intentarlo: { $game }, { $when }
coach-make-puzzle = Convertir en problema
coach-making-puzzle = El solucionador está comprobando la posición…
coach-made-puzzle = Guardado en tus problemas.
coach-open-puzzle = Resolverlo ahora
coach-puzzle-not-yours = Solo quien hizo esta jugada puede convertirla en problema.
coach-puzzle-none = Aquí no hay problema: el solucionador no encuentra una única mejor jugada en esta posición, o aún se podía robar una ficha.
coach-puzzle-full = Ya guardas tantos problemas como se permite a un jugador.
## Bot accounts (the bot API: docs/botapi.md)

# The mark beside a bot account's name, everywhere it shows.
bot-badge = bot
bot-badge-title = Una cuenta bot: un programa juega con este nombre.
botacct-title = Cuenta bot
botacct-help = Una cuenta bot la juega un programa que tú escribes o ejecutas, no tú: se conecta a este servidor con un token, juega contra personas y otros bots con el reloj de la mesa y tiene su propia puntuación en la clasificación de bots. Su nombre lleva una marca de bot en todas partes, para que nadie la confunda con una persona.
botacct-for-good = Es para siempre: una cuenta bot no vuelve a ser el perfil de una persona. Un perfil que ya jugó partidas puntuadas no puede convertirse en una: crea un perfil nuevo para tu bot.
botacct-make = Convertir en cuenta bot
botacct-confirm = ¿Convertir «{ $name }» en cuenta bot para siempre? No se puede deshacer.
botacct-is = Esta es una cuenta bot: un programa juega con este nombre usando uno de sus tokens.
tokens-title = Cuenta bot y tokens de la API
tokens-help = Tu programa entra con un token. Ponle un nombre a cada uno, para saber cuál revocar; 10 como máximo.
botacct-run-title = Ejecutar un programa con un token
botacct-run-cli = Con el programa domino (juega cualquier nivel incorporado, aquí el experto), con el token en el entorno:
botacct-run-python = Desde Python, con tu propia función que elige cada jugada:
botacct-run-python-choice = tu elección entre las jugadas legales
botacct-docs = La API de bots: cada llamada, evento y límite
botdocs-title = La API de bots
botdocs-english = Esta página solo está en inglés.
botdocs-reference-title = La API HTTP, operación por operación
botdocs-to-reference = Cada llamada HTTP, su cuerpo y sus respuestas: la referencia
botdocs-to-guide = La guía de la API de bots: cuentas, tokens, eventos y juego
profile-no-ratings-bot = Aún no hay partidas puntuadas: este bot tendrá su puntuación cuando termine una partida puntuada.
tokens-name = Nombre del token
tokens-name-placeholder = mi portátil
tokens-make = Crear un token
tokens-new = Tu nuevo token «{ $name }»:
tokens-once = Cópialo ahora: no se volverá a mostrar. Guárdalo en secreto: quien lo tenga juega como este bot.
tokens-value = El nuevo token
tokens-copy = Copiar
tokens-copied = Copiado.
tokens-copy-yourself = Selecciónalo y cópialo tú.
tokens-none = Todavía no hay tokens.
tokens-made = creado el { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-used = usado por última vez el { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-never-used = nunca usado
tokens-revoke = Revocar
tokens-revoke-named = Revocar el token «{ $name }»
tokens-revoke-confirm = ¿Revocar el token «{ $name }»? El programa que lo use queda desconectado al instante.
tokens-revoked = El token «{ $name }» está revocado.
pb-title = Jugar contra un bot
pb-help = Las cuentas bot son programas que la gente conecta a este servidor, cada uno con su puntuación; los niveles incorporados están siempre. Elige uno para retarlo.
pb-refresh = Buscar de nuevo bots conectados
pb-online = Bots conectados
pb-none-online = Ninguna cuenta bot está conectada ahora.
pb-builtin = Niveles incorporados
pb-rating = puntuación { $rating } en este juego
pb-unrated = todavía sin puntuación en este juego
pb-tables = { $count ->
    [0] libre
    [one] juega una mesa
   *[other] juega { $count } mesas
}
pb-challenge = Retar
pb-challenge-named = Retar a { $name }
pb-challenge-title = Retar a { $name }
pb-builtin-now = Un nivel incorporado responde al instante.
pb-send = Enviar el reto
pb-close = Cerrar
pb-cancel = Cancelar el reto
pb-waiting = Esperando la respuesta de { $name }…
pb-accepted = Aceptado: tu mesa está lista.
pb-declined = { $reason ->
    [later] { $name } rechazó el reto: ahora no, quizá más tarde.
    [rules] { $name } rechazó el reto: no juega con estas reglas.
    [rated] { $name } rechazó el reto: solo juega partidas amistosas.
    [casual] { $name } rechazó el reto: solo juega partidas puntuadas.
   *[other] { $name } rechazó el reto.
}
pb-expired = { $name } no respondió en un minuto: el reto caducó.
pb-offline = { $name } se desconectó: el reto queda anulado.
pb-cancelled = Cancelaste el reto.
pb-gone = El reto a { $name } ya no está abierto.
pn-bots = Jugar también contra cuentas bot
leaderboard-kind = Ver la clasificación de
leaderboard-kind-people = Personas
leaderboard-kind-bots = Bots
leaderboard-bot-accounts = Cuentas bot y niveles incorporados
leaderboard-bots-none = Ningún bot tiene puntuación en este juego todavía.
leaderboard-level-unrated = Niveles integrados sin puntuación en este juego todavía:
leaderboard-bots-scale = Las cuentas bot y los niveles incorporados se puntúan en la misma escala que las personas.
lobby-hints-rated = Con tu perfil, la partida contra la computadora es puntuada: sin pistas (la mesa también lo dice).
lobby-hints-if-casual = Pistas solo si un amigo invitado juega sin perfil: una partida entre perfiles es puntuada.
lobby-hints-none = Sin pistas: hace falta un jugador de la computadora en la mesa.
watch-link = Enlace para mirar esta mesa
# An open table's seat that anyone may take, in the lobby's list.
lobby-seat-free = puesto libre
# How a built-in level plays, beside its name (the lobby's "Play a bot" list).
level-how = { $bot ->
    [random] juega lo que entre
    [heavy] suelta primero las gordas
    [count] como en casa con amigos
    [heuristic] como un buen jugador de club
    [expert] cuenta fichas como un campeón
   *[other] { $bot }
}
# The chat field's placeholder: short enough to show whole on a phone (its label says the limit).
chat-short = Di algo…

## The trains family at the table in the browser (Mexican Train, chicken foot)

train-name = { $kind ->
    [mine] Tu tren
    [mexican] Tren mexicano
    [line] Línea { $n }
    [toe] Dedo { $n } del { $tile }
   *[train] Tren de { $who }
}
train-on = { $kind ->
    [mine] en tu tren
    [mexican] en el tren mexicano
    [line] en la línea { $n }
    [toe] en el dedo { $n } del { $tile }
   *[train] en el tren de { $who }
}
ev-play-train = { $who }: { $tile } { $on }
a11y-hint-play-train = jugar { $tile } { $on }
ev-end-chain = { $many ->
    [you] { $who }: fin de tu turno
   *[other] { $who }: fin de su turno
}
ev-pass-opens = { $many ->
    [you] { $who }: pase, tu tren queda abierto
   *[other] { $who }: pase, su tren queda abierto
}
a11y-hint-end-chain = terminar tu turno
a11y-station-ends = Trenes: { $ends }.
status-choose-train = ¿Dónde va { $tile }? Escoge un tren.
act-on-train = { $train } · { $pips }
act-end-chain = Terminar mi turno
station-label = La estación, { $tile }
station-engine = La estación: { $tile }.
station-open = abierto
station-open-list = Trenes abiertos: { $list }.
station-row = { $count ->
    [0] sin fichas todavía
    [one] una ficha
   *[other] { $count } fichas
}, muestra { $pips }
station-more = +{ $count }
station-more-title = { $count ->
    [one] una ficha anterior no se muestra
   *[other] { $count } fichas anteriores no se muestran
}
station-first = jugar aquí primero
station-centre-first = Cada línea de la estación { $tile } lleva una ficha antes que nada.
station-toes-first = La pata de gallo { $tile } lleva sus dedos antes que nada.
station-cover-first = Hay que cubrir el { $tile } ({ $train }) antes que nada.
station-chaining = Tu primer turno: pon en tu tren las fichas que quieras y luego termina tu turno.

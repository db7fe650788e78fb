# How to play each game, in short: the aim, the deal, a turn, scoring and how
# the match is won. Read by the page (/how/GAME) and by `domino rules --how`.
# Written for this project from docs/rules; keep the same ids in every language.

## Page and headings

howto-title = Cómo se juega: { $game }
howto-link = Cómo se juega
howto-link-game = Cómo se juega { $game }
howto-games = Cómo se juega cada juego
howto-back = Volver a los juegos
howto-aim = El objetivo
howto-deal = El reparto
howto-turn = Tu turno
howto-score = Los puntos
howto-win = Cómo se gana la partida
howto-unknown = No hay ningún juego llamado «{ $name }».
howto-more = Las reglas completas, con todas las opciones: docs/rules/{ $preset }.md

## jamaican

howto-jamaican-aim = Dos parejas, cada compañero frente al otro, corren a seis a cero: seis manos ganadas mientras la otra pareja no tiene ninguna.
howto-jamaican-deal = Juego de doble seis, siete fichas cada uno: se reparten las 28, así que nadie roba. En la primera mano sale quien tiene el doble seis, con él; después sale la pareja que ganó la mano anterior, y quien la ganó decide cuál de los dos.
howto-jamaican-turn = Pon una ficha que case con una punta de la línea. Si no llevas, pasas (pase). La mano termina cuando alguien pone su última ficha (dominó) o nadie puede jugar (tranque).
howto-jamaican-score = Una mano ganada vale un punto, dos si la última ficha es la ficha clave (la única que aún casaba con las dos puntas). En un tranque gana para su pareja quien tiene menos puntos en la mano. Si la pareja sin puntos le gana a una pareja con puntos, las dos vuelven a cero.
howto-jamaican-win = Gana la partida la primera pareja que llega a seis mientras la otra sigue en cero (seis a cero).

## cutthroat

howto-cutthroat-aim = El juego jamaiquino cada uno por su cuenta: gana seis manos mientras otro jugador no tiene ninguna.
howto-cutthroat-deal = Juego de doble seis. Con dos jugadores, catorce fichas cada uno (o siete y un pozo con la opción del pozo); con tres, nueve cada uno sin el doble blanco; con cuatro, siete cada uno. Sale primero quien tiene el doble seis, con él; después sale el ganador de la mano anterior con la ficha que quiera.
howto-cutthroat-turn = Casa una punta de la línea o pasa (con pozo, roba hasta que puedas jugar). La mano termina con dominó o tranque, y en el tranque gana el único que tenga menos puntos.
howto-cutthroat-score = Cada mano ganada vale un punto. En cuanto todos tienen un punto, todos vuelven a cero.
howto-cutthroat-win = Gana el primero que llega a seis mientras otro sigue sin puntos.

## chiva

howto-chiva-aim = Con cuatro jugadores, dos parejas corren a cuatro a cero; con dos o tres, cada uno juega solo hasta ganar cuatro manos mientras alguien no tiene ninguna.
howto-chiva-deal = Juego de doble seis, siete fichas cada uno. Con cuatro se reparten todas; con dos o tres queda un pozo. En la primera mano sale quien tiene el doble seis, con él; después salen los ganadores.
howto-chiva-turn = Casa una punta o pasa; con dos o tres jugadores, roba del pozo de una en una hasta que puedas jugar. En un tranque a cuatro gana la pareja que suma menos puntos entre los dos.
howto-chiva-score = Una mano ganada vale un punto. Si el lado sin puntos le gana a un lado con puntos, el marcador vuelve a cero.
howto-chiva-win = Cuatro manos ganadas mientras los demás siguen en cero (cuatro a cero) se llevan la partida.

## puerto-rican

howto-puerto-rican-aim = Un juego de puntos: gana manos y cóbrate los puntos que quedan en las otras manos; el primero a 100 gana.
howto-puerto-rican-deal = Juego de doble seis, siete fichas cada uno. A cuatro se juega en parejas y se reparten todas; a dos o tres cada uno juega solo y roba del pozo. Sale primero quien tiene el doble seis, con él; después sale el ganador de la mano anterior.
howto-puerto-rican-turn = Casa una punta de la línea o pasa. A cuatro, cada pase le da 10 puntos a la otra pareja (una vez por pareja en cada vuelta de pases).
howto-puerto-rican-score = Quien se pega se cobra los puntos de todas las demás manos; en un tranque, la mano más liviana se lleva todos los puntos de la mesa. Premios: ganar la primera o la segunda mano, el capicú (la última ficha casaba por las dos puntas) y el chuchazo (pegarse con el doble blanco) suman puntos.
howto-puerto-rican-win = Gana el primer lado que llega a 100 al final de una mano.

## block

howto-block-aim = El juego más sencillo: pégate primero, o quédate con menos cuando nadie puede jugar, y cóbrate lo que tienen los demás.
howto-block-deal = Juego de doble seis (doble nueve o doble doce como opción); de cinco a ocho fichas cada uno según los jugadores. Las fichas que sobran quedan boca abajo y nunca se roban. En cada mano sale quien tiene el doble más alto, con él.
howto-block-turn = Pon una ficha que case con una punta de la línea; si no llevas, pasa. A cuatro se juega en parejas.
howto-block-score = Quien se pega se cobra los puntos de todos los perdedores. En un tranque gana quien tiene menos y se cobra los puntos de los perdedores menos los suyos; si empatan los que menos tienen, nadie cobra.
howto-block-win = Al final de una mano, cuando un lado llega a 100 (la meta se puede cambiar), gana el que más tiene.

## draw

howto-draw-aim = El juego de bloqueo con pozo: pégate primero y cóbrate lo que tienen los demás.
howto-draw-deal = Juego de doble seis; siete fichas cada uno para dos jugadores, menos si son más. El resto es el pozo. En cada mano sale quien tiene el doble más alto, con él.
howto-draw-turn = Pon una ficha que case si puedes. Si no, roba del pozo de una en una hasta que una case, y juégala; cuando el pozo está vacío, pasa.
howto-draw-score = Quien se pega se cobra los puntos de todos los perdedores. Un tranque (nadie puede jugar ni robar) lo gana quien menos tiene, y se cobra los puntos de los perdedores menos los suyos.
howto-draw-win = Al final de una mano, cuando un lado llega a la meta (100), gana el que más tiene.

## cross

howto-cross-aim = El juego de robar abierto en cruz: cuatro líneas salen del primer doble.
howto-cross-deal = Juego de doble seis; siete fichas cada uno para dos jugadores, menos si son más, y el resto al pozo. Sale quien tiene el doble más alto, con él: la primera ficha siempre es un doble.
howto-cross-turn = Primero se hace la cruz: cuatro fichas con el número del doble, una en cada uno de sus cuatro lados. Después cualquiera de las cuatro puntas acepta una ficha que case. Roba si no puedes jugar; pasa cuando el pozo está vacío.
howto-cross-score = Como en el juego de robar: quien se pega se cobra los puntos de los perdedores; un tranque lo gana quien menos tiene.
howto-cross-win = Al final de una mano, cuando un lado llega a la meta (100), gana el que más tiene.

## double-nine-cross

howto-double-nine-cross-aim = Un juego de robar grande, hasta ocho jugadores con doble nueve, donde cada doble abre líneas nuevas.
howto-double-nine-cross-deal = Juego de doble nueve (55 fichas): siete cada uno para dos o tres jugadores, cinco cada uno de cuatro a ocho, y el resto al pozo. Sale quien tiene el doble más alto, con él.
howto-double-nine-cross-turn = Primero se completa la cruz: una ficha con el número del doble en cada uno de sus cuatro lados. Después, cada doble que se pone abre dos líneas nuevas por sus lados. Roba si no puedes jugar; pasa cuando el pozo está vacío.
howto-double-nine-cross-score = Quien se pega se cobra los puntos que tienen los demás; un tranque lo gana quien menos tiene.
howto-double-nine-cross-win = Al final de una mano, cuando alguien llega a la meta, gana el que más tiene.

## french

howto-french-aim = Cuatro jugadores, cada uno solo, y los puntos son malos: cuando alguien llega a 100, gana el que menos tiene.
howto-french-deal = Juego de doble seis, siete fichas cada uno: se reparten las 28 y nadie roba. En la primera mano sale quien tiene el doble blanco, con él; después el ganador de la mano anterior sale con el doble que quiera.
howto-french-turn = El primer doble abre cuatro brazos, y cada uno necesita una ficha antes de seguir. Después, un número en una punta espera su doble: cuando el doble está en la mesa, pueden seguir las demás fichas de ese número. Si no puedes jugar, pasas.
howto-french-score = Al final de la mano cada uno suma lo que tiene, el doble si aún tiene un doble, y el doble otra vez si el ganador se pegó con un doble. Tres pases seguidos cuestan 10; también cuesta 10 a cada uno de los tres pasar cuando el turno da la vuelta hasta quien acaba de jugar.
howto-french-win = Tras una mano en que alguien llega a 100, gana el que menos suma.

## all-fives

howto-all-fives-aim = Se anota jugando: cada vez que las puntas suman un múltiplo de 5, te lo anotas. El primero a 100 gana.
howto-all-fives-deal = Juego de doble seis, cinco fichas cada uno; el resto es el pozo. Sale quien tiene el doble más alto, con la ficha que quiera.
howto-all-fives-turn = Pon una ficha que case; un doble en una punta cuenta sus dos mitades. Si no puedes jugar, roba hasta que puedas, pero las dos últimas fichas del pozo nunca se roban: entonces pasas.
howto-all-fives-score = Las puntas que suman 5, 10, 15, 20... le dan ese total a quien las dejó así. El ganador de la mano se cobra además lo que tienen los demás, redondeado a un múltiplo de 5.
howto-all-fives-win = Gana el primero que llega a 100, aunque sea en medio de una mano.

## fives-and-threes

howto-fives-and-threes-aim = Como el de cincos, con más maneras de anotar: los múltiplos de 3 también cuentan. El primero a 100 gana.
howto-fives-and-threes-deal = Juego de doble seis, cinco fichas cada uno; el resto es el pozo. Sale quien tiene el doble más alto, con la ficha que quiera.
howto-fives-and-threes-turn = Pon una ficha que case; un doble en una punta cuenta sus dos mitades. Roba hasta que puedas jugar, sin tomar nunca las dos últimas; después pasa.
howto-fives-and-threes-score = Si las puntas suman un múltiplo de 5 o de 3, te anotas el total (3, 5, 6, 9, 10, 12, 15...). El ganador de la mano se cobra además lo que tienen los demás.
howto-fives-and-threes-win = Gana el primero que llega a 100.

## club-fives

howto-club-fives-aim = Dos jugadores cuentan de cinco en cinco: cada múltiplo de 5 en las puntas vale un punto por cada 5. Gana quien pasa de 61.
howto-club-fives-deal = Juego de doble seis, cinco fichas cada uno; el resto es el pozo. Cada uno voltea una ficha para ver quién sale primero; después se turnan.
howto-club-fives-turn = Un doble de salida es un spinner: hay que jugarle por sus dos lados largos (cruzar la T) antes de que se abran sus dos puntas cortas. Roba si no puedes jugar, nunca las dos últimas; después pasa.
howto-club-fives-score = Puntas que suman 5 valen 1, 10 valen 2, 15 valen 3, y así. Quien se pega se cobra los puntos del contrario, redondeados al 5 más cercano, en puntos de cinco.
howto-club-fives-win = Al final de una mano gana el primero que pasa de 61; el perdedor que no llega a 31 queda zapatero.

## mexican-train

howto-mexican-train-aim = Un juego de familia para dos a ocho: quedarse sin fichas antes que los demás, mano tras mano, y terminar la partida con el menor total de puntos sobrantes.
howto-mexican-train-deal = Juego doble doce; quince fichas cada uno hasta cuatro jugadores, doce con cinco o seis, diez con siete u ocho; el resto es el pozo. Trece manos: la primera sale del 12-12 en el centro (la estación), la siguiente del 11-11, hasta el 0-0. Quien tenga el doble de la mano lo coloca (si nadie lo tiene, se roba por turnos hasta que aparezca) y empieza el jugador siguiente.
howto-mexican-train-turn = Una ficha por turno: en tu propio tren (una línea desde la estación), en el tren mexicano que cualquiera puede empezar y alargar, o en el tren de otro jugador cuando está abierto. Si no puedes jugar, roba una ficha y juégala si entra; si no, pasas y tu tren queda abierto a todos hasta que vuelvas a jugar en él. Un doble te da otra ficha enseguida, y un doble sin cubrir debe cubrirse primero, por ti o por los siguientes, antes de cualquier otra jugada.
howto-mexican-train-score = La mano termina cuando alguien juega su última ficha, o cuando nadie puede jugar y el pozo está vacío. Cada uno se anota los puntos que le quedan en la mano (el doble blanco vale 0 por defecto, 50 en algunas casas).
howto-mexican-train-win = Tras la última mano gana el menor total; los totales iguales comparten la victoria.

## chicken-foot

howto-chicken-foot-aim = De dos a ocho jugadores se quedan sin fichas alrededor de un doble central, con el menor total posible de puntos sobrantes en la partida.
howto-chicken-foot-deal = Juego doble nueve; nueve fichas cada uno con dos jugadores, siete con tres o cuatro, seis con cinco o seis, cinco con siete u ocho; el resto es el corral. Diez manos, empezadas por el 9-9, luego el 8-8, hasta el 0-0, que coloca quien lo tenga (o lo robe).
howto-chicken-foot-turn = El doble del centro recibe una ficha en cada uno de sus cuatro lados antes que nada. Un doble jugado en un extremo abierto es una pata de gallo: debe recibir tres dedos, cada uno del mismo número, antes de que se juegue en otro sitio. Por lo demás, una ficha por turno en cualquier extremo abierto; si no puedes jugar, roba una ficha y juégala si entra, si no, pasas.
howto-chicken-foot-score = La mano termina cuando alguien juega su última ficha, o cuando nadie puede jugar y el corral está vacío. Cada uno se anota los puntos que le quedan; el doble blanco sobrante vale 50.
howto-chicken-foot-win = Tras la última mano gana el menor total.

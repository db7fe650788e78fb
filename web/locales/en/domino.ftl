# The words of the browser page and of the terminal game, in English.
# Every other catalog has the same messages with the same variables
# (crates/terminal/tests/catalogs.rs checks it).
# $me / $self / $playable are "true" or "false"; $many is "you" (the
# player alone), "team" (a partnership), "true" (more than one) or "false"
# (somebody else alone), for languages whose verbs differ between them.

language-name = English
language-switch = Language

## Games, computer players

game-title = { $preset ->
    [jamaican] Jamaican partner
    [cutthroat] Cut-throat
    [chiva] Chiva
    [puerto-rican] Puerto Rican points
    [block] Block game
    [draw] Draw game
    [cross] Cross
    [double-nine-cross] Double-nine cross
    [french] French
    [all-fives] All fives (muggins)
    [fives-and-threes] Fives and threes
    [club-fives] Club fives
    [mexican-train] Mexican Train
    [chicken-foot] Chicken foot
   *[other] { $preset }
}
game-line = { $preset ->
    [jamaican] Two teams of two race to six hands while the others have none; the key tile counts double.
    [cutthroat] Every player for themselves: first to six hands while somebody still has none.
    [chiva] Four-love between two teams, or each for themselves with drawing for two or three.
    [puerto-rican] Win a hand and take the pips left in the others' hands; passes and capicú pay. To 100.
    [block] The classic: no drawing; the winner scores the losers' pips.
    [draw] The classic with a boneyard: draw until you can play.
    [cross] The first double is played on all four sides before the game goes on.
    [double-nine-cross] Double-nine tiles; a cross start, and every double opens two new lines.
    [french] Four arms that wait for their doubles; penalty points, and the lowest total wins at 100.
    [all-fives] Score the ends whenever they add up to a multiple of five. To 100.
    [fives-and-threes] Multiples of three and of five both score. To 100.
    [club-fives] Two players peg one point per five, crossing the T, to 61.
    [mexican-train] Two to eight players, a train each from the station and the Mexican train for all; the lowest total after thirteen hands wins.
    [chicken-foot] Two to eight players; every double is a chicken foot that takes three toes first. The lowest total after ten hands wins.
   *[other] { "" }
}
level = { $bot ->
    [random] Beginner
    [heavy] Easy
    [count] Casual
    [heuristic] Strong
    [expert] Expert
   *[other] { $bot }
}
level-tooltip = Computer player “{ $bot }”

brand = Dominoes
page-title = Dominoes
you = You
you-tag = you
bot-name = Bot { $n }
team = { $a } & { $b }
players-count = { $count } players

## Header and settings

sound-on = Sounds on
sound-off = Sounds off
sound-toggle = Sounds for plays, passes and your turn
autopass = Pass for me when I cannot play
autopass-help = When no tile fits and there is nothing to draw, the pass is made for you.
settings = Settings

## Lobby

lobby-you = Your name
lobby-name-placeholder = The name others see
lobby-quick = Play the computer
lobby-game = Game
lobby-level = Opponent level
lobby-play = Play
lobby-new = A table for friends
lobby-new-help = Choose who sits where: invite friends to seats, the computer takes the others.
lobby-players = Players
lobby-seats = Seats
lobby-seat-you = You
lobby-seat-bot = Computer
lobby-seat-invite = Invite a friend
lobby-seat-where = { $where }
lobby-private = Private: only people with the link can find it
lobby-watch-bots = Only computer players (watch them)
lobby-house-rules = House rules
lobby-option-points = points
lobby-create = Create the table
lobby-need-name = Choose a name first.
lobby-custom = Custom games
quick-title = Quick game
quick-help = One tap: you meet the players who want the same game; if nobody comes in the seconds shown, the computer plays you.
quick-clock-move15 = 15 s + 1 min
quick-clock-none = Untimed
quick-clock-day1 = 1 day a move
quick-tile-label = { $game }, { $clock }
quick-others = { $count ->
    [one] 1 waits
   *[other] { $count } wait
}
quick-waiting = Looking for players ({ $game }, { $clock }): the computer plays you in { $s } s.
quick-computer-now = Play the computer now
quick-to-computer = Nobody came: the computer plays you.
quick-filling = Making the table: the computer takes the seats nobody took.
quick-guest-name = Player { $n }
lobby-games = The games
lobby-open = Open tables
lobby-refresh = Refresh
lobby-none-open = No open tables right now. Start one!
lobby-join = Join
lobby-watch = Watch
lobby-finished = Finished matches
lobby-none-finished = No finished matches yet.
lobby-replay = Replay
lobby-record = Record
lobby-record-help = Download the match record (JSON), checkable with domino verify
lobby-free-seats = { $count ->
    [one] 1 free seat
   *[other] { $count } free seats
}
lobby-hand = hand { $n }
lobby-won-by = { $many ->
    [false] { $who } won
   *[other] { $who } won
}
lobby-tie = No winner
lobby-date = { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
lobby-hands = { $count ->
    [one] 1 hand
   *[other] { $count } hands
}
seat-where-0 = your seat
seat-where-partner = partner, across
seat-where-left = opponent, on your left
seat-where-right = opponent, on your right
seat-where-next = player { $n } in turn
played-by-bot = { $name } (then a computer player)
left-match = { $name } (left; a computer player finished)
away-match = { $name } (away: a computer player made { $share }% of the moves)

## House rules (the lobby's options)

option-name = { $name ->
    [set] Tiles
    [hand_size] Tiles in each hand
    [sporting] Free first lead
    [key_tile] Key tile
    [playoff] Playoff at one all
    [tie_replays] Replay tied hands
    [boneyard] Drawing from the boneyard
    [blocked] Blocked hands go to
    [pass_points] Points for a pass
    [premiums] Bonuses
    [claims] Scoring your points
    [muggins_by] Who may take missed points
    [skunk] Skunk
    [partners] Partners
    [both_partners_out] Both partners must go out
    [scoring] Scoring
    [target] Points to win
    [double_blank_ten] Double blank counts 10
    [capicu_same_ends] Capicú on matching ends
    [start_double] First engine
    [rounds] Hands
    [double_blank] Double blank left in hand
    [first_turn] First turn
    [mexican_train] Mexican train
    [open_trains_start] Trains start open
    [centre] Sides of the centre
   *[other] { $name }
}
option-help = { $name ->
    [set] Double-six, double-nine or double-twelve tiles.
    [hand_size] How many tiles each player is dealt.
    [sporting] Whoever holds the double six may lead any tile in the first hand.
    [key_tile] Going out with the key tile scores 2.
    [playoff] A hand that would make it 1–1 is played off for 2–0.
    [tie_replays] A tied hand is played again for one point more.
    [boneyard] Deal 7 each; a player who cannot play draws from the rest.
    [blocked] When nobody can play: the team with the lower total of pips, or the team of the player with the fewest pips.
    [pass_points] What each pass gives the other team (0: nothing).
    [premiums] Extra points for the first two hands, for a capicú and for a chuchazo.
    [claims] Automatic: your points are added for you. Muggins: you call them, and if you miss them another player may take them. Strict: points you do not call are lost.
    [muggins_by] With muggins: only the next player, or any other player, may take points you missed.
    [skunk] A loser still under 31: extra points for the winner, no skunk, or the match counts twice.
    [partners] Two teams: you and the player across against the other two.
    [both_partners_out] With partners, a team wins the hand only once both partners have gone out.
    [scoring] Hands: one point per hand won. Pips: the winner scores the pips left in the losers' hands.
    [target] The score that ends the match.
    [double_blank_ten] The double blank counts 10 pips in a hand's count.
    [capicu_same_ends] A capicú also counts when both ends show the same number and the last tile fits either.
    [start_double] The double that starts the first hand; each later hand starts one lower.
    [rounds] How many hands the match lasts.
    [double_blank] What the double blank counts when it is left in a hand at the end.
    [first_turn] One tile on the first turn, or as many as the player can lay on their own train.
    [mexican_train] Whether the shared Mexican train can be started.
    [open_trains_start] Whether every train is open to everybody from the start.
    [centre] How many tiles the centre double takes before anything else: four, or six.
   *[other] { $help }
}
option-choice = { $choice ->
    [team_total] team total
    [lowest_player] lowest player
    [auto] automatic
    [muggins] muggins
    [strict] strict
    [next] next player
    [any] any player
    [no_skunk] no skunk
    [double_game] double game
    [hand] hands
    [spots] spots
   *[other] { $choice }
}

## Table: seats

seat-tiles = { $count ->
    [one] 1 tile
   *[other] { $count } tiles
}
seat-passes = { $count ->
    [one] passed once
   *[other] passed { $count }×
}
seat-to-play = to play
seat-your-turn = Your turn
seat-partner = partner
seat-bot = computer · { $level }
seat-away = away: a computer plays for now
seat-left = left: a computer plays
seat-waiting = waiting for a friend
seat-ready = ready
seat-out = out
boneyard = { $count ->
    [one] Boneyard: 1 tile
   *[other] Boneyard: { $count } tiles
}
copy-invite = Copy the invitation link
copied = Link copied
invite-link = Invitation link
fill-bots = Start now: computer players take the empty seats
waiting-invited = { $count ->
    [one] Waiting for 1 invited player.
   *[other] Waiting for { $count } invited players.
}
waiting-host = The match starts when everybody invited is here.

## Table: status and actions

status-your-turn = Your turn: play a highlighted tile.
status-your-turn-plain = Your turn.
status-choose-end = Where does { $tile } go? Choose an end.
status-waiting-for = Waiting for { $who }…
status-watching = You are watching this table.
status-watching-bots = You are watching the computer players.
status-watching-full = You are watching: every seat is taken.
status-next-hand = The next hand starts when everyone is ready.
status-choose-poser = You won the hand: who poses the next one?
status-auto-passed = No tile of yours fits { $ends } and there is nothing to draw: passed for you.
status-auto-passed-empty = You could not play and there was nothing to draw: passed for you.
status-left = You left the table.
ends-list = { $list }
act-draw = Draw a tile
act-pass = Pass
act-muggins = Call muggins
act-muggins-nothing = Nothing to take: the last play left no points unclaimed.
act-muggins-help = Take the points the last player made but did not claim
act-claim = Claim my points
act-claim-help = Your next play claims the points it makes. Claim nothing that does not score.
act-poser = { $me ->
    [true] I pose
   *[other] { $who } poses
}
act-on-end = { $end } · { $pips }
act-cancel = Cancel
act-leave = Leave the table
act-leave-confirm = Leave this table? A computer player takes your seat for the rest of the match.
act-resign = Resign
act-resign-confirm = Resign this match? It ends now and your side places last{ $rated ->
    [yes] ; it counts as a loss for your rating.
   *[no] .
}
act-abort = Abort
act-abort-confirm = Call this match off? Nothing has been played yet: it ends with no result, and no rating moves.
act-ready = Next hand
act-join = Join
act-watch = Just watch
join-prompt = Sit at this table as
end-left = left end
end-right = right end
end-top = top
end-bottom = bottom
end-branch = { $tile } branch
end-branch-side = { $tile } branch ({ $side })
side-up = up
side-down = down
side-left = left
side-right = right
board-empty = The first tile goes here
board-waiting = The match has not started yet
hand-label = Your tiles
tile-label = { $playable ->
    [true] { $tile }, playable
   *[other] { $tile }
}

## The log

log-title = The play
log-hand = Hand { $n }
ev-pose = { $who } posed { $tile }
ev-play = { $who } played { $tile } on the { $end }
ev-claim = claiming
ev-draw = { $who } drew a tile
ev-draw-seen = { $who } drew { $tile }
ev-pass = { $who } passed
ev-choose-poser = { $self ->
    [true] { $who } will pose
   *[other] { $who } asked { $other } to pose
}
ev-muggins = { $who } called muggins!
ev-scored = { $many ->
    [false] { $who } scores { $points }
   *[other] { $who } score { $points }
}{ $reason ->
    [ends] { " " }for the ends
    [pass] { " " }for the pass
    [muggins] { " " }by muggins
   *[other] { "" }
}
ev-penalty = { $many ->
    [false] { $who } takes
   *[other] { $who } take
} { $points } penalty points ({ $reason ->
    [three_passes] three passes
    [board_pass] a board pass
   *[other] { $reason }
})
ev-unclaimed = { $who } left { $points } unclaimed
ev-out = { $many ->
    [false] { $who } is out
   *[other] { $who } are out
}
ev-hand-over = { $text }
ev-match-over = { $many ->
    [false] { $who } wins the match!
   *[other] { $who } win the match!
}
ev-match-tie = The match ends in a tie.
ev-chat = { $who }: { $text }

## Results

result-title = Hand { $n }
result-wins = { $many ->
    [false] { $who } wins the hand
   *[other] { $who } win the hand
}
result-tie = A tied hand
result-domino = { $many ->
   *[other] { $who } dominoed.
}
result-blocked = { $many ->
   *[other] Blocked: { $who } had the lightest hand ({ $count } pips).
}
result-blocked-team = Blocked: { $who } had the lighter hands ({ $count } pips).
result-blocked-tie = Blocked, and the lightest hands were equal.
result-target = { $many ->
   *[other] { $who } reached { $target } during the hand.
}
result-points = { $who }: { $points }
result-note = { $note ->
    [key_tile] won with the key tile
    [capicu] capicú: the last tile fitted both ends
    [chuchazo] chuchazo: went out with the double blank
    [hand_premium] bonus for one of the first two hands
    [board_pass] a board pass was charged
    [double_out] went out with a double: the others' penalties are doubled
    [skunk] skunk: the loser stayed under 31
    [tie] a tied hand scores nothing
    [replay] the next hand is replayed for one point more
    [playoff_next] one all: the next hand is a play-off
    [playoff] play-off won
    [reset] the scores go back to zero
    [six_love] six-love!
    [four_love] four-love!
   *[other] { $note }
}
result-pips = { $count ->
    [one] 1 pip
   *[other] { $count } pips
}
result-ready-wait = Waiting for { $who }.
result-hands = Every hand
match-over = Match over
match-you-win = { $many ->
    [false] You win the match!
   *[other] You win the match!
}
match-winner = { $many ->
    [false] { $who } wins the match
   *[other] { $who } win the match
}
match-tie = The match is tied
match-called-off = Match called off
match-final = Final score
match-resigned = { $who } resigned the match.
match-aborted = { $who } called the match off before it began: no result, no rating moved.
match-resigned-you = You resigned the match.
match-aborted-you = You called the match off before it began: no result, no rating moved.
match-skunk = { $many ->
    [false] { $who } is skunked
   *[other] { $who } are skunked
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } to the winner)
}{ $games ->
    [1] { "" }
   *[other] : the match counts { $games } games
}.
rematch = Rematch
rematch-help = The same seats, a new match
rematch-open = A rematch has started: join it
back-lobby = Back to the lobby
open-replay = Watch the replay
download-record = Download the record

## Score

score-title = Score
score-hand = Hand { $n }
score-love = First to { $goal } while somebody still has none
score-love-cut = First to { $goal } while somebody still has none; when everybody has won a hand, all go back to zero
score-points = { $target ->
    [one] First to { $target } point
   *[other] First to { $target } points
}
score-penalty = Penalty points: when somebody reaches { $target }, the lowest total wins
score-pegs = Pegging to { $target }
score-to-go = { $count } to go
score-hands = Hand { $hand } of { $count }: the lowest total wins
score-of = { $score } / { $target }
score-stake = The next hand is worth { $stake }
score-playoff = This hand is a play-off
score-hands-won = { $count ->
    [one] 1 hand
   *[other] { $count } hands
}
score-leader-low = lowest
sheet-title = Score sheet
sheet-hand = Hand
sheet-how = How
sheet-total = Total
sheet-empty = No hand finished yet.
how-domino = { $many ->
    [you] you dominoed
   *[other] { $who } dominoed
}
how-blocked = { $many ->
    [you] blocked, you were lightest
   *[other] blocked, { $who } lightest
}
how-blocked-tie = blocked, tie
how-target = { $many ->
    [you] you reached the target
   *[other] { $who } reached the target
}

## Fair deals

fair-title = Fair deal
fair-sealed = Deal sealed
fair-verified = Deal verified
fair-failed = Deal NOT verified
fair-checking = Checking the deal…
fair-explain = Before each hand the server publishes a fingerprint (SHA-256) of the secret key that shuffles it. When the hand ends, it reveals the key, and this page deals the tiles again from that key by itself and compares them with every hand shown.
fair-hand = Hand { $n }
fair-commit = Fingerprint of the key
fair-key = Revealed key
fair-key-hidden = revealed when the hand ends
fair-redeal = Redeal rule
fair-redeal-double = dealt again while nobody holds a double
fair-redeal-never = never dealt again
fair-redeal-turn_over = no redeal; the first player is drawn from the key
fair-redeal-tile = dealt again while nobody holds { $tile }
fair-ok = ✓ Deal verified: the commitment and all hands match the revealed key{ $redeals ->
    [0] { "" }
    [one] { " " }(after 1 redeal: { $why })
   *[other] { " " }(after { $redeals } redeals: { $why })
}
fair-why-double = nobody held a double
fair-why-tile = nobody held { $tile }
fair-bad-commit = ✗ Deal NOT verified: the revealed key does not match the commitment
fair-not-all = ✗ Deal not checked: not every hand is shown
fair-bad-rule = ✗ Deal NOT verified: the published redeal rule "{ $rule }" is not one hand { $hand } of { $preset } can be dealt under
fair-not-verified = ✗ Deal NOT verified: { $why }
fair-error = ✗ Deal not checked: { $why }
fair-stolen = { $who } played { $tile }, which the revealed key did not deal them
fair-empty-boneyard = { $who } drew from an empty boneyard
fair-wrong-hand = { $who }'s hand is not the one the revealed key deals
fair-wrong-hands = the hands of { $list } are not the ones the revealed key deals
fair-wrong-poser = the revealed key gives the first pose to { $poser }, but { $who } posed
fair-seat = seat { $n }
fair-replay-ok = ✓ Every deal matches its revealed key.
fair-replay-bad = ✗ The deals do not match their revealed keys.

## Chat

chat-title = Table talk
chat-placeholder = Say something (200 characters at most)
chat-send = Send
chat-empty = Nothing said yet.
chat-phrase-hi = Hello!
chat-phrase-gg = Good game!
chat-phrase-nice = Nice play!
chat-phrase-oops = Oops!
chat-phrase-thanks = Thanks!
chat-phrase-hurry = Your turn!
chat-phrase-again = Another one?
chat-phrase-wow = Wow!
chat-too-long = At most 200 characters.

## Connection and errors

offline = Connection lost. Reconnecting in { $secs } s…
offline-now = Connection lost. Reconnecting…
offline-retry = Reconnect now
online-again = Back online.
not-found-title = Nothing here
not-found-table = There is no table at this address. It may have ended long ago, or the link is mistyped.
not-found-replay = There is no finished match at this address.
not-found-page = This page does not exist.
not-found-lobby = Go to the lobby
table-over = This match is over.
# A refusal from the server, by its code ($message: the server's English words,
# shown for a code not listed here). Every code of the server and the engine
# codes a move or a new table can bring are here; the engine's unknown_command,
# no_match, unknown_bot, bad_deal and bad_record never reach a browser (they
# belong to the engine's own line protocol: the server deals, and names bots
# with bad_bot). English keeps the server's reason for bad_hand (which entry
# of the scorekeeper's form is wrong); it comes only in English. The
# scorekeeper's page says it in every language (keep-refused).
error = { $code ->
    [already_seated] You already have a seat at this table.
    [analysis_busy] The coach is busy with other matches: try again in a minute.
    [analysis_too_large] This match is too long for the coach to analyse.
    [bad_bot] That computer player does not exist: choose one from the list.
    [bad_chat] That cannot be sent: write something or choose a phrase.
    [bad_game] There is no such game.
    [unknown_preset] There is no such game.
    [bad_option] One of the options is not allowed in this game: change it and try again.
    [bad_rules] Those options do not make a game: change them and try again.
    [bad_hand] That hand cannot be scored as entered: { $message }.
    [impossible_counts] No deal of the set leaves those counts: two players cannot hold the same tile, and each player still in holds at least one ({ $message }).
    [impossible_points] No hand scores those points during play: they are more than every play can make, or not in the points this table scores ({ $message }).
    [impossible_acts] That penalty cancels more than the act can: one play's points at most ({ $message }).
    [bad_json] The page sent something the server could not read: reload the page.
    [bad_request] The page sent something the server could not read: reload the page.
    [too_large] That is too long to send.
    [bad_name] Choose another name: it needs at least one visible character and cannot be too long.
    [bad_names] Too many names for this game: one for each player or team.
    [name_taken] That name is taken: choose another.
    [bad_seat] That seat does not exist.
    [bad_seats] Those seats do not fit this game: you take one, and the others go to players or the computer.
    [seat_taken] That seat is not free.
    [not_invited] That seat is kept for an invited friend: only their invite link takes it.
    [table_full] There is no free seat at this table.
    [bad_token] That seat is no longer yours: join the table again.
    [not_your_seat] That seat belongs to another account: sign in as its player to sit there.
    [not_seated] You do not have a seat at this table.
    [left] You left this table.
    [no_table] That table is not being played here.
    [moving] That table is moving to another server: wait a moment.
    [not_host] Only the table's creator fills the seats.
    [started] The match has already started.
    [not_started] The match starts when every invited player is here.
    [not_over] The match is still being played.
    [match_over] The match is over.
    [hand_over] The hand is over: get ready for the next one.
    [hand_not_over] The hand is still being played.
    [not_your_turn] It is not your turn.
    [illegal_action] That play is not allowed.
    [stale] The table moved on before your play arrived: look again and play.
    [busy] One moment: the table is getting something ready. Try again.
    [hint_failed] The expert could not work one out.
    [hints_off] Hints are off at this table.
    [chat_too_long] That line is too long: make it shorter.
    [rate_limited] Slow down: too much at once. Wait a moment and try again.
    [too_many_creates] Too much created from here in a short time: wait a while and try again.
    [too_many_tables] You have too many unfinished tables: finish or leave one first.
    [no_puzzle] There is no puzzle with this id.
    [no_run] No puzzle run of yours has this id.
    [run_over] That run is over: start another.
    [no_sheet] There is no score sheet at this address.
    [no_secret] Only the sheet's keeper can change it: the keeper's link lets you.
    [bad_secret] That link is not this sheet's keeper's link: ask the keeper for it.
    [changed] The sheet changed meanwhile: reload it and enter the hand again.
    [full] This sheet is full: start a new one.
    [nothing_to_undo] There is nothing to undo.
    [no_profile] There is no such profile.
    [signed_out] Sign in first: make a profile, or open a link from your other device.
    [link_used] This link was used already or has expired: make a new one on your other device.
    [cross_site] Refused: the request came from another site. Open the game at its own address.
    [not_json] Refused: the request was not sent as JSON. Reload the page and try again.
    [store] Not saved, so not done: try again in a moment.
    [internal] Something went wrong on the server: try again.
    [already_entered] You are in this tournament already.
    [bad_format] That is not a tournament format: round robin, Swiss or single elimination.
    [bad_rounds] That number of rounds does not fit: a Swiss tournament plays 1 to 15 rounds.
    [no_tournament] There is no tournament at this address.
    [not_organiser] Only the organiser can do that: the organiser's link lets you.
    [not_moderator] Only a moderator can do that.
    [round_not_over] Every table of this round is dealt the same cards: you can watch it, and see its replay, once the round is over.
    [too_few_entrants] Not enough entrants to start: add players or bots.
    [tournament_full] This tournament is full.
    [too_many_tournaments] You have as many tournaments waiting to start as you may: start one first, or wait until one nobody entered expires.
    [tournament_started] This tournament has started: joining is closed.
    [bad_clock] That clock is out of range: a move takes 5 seconds to 5 minutes, a bank up to an hour, a match 1 minute to 2 hours, and a correspondence move 1 hour to 3 days.
    [out_of_time] Your time ran out: the computer moved for you.
    [already_seeking] You are already waiting for a game: stop waiting first.
    [at_rated_table] You are playing a rated match: finish it (leaving loses it) first.
    [bad_fill] The computer fills after 5 to 300 seconds, and never in rated games.
    [bad_team] This game has no partners: ask alone.
    [no_game] There is no such game: check the game and its rules.
    [no_seek] That wait is over: it was cancelled or played.
    [no_team] No team waits for a partner with that code.
    [has_rated_games] This profile has played rated matches as a person: make a new profile for your bot.
    [not_a_bot] That is for bot accounts only.
    [too_many_tokens] This bot already has 10 tokens: revoke one first.
    [no_token] This bot has no such token.
    [rate] Too many requests with this token: slow down.
    [bot_pairing_off] This server does not pair bot accounts.
    [bot_offline] That bot is not online now.
    [too_many_challenges] Too many challenges are waiting: wait for an answer first.
    [no_such_profile] There is no such profile.
    [no_challenge] There is no such challenge.
    [not_pending] That challenge was already answered, cancelled or has expired.
    [too_many_seeks] Too many people are waiting for a game from this address: wait until some are paired.
    [no_abort] The match is under way: it can be resigned, no longer aborted.
    [in_tournament] A tournament's match is played to its end: leave the table to let the computer play your seat.
   *[other] { $message }
}

## Replay

replay-title = Replay: { $game }
replay-prev = ◀ Back
replay-next = Forward ▶
replay-keys = Arrow keys step; Page Up and Page Down go a hand at a time; Home and End go to the start and the end.
replay-step = Hand { $hand }, move { $step }
replay-deal = Hand { $hand }, the deal
replay-slider = Position in the match
loading = Loading…

## The terminal game (domino play)
# $person: "you" (the player), "one" (another seat) or "many" (a team).

term-you = You
term-north = North
term-east = East
term-west = West
term-seat = Seat { $n }
term-team = { $a } & { $b }
term-end-left = left
term-end-right = right
term-end-top = top
term-end-bottom = bottom
term-end-branch = branch { $n } off { $tile }
term-end-other = end { $n }
term-or = { $rest } or { $last }
term-and = { $rest } and { $last }
term-pose = { $person ->
    [one] { $who } poses { $tile }.
   *[other] { $who } pose { $tile }.
}
term-play = { $person ->
    [one] { $who } plays
   *[other] { $who } play
} { $tile } on the { $end }{ $shows ->
    [none] { "" }
   *[other] , now { $shows }
}.
term-pass = { $person ->
    [one] { $who } passes
   *[other] { $who } pass
}{ $ends ->
    [none] { "" }
   *[other] { " " }(nothing for { $ends })
}.
term-end-chain = { $person ->
    [one] { $who } ends their turn.
   *[other] { $who } end your turn.
}
term-pass-opens = { $person ->
    [one] { $who } passes: their train is open.
   *[other] { $who } pass: your train is open.
}
term-choose-self = { $person ->
    [one] { $who } chooses to pose.
   *[other] { $who } choose to pose.
}
term-choose-other = { $person ->
    [one] { $who } chooses { $other } to pose.
   *[other] { $who } choose { $other } to pose.
}
term-scored = { $person ->
    [one] { $who } scores
   *[other] { $who } score
} { $points ->
    [one] 1 point
   *[other] { $points } points
}: { $reason ->
    [ends] the ends total { $total }
    [pass] an opponent passed
   *[muggins] muggins, points left unclaimed
}.
term-penalty = { $person ->
    [one] { $who } pays
   *[other] { $who } pay
} { $points }: { $reason ->
    [three_passes] three passes in a row
   *[board_pass] board pass (everyone passed round to the player)
}.
term-unclaimed = { $person ->
    [one] { $who } makes
   *[other] { $who } make
} { $points ->
    [one] 1 point
   *[other] { $points } points
} but did not call them. { $muggins ->
    [true] The next player may take them (muggins).
   *[other] They are lost.
}
term-out = { $person ->
    [one] { $who } is out; the partner plays on.
   *[other] { $who } are out; the partner plays on.
}
term-match-won = { $person ->
    [one] { $who } wins the match!
   *[other] { $who } win the match!
}
term-match-drawn = The match is drawn.
term-skunked = { $person ->
    [one] { $who } is skunked
   *[other] { $who } are skunked
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } to the winner)
}{ $games ->
    [1] { "" }
   *[other] : the match counts { $games } games
}.
term-note = { $note ->
    [key_tile] won with the key tile (2 points)
    [capicu] capicú: the last tile fitted either end
    [chuchazo] chuchazo: out with the double blank
    [skunk] skunk: the loser did not reach 31
    [board_pass] a board pass was charged
    [double_out] out with a double: the others' scores doubled
    [tie] a tie: nobody scores
    [replay] the tied hand is replayed for one more point
    [playoff] the play-off is won (2-0)
    [playoff_next] 1-1: the next hand is a play-off
    [reset] the side without points won: the score goes back to 0-0
    [six_love] six-love!
    [four_love] four-love!
   *[hand_premium] a premium for the early hand
}
term-hand-tie = The hand is a tie
term-hand-domino = { $person ->
    [one] { $who } goes out: domino!
   *[other] { $who } go out: domino!
}
term-hand-blocked = { $person ->
    [one] Blocked: { $who } wins with the lowest count
   *[other] Blocked: { $who } win with the lowest count
}
term-hand-target = { $person ->
    [one] { $who } reaches the target
   *[other] { $who } reach the target
}
term-hand-won = { $person ->
    [one] { $who } wins
   *[other] { $who } win
}
term-you-draw = You draw { $tiles }.
term-draws = { $person ->
    [one] { $who } draws
   *[other] { $who } draw
} { $count ->
    [one] 1 tile
   *[other] { $count } tiles
}.
term-cannot-play = You cannot play: { $then }
term-cannot-pass = { $ends ->
    [none] You cannot play: you pass.
   *[other] You cannot play on { $ends }: you pass.
}
term-cannot-draw-pass = { $ends ->
    [none] You cannot play and cannot draw: you pass.
   *[other] You cannot play on { $ends } and cannot draw: you pass.
}
term-hand-start = Hand { $n }. { $who }
term-hand-worth = This hand is worth { $stake }.
term-won-last = { $person ->
    [you] { $who } won the last hand and choose who poses.
   *[other] { $who } won the last hand and chooses who poses.
}
term-playoff-hand = A play-off hand.
term-refused = Refused: { $error }
term-bot-failed = A bot failed: { $error }
term-resumed = Resumed from { $path }.
term-unfinished = Match unfinished (hand { $n }); continue with: domino play --resume { $path }
term-saved = Match record saved to { $path }
term-hint-pose = pose { $tile }
term-hint-play = play { $tile } on the { $end }{ $claim ->
    [true] { " " }and call the points
   *[other] { "" }
}
term-hint-draw = draw
term-hint-pass = pass
term-hint-end-chain = end your turn
term-hint-let-pose = let { $who } pose
term-hint-muggins = take the points by muggins
term-why-nothing-fits = nothing fits
term-why-nothing-drawn = nothing fits and nothing can be drawn
term-why-free-points = free points
term-why-stronger-lead = a stronger hand should lead
term-why-last-tile = it is your last tile: domino
term-why-only-play = your only play
term-why-scores = scores { $points } (the ends make { $total })
term-why-shown-none = { $who } has shown no { $ends }
term-why-partner-suit = keeps { $x }s, your partner's suit
term-why-partner-number = leaves { $x }, your partner's number
term-why-keeps = keeps { $x }s: you hold { $count } more
term-why-covers = covers { $who }'s { $x }
term-why-double = gets rid of a double
term-why-unloads = unloads { $count } pips
term-why-options = keeps your options: { $count } { $x }s still in hand
term-why-search = the expert's search rates it best
term-hint-line = { $what } — { $why }.
term-bot-illegal = { $who }'s bot chose an illegal move ({ $action }); it makes the first legal one.
term-bot-error = { $who }'s bot failed ({ $error }); it makes the first legal move.
term-does-not-fit = { $tile } does not fit anywhere now.
term-table-title = { " " }Table{ " " }
term-ends-title = · ends { $ends }{ " " }
term-total-title = · total { $total }{ " " }
term-double-first = { $pips }-{ $pips } first
term-you-pose = You pose.
term-poses = { $who } poses.
term-your-turn = Your turn.
term-to-play = { $who } to play.
term-no-advice = The expert has no advice here.
term-claim-on = You will call the points of your next play.
term-claim-off = You will lay tiles without calling points.
term-hint-not-now = Hints are for your turn, when you have a tile to choose.
term-no-next-hand = No next hand: { $error }
term-prompt-match-over = The match is over. Enter or q: leave.
term-prompt-hand-over = Hand over. Enter: next hand · q: quit (the match is saved).
term-prompt-tile = Your turn: ←/→ or the tile's number, then Enter · h: hint
term-prompt-muggins = { " " }· m: muggins
term-prompt-calling = { " " }· c: calling points
term-prompt-not-calling = { " " }· c: not calling
term-prompt-end = { $tile } goes on { $ends } · Enter plays, Esc back
term-prompt-poser = Your side won the hand: who poses? ←/→, Enter
term-drawing = You cannot play: drawing…
term-passing = You cannot play: passing…
term-thinking = { $who } ({ $bot }) is thinking…
term-bot-to-play = { $who } ({ $bot }) to play.
term-header-your-turn = your turn
term-clock = clock { $left }
term-out-of-time = Out of time: the computer moves for you.
term-header-to-play = { $who } to play
term-header-match-over = match over
term-header-hand-over = hand over
term-header = domino · { $game } · hand { $n } · { $turn }
term-header-keys = ?: help  q: quit
term-love-count = { $goal ->
    [4] Four-love count:{ " " }
   *[other] Six-love count:{ " " }
}
term-love-goal = { " " }(goal: { $goal } to 0)
term-love-stake = { " " }· this hand is worth { $stake }
term-love-playoff = { " " }· play-off hand
term-penalty-totals = Penalty totals:{ " " }
term-lowest-wins = { " " }(lowest wins at { $target })
term-pegs-to = To { $target }:{ " " }
term-skunked-below = { " " }(skunked below 31)
term-points-to = Points to { $target }:{ " " }
term-seat-tiles = { $count ->
    [one] 1 tile
   *[other] { $count } tiles
}
term-seat-partner-bot = { $who } (partner, { $bot }): { $tiles }
term-seat-bot = { $who } ({ $bot }): { $tiles }
term-seat-partner = { $who } (partner): { $tiles }
term-seat-plain = { $who }: { $tiles }
term-seat-short = { $who } { $count }t
term-seat-passed = , passed { $count }
term-seat-passed-short = { " " }{ $count }p
term-seat-out = { " " }(out)
term-boneyard = boneyard { $count }
term-empty-choose-you = (no tile yet: you choose who poses)
term-empty-choose = (no tile yet: { $who } chooses who poses)
term-empty-you = (no tile yet: your pose)
term-empty = (no tile yet: { $who } poses)
term-hidden = { $count ->
    [one] { " " }1 tile not shown: the table is full{ " " }
   *[other] { " " }{ $count } tiles not shown: the table is full{ " " }
}
term-hint-thinking = Hint: the expert is thinking…
term-hint = Hint: { $text }
term-your-tiles = { " " }Your tiles{ " " }
term-no-tiles = (no tiles)
term-count = count
term-match-over-line = The match is over.
term-leave = Enter or q: leave (the record is saved)
term-next-or-quit = Enter: next hand · q: quit (the match is saved)
term-match-over-title = { " " }Match over{ " " }
term-hand-over-title = { " " }Hand { $n } over{ " " }
term-keys-title = { " " }Keys{ " " }
term-help =
    ←/→ (or ↑/↓, Tab)  move between the tiles you can play
    1-9, 0             choose a tile by its number (0 is the tenth)
    Enter or Space     play it; if it fits several ends, choose the end
    {"                   "}the same way (numbers on the table), Enter to play
    Esc / Backspace    back from choosing an end
    p                  end your turn (a first-turn chain of trains)
    h                  ask the expert for a hint
    m                  take points left unclaimed (muggins games)
    c                  call your points or not (claim rules)
    Enter / n          next hand, once a hand is over
    q / Ctrl-C         quit; the match record is saved to resume later
    ?                  this help
    {""}
    Drawing and passing happen for you when they are your only move.
term-too-small = domino play needs a terminal of at least { $w }x{ $h } (80x24 is best); this one is { $cw }x{ $ch }. Enlarge it, or press q to quit.

## table: emote faces (the quick-chat emotes, drawn)
emote-thumbs = Thumbs up
emote-grin = Big smile
emote-wow = Surprised
emote-phew = Phew
emote-party = Celebrate
emote-shake = Handshake

## table: a claim on a play that scores nothing
act-claim-nothing = That play scores nothing, so there was nothing to claim. Choose your play again.

## Scorekeeper (keeping score of a game played with real tiles)

keep-title = Keep score
keep-lobby-help = Playing with real dominoes? Keep the score here: enter each hand and the sheet settles it by the game's own rules.
keep-start = Keep score
keep-help = Choose the game, its house rules and who plays. After each hand you enter what happened; the sheet does the scoring.
keep-players = Players
keep-teams = Teams
keep-player-n = Player { $n }
keep-team-n = Team { $n }
keep-create = Start the sheet
keep-seat-of-team = { $team } ({ $n })
keep-goal-love = First to win { $goal } hands while the others still have none
keep-goal-points = First to { $target } points
keep-goal-low = When somebody reaches { $target }, the lowest total wins
keep-won = { $who } won the match.
keep-drawn = The match ended without a winner.
keep-undo = Undo the last hand
keep-csv = Export CSV
keep-share-view = Link to watch the sheet:
keep-share-edit = Link to keep it (anyone with it can change the sheet):
keep-read-only = You are watching this sheet; only its keeper can enter hands.
keep-how-target = { $who } reached the target
keep-next = Hand { $n }
keep-form-help = Tick who went out (nobody: the hand was blocked) and give each player's count of pips still held.
keep-form-help-both = Tick who went out (both partners, to end the hand; nobody: blocked) and give each player's count of pips still held.
keep-player = Player
keep-went-out = Went out
keep-went-out-of = { $who } went out
keep-count = Count
keep-count-of = { $who }'s count
keep-holds-double = Holds a double
keep-holds-double-of = { $who } still holds a double
keep-act-of = { $who }: { keep-act }
keep-act = { $act ->
    [three_passes] Three passes
    [board_pass] Board passes caused
    [passed_when_able] Passed when able
    [wrong_play] Wrong plays
    [over_draw] Over-draw: points lost
    [boneyard_trip] Needless draw: points lost
    [exposed] Exposed tile: points lost
   *[other] { $act }
}
keep-act-help = { $act ->
    [three_passes] Each time a player passed three times in a row: 10 points to him.
    [board_pass] Each time his play went round the table unanswered: 10 points to each of the others.
    [passed_when_able] Each time he passed while able to play: 10 points.
    [wrong_play] Each wrong play: 10 points.
    [over_draw] He drew too many at the deal and may not score on his first play: the points that play made.
    [boneyard_trip] He drew while able to play and may not score for the rest of the hand: the points he made after.
    [exposed] Under the exposed-tile rule, a tile shown by accident may not score: the points it made.
   *[other] { $act }
}
keep-play-points = Points made during play
keep-play-points-fives = Points made during play (multiples of 5)
keep-flag = { $flag ->
    [double] The last tile was a double
    [key_tile] Key tile
    [capicu] Capicú
    [chuchazo] Chuchazo
   *[other] { $flag }
}
keep-enter = Enter the hand
# The trains family (Mexican Train, chicken foot): a match of $count hands,
# $played of them entered; after the last the lowest total wins.
keep-goal-trains = After { $count } hands the lowest total wins ({ $played ->
    [0] none played yet
    [one] 1 played
   *[other] { $played } played
})
keep-goal-trains-last = After the last hand the lowest total wins
# A player's place by total in the trains family (1 for the lowest); $ord:
# the number's ordinal plural category in the page's language (one, two,
# few, other: Intl.PluralRules with type "ordinal").
keep-place = { $ord ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
# $who: the names sharing the win, joined ("Ann and Bo").
keep-shared = { $who } share the win with the lowest total.
keep-next-of = Hand { $n } of { $count }
# $engine: the double that opens the hand, in words ("double eleven").
keep-next-engine = Hand { $n } of { $count }: it opens with the { $engine }
keep-form-help-blank = The double blank left in a hand counts { $points }.
not-found-sheet = There is no score sheet at this address.

## Accessibility: names for screen readers, the table's keys
a11y-pips-0 = blank
a11y-pips-1 = one
a11y-pips-2 = two
a11y-pips-3 = three
a11y-pips-4 = four
a11y-pips-5 = five
a11y-pips-6 = six
a11y-pips-7 = seven
a11y-pips-8 = eight
a11y-pips-9 = nine
a11y-pips-10 = ten
a11y-pips-11 = eleven
a11y-pips-12 = twelve
a11y-tile = { $a }-{ $b }
a11y-tile-double = double { $a }
# $playable: true, false, or "none" when it is not your turn.
a11y-hand-tile = { $playable ->
    [true] { $tile }, playable
    [false] { $tile }, not playable
   *[other] { $tile }
}
a11y-board = The board
a11y-end-asks = { $end }, { $pips }
a11y-board-ends = Open ends: { $ends }.
a11y-board-last = Last play: { $tile }.
a11y-end-play = Play on the { $end }: { $pips }
a11y-your-turn = Your turn.
a11y-your-turn-ends = Your turn. { $ends }
a11y-cancelled = Cancelled.
a11y-keys = Keys
a11y-key-tab = Tab: to your tiles, then the buttons
a11y-key-arrows = ← →: across your tiles; Enter or Space plays the tile
a11y-key-ends = A tile that fits several ends: ← → choose the end, Enter plays there, Escape cancels
a11y-key-draw = D: draw · P: pass
a11y-key-claim = C: claim on your next play · M: call muggins (games with claims)
a11y-key-hand = T: back to your tiles · B: say the open ends and whose turn it is
a11y-key-ready = After the hand, focus goes to the button for the next hand
a11y-waiting-for = Waiting for { $who }.
a11y-key-hint = H: a hint from the expert (the tile it would play gets the focus)
a11y-hint-button = Hint
a11y-hint-thinking = Thinking of a hint…
a11y-hint = Hint: { $what }.
a11y-hint-pose = pose { $tile }
a11y-hint-play = play { $tile } on the { $end }
a11y-hint-draw = draw a tile
a11y-hint-pass = pass
a11y-hint-poser = { $self ->
    [true] pose yourself
   *[other] let { $who } pose
}
a11y-hint-muggins = call muggins
a11y-hint-failed = No hint this time ({ $why }).

## The terminal game, plain mode (domino play --plain)

term-plain-intro = { $game }. Against you: { $seats }. One line per event; type ? for the keys.
term-plain-bot = { $who } ({ $bot })
term-plain-partner-bot = { $who } (your partner, { $bot })
term-plain-hand = Your tiles: { $tiles }.
term-plain-ends = The ends show { $ends }{ $total ->
    [none] { "" }
   *[other] { " " }(total { $total })
}.
term-plain-seats = Others: { $seats }.
term-plain-choice = { $n }: { $what }{ $shows ->
    [none] { "" }
   *[other] { " " }(on a { $shows })
}
term-plain-left = { $who }: { $tiles } (count { $count })
term-plain-muggins = take the points left unclaimed (muggins)
term-plain-prompt = { $count ->
    [one] Type 1
   *[other] Type a number from 1 to { $count }
}, then Enter · h: hint · ?: keys · q: quit
term-plain-not-a-choice = “{ $text }” is not one of the choices: type a number from 1 to { $count }.
term-plain-help =
    Type the number of a choice, then Enter, to make that move.
    h: ask the expert for a hint.
    m: take points left unclaimed (muggins games).
    c: call the points of your scoring plays, or not (claim rules).
    Enter: the next hand, once a hand is over.
    q: quit; the match record is saved to resume later.
    r: how to play this game.
    ?: these keys.
    Drawing and passing happen for you when they are your only move.

## The trains family in the terminal game (Mexican Train, chicken foot)

term-end-train = { $person ->
    [you] train of yours
   *[other] train of { $who }
}
term-end-mexican = Mexican train
term-end-line = line { $n }
term-end-toe = toe { $n } of { $tile }
term-station-mexican = Mexican train
term-station-line = line { $n }
term-station-toe = toe { $n } of { $tile }
term-station-open = open
term-station-first = ← first
term-station-title = · station { $tile }{ " " }
term-hands-totals = Lowest total after { $count } hands wins:{ " " }
term-prompt-end-chain = { " " }· p: end your turn
term-plain-station = The station: { $tile }.
term-plain-train = { $name }{ $open ->
    [true] , open
   *[other] { "" }
}: { $tiles } → { $pips }{ $first ->
    [true] { " " }(to play on first)
   *[other] { "" }
}.
term-plain-empty = empty

## The terminal game's command line (domino play: mistakes in the flags and files)

term-error-option-form = option `{ $option }` must be written key=value
term-error-bots-count = --bots names { $count } bots, but there are { $others } other seats: give one level for all or one per seat
term-error-no-bot = no bot named `{ $bot }`: the bots are { $bots }
term-error-no-lang = no language `{ $tag }`: the game speaks { $langs }
term-error-seat = --seat { $seat }: seats are 0 to { $max }
term-error-no-game = no game named `{ $game }`: the games are { $games }
term-error-rules = these rules cannot be played: { $error }
term-error-over = the match in { $path } is already over: start a new one with `domino play`
term-error-read = cannot read the record { $path }
term-error-not-json = { $path } is not JSON
term-error-not-record = { $path } is not a match record
term-error-replay = { $path } cannot be replayed: { $error }
term-error-start = cannot start the match: { $error }
term-error-write = cannot write the record to { $path }

## The terminal scorekeeper (domino keep). The commands typed (undo, sheet,
## csv, help, quit and the words of a hand) are the same in every language.

term-keep-intro = Keeping score: { $game } for { $names }.
term-keep-prompt = Type a hand, or help.
term-keep-score = Score: { $scores }.
term-keep-tie = a tie
term-keep-how = { $how ->
    [domino] domino
    [blocked] blocked
   *[target] target reached
}
term-keep-hand = Hand { $n }: { $who } ({ $how }), points { $points }{ $notes ->
    [none] { "" }
   *[other] ; { $notes }
}.
term-keep-wrote = Wrote { $path }.
term-keep-undone = Took back the last hand.
# $detail: the engine's reason in English where the catalog has none, else "none".
# A list's last item joined to the others ("A, B and C"), in the terminal.
term-list = { $rest } and { $last }
term-keep-refused = Refused: { $reason }{ $detail ->
    [none] { "" }
   *[other] { " " }({ $detail })
} The sheet is unchanged.
term-keep-not-understood = Not understood: { $error }. Type help.
term-keep-match-over = The match is over: start a new sheet for the next one.
term-keep-bad-json = that JSON is not a hand report ({ $error })
term-keep-csv-file = csv needs a file name
term-keep-empty = an empty line
term-keep-act-form = act needs a seat and a kind
term-keep-no-act = there is no act { $kind }
term-keep-act-seat = act takes one seat
term-keep-no-seat = there is no seat { $seat }: the seats are 1 to { $players }
term-keep-help-seats = Seats, 1 to { $players } around the table: { $seats }
term-keep-unknown-word = { $word } is not part of a hand
term-keep-no-counts = a hand needs its counts (counts N N ...)
term-keep-help-hand = A hand: counts and { $count } numbers (the pips each seat still holds, seat 1 first), then what happened:
term-keep-arg-seat = SEAT
term-keep-arg-file = FILE
term-keep-arg-points = POINTS
term-keep-help-out = Who went out (leave it out for a blocked hand)
term-keep-help-out-both = Both partners, in the order they went out
term-keep-help-doubles = The seats still holding a double
term-keep-help-example = Example: { $example }
term-keep-help-commands = Commands (the same words in every language):
term-keep-help-undo = Take back the last hand
term-keep-help-sheet = Show every hand and the score
term-keep-help-csv = Write the sheet to the file as CSV
term-keep-help-help = This help
term-keep-help-quit = Stop (with --sheet, the sheet is already saved)
term-keep-help-json = A hand report in JSON, on one line, works too.
term-keep-error-names = { $partners ->
    [true] give { $sides } names, one per team, not { $got }
   *[other] give { $sides } names, one per player, not { $got }
}
term-keep-error-read = cannot read the sheet { $path }
term-keep-error-not-sheet = { $path } is not a domino keep sheet
term-keep-error-sheet-rules = the rules of { $path } cannot be played
term-keep-error-sheet-hand = { $path }: hand { $n } is refused: { $error }
term-keep-error-write = cannot write { $path }

## Profiles and ratings
profile-title = Profile
profile-why = Make your name a profile to keep a rating in each game, your stats and your matches. No password: this browser remembers you.
profile-create = Keep my name as a profile
profile-name-fixed = Your profile's name
profile-signed-in = Signed in as { $name }
profile-mine = My profile
profile-move = Use on another device
profile-sign-out = Sign out
profile-link = One-time link
profile-link-help = Open this link (or scan the code) on your other device within 15 minutes. It works once.
profile-link-qr = QR code of the one-time link
profile-chart = { $count ->
    [one] Rating after 1 match
   *[other] Rating over { $count } matches
}
profile-ratings = Ratings
profile-rating-detail = { $count ->
    [one] ±{ $deviation } · 1 rated match
   *[other] ±{ $deviation } · { $count } rated matches
}
profile-no-ratings = No rated matches yet: finish a match against the computer or other profiles.
profile-stats = Stats
profile-stat-matches = Matches: { $count }
profile-stat-matches-won = Matches won: { $count }
profile-stat-hands = Hands: { $count }
profile-stat-hands-won = Hands won: { $count }
profile-stat-dominoes = Dominoes: { $count }
profile-stat-blocked-wins = Blocked hands won: { $count }
profile-stat-capicus = Capicús: { $count }
profile-recent = Recent matches
profile-won = won
profile-lost = lost
rating-change = Rating { $before } → { $after } ({ $delta })
leaderboard-title = Leaderboards
leaderboard-empty = Nobody has { $min } rated matches in this game yet.
leaderboard-min = Players with at least { $min } rated matches.
profile-claim-title = Sign in on this device
profile-claim-help = This one-time link signs this browser in to your profile.
profile-claim = Sign in here

## Coach (the replay's analysis and hints with a reason)
coach-title = The coach
coach-ask = Ask the coach
coach-again = Ask again
coach-ask-hand = Ask the coach about hand { $hand }
coach-hand-only = This match is too long for the coach to go through whole, so it looks at one hand at a time. Shown: hand { $hand }.
coach-about = Every decision compared with perfect play (all tiles known) and with what the expert would have played from that seat.
coach-thinking = The coach is going through the match…
coach-player = Player
coach-decisions = Decisions
coach-blunders = Blunders
coach-agreed = Same as the expert
coach-no-choice = No choice here: it was the only legal move.
coach-unsolved = This move ({ $played }) was too deep to judge within the coach's time.
coach-hint = Hint: { $what } — { $why }.
lobby-hints = Hints from the expert (never in rated play)
level-rated = { $level } · { $rating } ({ $low }–{ $high })

## Tournaments

tourney-title = Tournaments
tourney-lobby-help = Run a tournament: round robin, Swiss or knock-out, with friends and computer players.
tourney-see = Tournaments
tourney-help = Choose the game, its house rules and the format. You get the organiser's link: with it you add computer players and start. Players join by the tournament's link.
tourney-name = Name
tourney-name-placeholder = Club night
tourney-format-label = Format
tourney-format = { $format ->
    [swiss] Swiss
    [round_robin] Round robin
    [elimination] Knock-out
   *[other] { $format }
}
tourney-rounds = Rounds
tourney-max = Most entrants
tourney-starts = Starts at (optional)
tourney-starts-at = starts { $when }
tourney-create = Create the tournament
tourney-open = Open, playing and finished
tourney-none = No tournaments right now.
tourney-state = { $state ->
    [open] open for entries
    [playing] being played
    [finished] finished
   *[other] { $state }
}
tourney-champion = Winner: { $name }
tourney-you-are = You play as { $name }.
tourney-partner-link = Your partner's link (send it to them):
tourney-entrants = Entrants ({ $count } of { $max })
tourney-bot = computer
tourney-csv = Download the standings (CSV)
tourney-share = Link to join and follow:
tourney-organiser-link = Organiser's link (keep it to yourself):
tourney-join = Join
tourney-your-name = Your name
tourney-team-name = Team name
tourney-member = Player { $n }
tourney-organiser = Organiser
tourney-add-bots = Computer players to add
tourney-add = Add
tourney-start = Start the tournament
tourney-standings = Standings
tourney-col = { $col ->
    [rank] #
    [name] Entrant
    [played] Played
    [won] Won
    [drawn] Drawn
    [lost] Lost
    [byes] Byes
    [points] Points
    [buchholz] Buchholz
    [duplicate] Duplicate
   *[difference] Difference
}
tourney-opening = opening…
tourney-play = Play
tourney-watch = Watch
tourney-watch-later = you can watch once the round is over
# A round's table before its players (the colon as each language writes it).
tourney-table-n = Table { $n }:
tourney-byes = Bye: { $names }
tourney-round = Round { $n } of { $total }
not-found-tournament = There is no tournament at this address.
tourney-duplicate = Duplicate: every table of a round plays the same deals
tourney-duplicate-help = Each result is scored against the other tables that held the same cards.
tourney-deals-committed = Same deals at every table: sealed { $commit }
tourney-deals-revealed = Same deals at every table: the round's secret { $secret }

## tournaments (4)
tourney-compared = Hands compared
tourney-compared-help = The hands in which this entrant's table was compared with others dealt the same cards

## Puzzles (/puzzles)

puzzles-title = Puzzles
puzzles-lobby-help = One position, one best play, proved by the solver. Find it and your puzzle rating moves.
puzzles-see = Solve puzzles
puzzles-daily = Today's puzzle
puzzle-daily-solve = Solve it
puzzle-game-label = Game
puzzle-game-any = Any game
puzzle-theme-label = Theme
puzzle-theme-any = Any theme
puzzle-theme = { $theme ->
    [blocking] Blocking
    [domino] Going out
    [capicu] Capicú
    [cutting] Cutting
    [partner-number] Partner's number
    [scoring] Scoring
    [double] Doubles
    [passes] Reading passes
   *[other] { $theme }
}
puzzle-next = Next puzzle
puzzle-info = { $game }, { $kind ->
    [counting] your hand only
   *[open] every hand shown
}. Puzzle { $rating }, you { $player }.
puzzle-your-hand = Your tiles
puzzle-seat = { $role ->
    [partner] Partner:
    [next] Next to play:
    [before] Plays before you:
   *[other] Across:
}
puzzle-tiles = { $count ->
    [one] one tile
   *[other] { $count } tiles
}
puzzle-prompt-open = Your move: find the one best play.
puzzle-prompt-counting = Your move: find the play that is best however the hidden tiles lie ({ $worlds } possible deals).
puzzle-pick-end = Which end? Pick one on the board.
puzzle-play-at = { $tile } on the { $pips }
puzzle-player = { $role ->
    [you] You
    [partner] Partner
    [next] Next player
    [before] Player before you
   *[other] Player across
}
puzzle-play-train = { $tile } { $on }
puzzle-right = Right: { $answer } is the best play.
puzzle-wrong = Not that one: the best play was { $answer }.
puzzle-miss = Not that one.
puzzle-retry = Try again (not rated)
puzzle-reveal = Show the answer
puzzle-why-worth = played out to the end of the hand by the solver, it is worth { $best } to your side, and no other play more than { $next }
puzzle-values = What the solver says each play is worth to your side
puzzle-best-in = best in { $count } of { $worlds } deals
puzzle-line-title = The hand played out by the solver, each side at its best:
puzzle-line-best = From the best play
puzzle-line-yours = From your play
puzzle-line-back = Back
puzzle-line-next = Next
puzzle-line-start = Before the play: { $count } steps to the end of the hand.
puzzle-line-step = { $step } of { $count }: { $who ->
    [you] you
    [partner] your partner
    [next] the next player
    [before] the player before you
   *[other] the player across
} { $action ->
    [play] { $who ->
        [you] play
       *[other] plays
    } { $tile }
    [pass] { $who ->
        [you] pass
       *[other] passes
    }
   *[other] { $action }
}
puzzle-why = Why: { $reasons }.
puzzle-known = What you could know: { $facts }.
puzzle-who = { $role ->
    [partner] your partner
    [next] the next player
    [before] the player before you
   *[other] the player across
}
puzzle-lacks = { $who } has no { $numbers } (passed on it)
puzzle-all-seen = every { $number } is in sight
puzzle-why-covers = covers { $role ->
    [partner] your partner's { $x }
    [next] the next player's { $x }
    [before] the { $x } of the player before you
   *[other] the { $x } of the player across
}
puzzle-count-passed = { $who } could not play on { $numbers }
puzzle-count-passes = Counting: { $passes }. So only { $worlds } deals of the hidden tiles are possible, and { $answer } is best in every one of them; every other play falls behind in at least one.
puzzle-count-seen = Counting: only { $worlds } deals of the hidden tiles fit the tiles in sight, and { $answer } is best in every one of them; every other play falls behind in at least one.
puzzle-passes = Passes so far:
puzzle-passes-none = Nobody has passed yet: count from the tiles in sight.
puzzle-history = The hand so far
puzzle-turn = { $role ->
    [you] You
    [partner] Partner
    [next] Next player
    [before] Player before you
   *[other] Player across
}: { $what ->
    [pass] passed on { $ends }
    [draw] drew on { $ends }
   *[play] { $tile }
}
puzzle-your-rating = Your rating: { $rating } ({ $change })
puzzle-its-rating = this puzzle: { $rating } ({ $change })

## The table, finished (issue 39)

board-ends-total = Ends: { $total }
board-scored = +{ $points }
table-tournament = { $rated ->
    [yes] Rated tournament match
   *[no] Tournament match
}
table-rated = Rated match
table-casual = Casual match
table-no-hints = No hints: this match counts for ratings.
switch-on = on
switch-off = off
seat-where-opposite = your opponent, across
level-choice = { $bot ->
    [random] Beginner: plays any tile that fits
    [heavy] Easy: sheds its heaviest tiles first
    [count] Casual: like a friendly home game
    [heuristic] Strong: plays like a good club player
    [expert] Expert: counts every tile, a champion
   *[other] { $bot }
}
lobby-more = More ways to play
leaderboard-people = Players
leaderboard-provisional = Provisional ratings
leaderboard-provisional-help = Marked ?: fewer than { $min } rated matches, or a rating still uncertain (deviation over { $deviation }). They join the table above once their rating settles.
leaderboard-bots = Computer levels
leaderboard-bots-help = Measured strength of each level in this game, with its 95% interval.
leaderboard-none-provisional = Nobody with a provisional rating.
tourney-back = Back to the tournament
tourney-replay = Replay
keep-thing = { $thing ->
    [double_out] going out with a double
    [key_tile] the key tile
    [capicu] capicú
    [chuchazo] chuchazo
    [holding_double] holding a double
    [double_blank] the double blank
    [double] a double
   *[other] { $thing }
}
keep-reason = { $kind ->
    [no_such_seat] there is no seat { $seat }: this game has { $players } players
    [no_such_side] there is no side { $side }: this game has { $sides }
    [counts_length] give { $players } counts, one per player, not { $got }
    [points_length] give the points of the { $sides } sides, not { $got } numbers
    [two_dominoes] { $first } and { $second } cannot both have gone out: only one player goes out
    [repeated] { $value } is ticked twice
    [out_after_end] the hand ended when { $first } and { $second } were both out, so { $seat } cannot have gone out after
    [domino_count] { $seat } went out, so their count is 0, not { $count }
    [count_too_high] a count of { $count } is impossible: the whole set holds { $max } pips
    [counts_too_high] the counts add up to { $total }, more than the { $max } pips of the whole set
    [negative_points] points cannot be negative ({ $value })
    [no_play_points] this game scores nothing during play: leave the points empty
    [not_fives] all fives scores multiples of 5 during play, not { $value }
    [not_in_game] { $thing } does not count in this game
    [needs_domino] { $thing } needs somebody to have gone out
    [capicu_chuchazo] capicú and chuchazo cannot both be: the double blank fits one end only
    [domino_holds_double] { $value } went out, so holds no double
    [act_not_in_game] “{ $act }” is not penalised in this game
    [act_points] “{ $act }” cancels points: say how many (1 or more)
    [cancels_too_much] the penalties cancel { $cancelled } points of { $side }, who made only { $made }
    [both_reach_target] { $first } and { $second } cannot both reach the target during play: the hand stops at the first
    [seat_cannot_hold] { $seat } cannot hold { $count } pips in 1 to { $most } tiles{ $double ->
        [true] { " " }with a double among them
        [false] { " " }without a double
       *[other] { "" }
    }
    [no_deal] { $seats } cannot hold these counts at once: the set has too few tiles of the counts they need
    [last_tile_held] the last tile was { $thing }, but these counts leave none on the table
    [not_pass_points] pass points come in multiples of { $unit } at this table, not { $points }
    [play_points_too_high] { $side } cannot make { $points } points in play in one hand: at most { $max }
    [no_play_sum] { $side } cannot make exactly { $points } points in play: no sum of this game's scoring plays gives it
    [past_target] { $side } cannot make { $points } points in play from { $score }: the hand stops as soon as a side reaches { $target }, so at most { $max }
    [zero_not_out] { $seats }: a count of 0 means going out here, as no tile of this game counts 0; tick who went out
    [zeros_held] { $seats } cannot all count 0 while holding tiles: only the double blank counts 0
    [act_points_too_high] “{ $act }” cancels one play's points, at most { $max }, not { $points }
    [match_over] the match is over: start a new sheet
    [nothing_to_undo] there is no hand to undo
   *[other] { $kind }
}
keep-refused = { $code ->
    [impossible_counts] No deal of the set leaves those counts: { $why }.
    [impossible_points] No hand scores those points during play: { $why }.
    [impossible_acts] That penalty cancels more than the act can: { $why }.
   *[other] That hand cannot be scored as entered: { $why }.
}
## Turn clocks and correspondence tables
clock-hours = { $h } h { $m } min
clock-days = { $d } d { $h } h
clock-timeout = Your time ran out: the computer played for you ({ $n } of { $max }). At { $max }, it keeps your seat.
clock-timeout-left = Your time ran out { $n } times: the computer plays your seat for the rest of the match, and you are watching.
clock-timeout-left-casual = Your time ran out { $n } times: the computer plays your seat, and you are watching. The match is casual: you may take your seat back.
clock-take-back = Take my seat back
clock-warning = { $secs ->
    [one] One second left on your clock!
   *[other] { $secs } seconds left on your clock!
}
lobby-clock = Clock
clock-choice-none = None (take your time)
clock-choice-move15 = 15 s a move + 1 min in the bank
clock-choice-move30 = 30 s a move + 5 min in the bank
clock-choice-match10 = 10 min for the match
clock-choice-day1 = Correspondence: a day a move
clock-choice-day3 = Correspondence: three days a move
turn-title = Your tables with a clock
turn-with = with { $names }
turn-yours = Your turn
turn-theirs = Waiting for the others
turn-left = { $left } left
turn-open = Open
turn-notify-ask = Tell me when it is my turn
turn-notify-on = While a page of the game is open, you will be told when it is your turn.
turn-notify-off = Notifications are off: this browser does not allow them.
turn-notify-title = Your turn
turn-notify-body = { $game }: { $left } left to move.
# Presence and failure (issue 39)
seat-dropped = disconnected: the computer plays in { $secs } s
seat-invited-name = Invited: seat { $n }
join-prompt-seat = Take seat { $n } as
server-silent = The server is not answering. Trying again…
# The coach's verdicts (issue 39)
coach-marks-rule = { $objective ->
    [outcome] Marks are earned from the player's view: what the move lost against the expert's choice from the same seat, in hands (2 is a win turned into a loss). Inaccuracy from { $inaccuracy }, mistake from { $mistake }, blunder from { $blunder }.
   *[other] Marks are earned from the player's view: what the move lost against the expert's choice from the same seat, in points. Inaccuracy from { $inaccuracy }, mistake from { $mistake }, blunder from { $blunder }.
}
coach-inaccuracies = Inaccuracies
coach-mistakes = Mistakes
coach-hindsight = Costly only in hindsight
coach-severity = { $severity ->
    [blunder] Blunder!
    [mistake] Mistake.
   *[inaccuracy] Inaccuracy.
}
coach-mark-at = { $severity ->
    [blunder] Blunder
    [mistake] Mistake
   *[inaccuracy] Inaccuracy
}: hand { $hand }, move { $step }, { $who } (−{ $cost })
coach-marks-title = Marks: { $blunder } { $blunder ->
    [one] blunder
   *[other] blunders
}, { $mistake } { $mistake ->
    [one] mistake
   *[other] mistakes
}, { $inaccuracy } { $inaccuracy ->
    [one] inaccuracy
   *[other] inaccuracies
} (open to go to a move)
coach-no-marks = No inaccuracies, mistakes or blunders in this match.
coach-all-best = With all tiles known, this move ({ $played }) is one of the best.
coach-all-cost = With all tiles known, this move ({ $played }) cost { $cost }; best was { $best }.
coach-view-same = From your view, the expert would have played the same.
coach-view-better = From your view, the expert would have chosen: { $expert } ({ $cost } better).
coach-view-other = From your view, the expert would have chosen: { $expert } (no better here).
coach-hindsight-only = Only hindsight: no mistake with what you could see.
coach-graph-label = Value graph of hand { $hand } for { $side }
coach-graph-caption = Hand { $hand }: what is still to come for { $side } after each move, with all tiles known (up is better). Large dots are marks; a dot goes to its move.
coach-graph-none = No move of this hand could be valued.
coach-graph-dot = Move { $step }: { $value }
coach-better-here = Better: { $play }
coach-better-mark = Better
pn-title = Play now with people
pn-help = Meet players who ask for the same game, near your rating. Rated games need a profile.
pn-rated = Rated
pn-fill = Computer fills
pn-fill-never = never
pn-fill-after = after { $s } s
pn-team = With a friend as partners
pn-play = Play now with people
pn-join = Join the team
pn-code = A friend's team code
pn-cancel = Stop waiting
pn-cancelled = You stopped waiting.
pn-found = Your table is ready.
pn-waiting-count = { $count ->
    [0] Nobody waits for this game yet.
    [one] One player waits for this game.
   *[other] { $count } players wait for this game.
}
pn-waiting-others = { $count ->
    [0] Nobody else waits for this game yet.
    [one] One other player waits for this game.
   *[other] { $count } other players wait for this game.
}
pn-wait = Waiting for players ({ $game }): { $s } s, within ±{ $window } of your rating.
pn-wait-clock = Clock: { $clock }.
pn-forming = Give your partner this team code: { $code } — you enter the pool together once they join.

## My puzzles: puzzles from the player's own matches (issue 41)

puzzle-own-toggle = My puzzles
puzzle-own-title = My puzzles
puzzle-own-none = You have no puzzles of your own yet. On the replay of one of your matches, ask the coach, go to a marked move and press “Make this a puzzle”.
puzzle-own-info = { $game }, { $kind ->
    [counting] your hand only
   *[open] every hand shown
}. From your match: hand { $hand }, move { $step }.
puzzle-own-played = In the match you played { $play }.
puzzle-own-unrated = Your own puzzles are not rated: you have seen this position before.
puzzle-unrated-tried-before = Not rated: only your first try at a puzzle counts.
puzzle-unrated-not-served = Not rated: only a puzzle given to you here counts, not one opened by its address.
# The puzzles page's modes, as a row of links.
puzzle-tabs = Puzzle modes
puzzle-tab = { $mode ->
    [streak] Streak
    [storm] Storm
    [history] History
   *[puzzles] Puzzles
}
# A puzzle shown without ratings (a streak's, a storm's, one opened again from the history).
puzzle-plain-info = { $game }, { $kind ->
    [counting] your hand only
   *[open] every hand shown
}.
run-title = { $kind ->
    [storm] Puzzle storm
   *[streak] Puzzle streak
}
run-help = { $kind ->
    [storm] Three minutes to solve as many puzzles as you can. A miss costs 10 seconds and the storm goes on. Your puzzle rating does not change.
   *[streak] Solve puzzles in a row, each a little harder than the last. One miss ends the streak. Your puzzle rating does not change.
}
run-start = Start
run-again = Start again
run-score = { $kind ->
    [storm] Solved: { $score }
   *[streak] Streak: { $score }
}
run-best = Your best: { $best }
run-new-best = New best!
run-over = { $kind ->
    [storm] Storm over: { $count ->
        [0] no puzzle solved.
        [one] 1 puzzle solved.
       *[other] { $count } puzzles solved.
    }
   *[streak] Streak over: { $count ->
        [0] no puzzle solved.
        [one] 1 puzzle solved.
       *[other] { $count } puzzles solved.
    }
}
run-done = { $kind ->
    [storm] This storm's
   *[streak] This streak's
} { $count ->
    [one] puzzle
   *[other] { $count } puzzles
}, to try again
run-done-item = { $game }: { $result ->
    [solved] solved
   *[missed] missed
}
run-clock-label = Time left
# A miss in a storm: the time it costs, flashed beside the clock.
run-penalty = −10 s
run-late = Time was up before that answer arrived: it does not count.
# Said to a screen reader as the storm's clock passes these marks (not every second).
run-time-left = { $seconds ->
    [120] Two minutes left.
    [60] One minute left.
   *[other] { $seconds } seconds left.
}
history-title = Your puzzle history
history-help = The puzzles you tried, newest first (the last 100). Try one again to practise: a second try is not rated.
history-empty = You have not tried a puzzle yet.
history-to-puzzles = Solve a puzzle
history-col = { $col ->
    [when] When
    [result] Result
    [rated] Rating
   *[game] Game
}
history-result = { $result ->
    [solved] Solved
   *[missed] Missed
}
history-rated = { $rated ->
    [rated] Rated
   *[unrated] Not rated
}
# A column's name before its value, on a phone where the table's head is hidden.
history-labelled = { $label }:
history-again = Try again
history-again-of = Try again: { $game }, { $when }
coach-make-puzzle = Make this a puzzle
coach-making-puzzle = The solver is checking the position…
coach-made-puzzle = Kept in your puzzles.
coach-open-puzzle = Solve it now
coach-puzzle-not-yours = Only the player who made this move can make it a puzzle.
coach-puzzle-none = No puzzle here: the solver finds no single best play in this position, or a tile could still be drawn.
coach-puzzle-full = You keep as many puzzles as one player may.
## Bot accounts (the bot API: docs/botapi.md)

# The mark beside a bot account's name, everywhere it shows.
bot-badge = bot
bot-badge-title = A bot account: a program plays under this name.
botacct-title = Bot account
botacct-help = A bot account is played by a program you write or run, not by you: it connects to this server with a token, plays people and other bots under the table's clock, and has its own rating on the bots' leaderboard. Its name carries a bot mark everywhere, so nobody mistakes it for a person.
botacct-for-good = It is for good: a bot account cannot become a person's profile again. A profile that has played rated matches itself cannot become one: make a new profile for your bot.
botacct-make = Make this a bot account
botacct-confirm = Make “{ $name }” a bot account for good? This cannot be undone.
botacct-is = This is a bot account: a program plays under this name with one of its tokens.
tokens-title = Bot account and API tokens
tokens-help = Your program signs in with a token. Give each token a name, so that you know which one to revoke; at most 10.
botacct-run-title = Running a program with a token
botacct-run-cli = With the domino program (any built-in level plays, here the expert), the token in the environment:
botacct-run-python = From Python, your own function choosing each play:
botacct-run-python-choice = your choice among the legal plays
botacct-docs = The bot API: every call, event and limit
botdocs-title = The bot API
botdocs-english = This page is in English only.
botdocs-reference-title = The HTTP API, operation by operation
botdocs-to-reference = Every HTTP call, its body and its answers: the reference
botdocs-to-guide = The bot API's guide: accounts, tokens, events and playing
profile-no-ratings-bot = No rated matches yet: this bot has its ratings once it finishes a rated match.
tokens-name = Token name
tokens-name-placeholder = my laptop
tokens-make = Make a token
tokens-new = Your new token “{ $name }”:
tokens-once = Copy it now: it will not be shown again. Keep it secret: whoever has it plays as this bot.
tokens-value = The new token
tokens-copy = Copy
tokens-copied = Copied.
tokens-copy-yourself = Select it and copy it yourself.
tokens-none = No tokens yet.
tokens-made = made { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-used = last used { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-never-used = never used
tokens-revoke = Revoke
tokens-revoke-named = Revoke the token “{ $name }”
tokens-revoke-confirm = Revoke the token “{ $name }”? A program using it is cut off at once.
tokens-revoked = The token “{ $name }” is revoked.
pb-title = Play a bot
pb-help = Bot accounts are programs people connect to this server, each with its own rating; the built-in levels are always here. Choose one to challenge it.
pb-refresh = Look again for bots online
pb-online = Bots online
pb-none-online = No bot account is online now.
pb-builtin = Built-in levels
pb-rating = rating { $rating } in this game
pb-unrated = not rated in this game yet
pb-tables = { $count ->
    [0] free
    [one] playing one table
   *[other] playing { $count } tables
}
pb-challenge = Challenge
pb-challenge-named = Challenge { $name }
pb-challenge-title = Challenge { $name }
pb-builtin-now = A built-in level answers at once.
pb-send = Send the challenge
pb-close = Close
pb-cancel = Cancel the challenge
pb-waiting = Waiting for { $name } to answer…
pb-accepted = Accepted: your table is ready.
pb-declined = { $reason ->
    [later] { $name } declined: not now, maybe later.
    [rules] { $name } declined: it does not play these rules.
    [rated] { $name } declined: it plays casual games only.
    [casual] { $name } declined: it plays rated games only.
   *[other] { $name } declined the challenge.
}
pb-expired = { $name } did not answer within a minute: the challenge expired.
pb-offline = { $name } went offline: the challenge is off.
pb-cancelled = You cancelled the challenge.
pb-gone = The challenge to { $name } is no longer open.
pn-bots = Also play bot accounts
leaderboard-kind = Show the leaderboard of
leaderboard-kind-people = People
leaderboard-kind-bots = Bots
leaderboard-bot-accounts = Bot accounts and built-in levels
leaderboard-bots-none = No bot has a rating in this game yet.
leaderboard-level-unrated = Built-in levels not yet rated in this game:
leaderboard-bots-scale = Bot accounts and the built-in levels are rated on the same scale as people.
lobby-hints-rated = Signed in, your match against the computer is rated: no hints (the table says so too).
lobby-hints-if-casual = Hints only if a friend you invite plays without a profile: a match between profiles is rated.
lobby-hints-none = No hints: they need a computer player at the table.
watch-link = Link to watch this table
# An open table's seat that anyone may take, in the lobby's list.
lobby-seat-free = free seat
# How a built-in level plays, beside its name (the lobby's "Play a bot" list).
level-how = { $bot ->
    [random] plays any tile that fits
    [heavy] sheds its heaviest tiles first
    [count] like a friendly home game
    [heuristic] plays like a good club player
    [expert] counts every tile, a champion
   *[other] { $bot }
}
# The chat field's placeholder: short enough to show whole on a phone (its label says the limit).
chat-short = Say something…

## The trains family at the table in the browser (Mexican Train, chicken foot)

train-name = { $kind ->
    [mine] Your train
    [mexican] Mexican train
    [line] Line { $n }
    [toe] Toe { $n } of { $tile }
   *[train] { $who }'s train
}
train-on = { $kind ->
    [mine] on your train
    [mexican] on the Mexican train
    [line] on line { $n }
    [toe] on toe { $n } of { $tile }
   *[train] on { $who }'s train
}
ev-play-train = { $who } played { $tile } { $on }
a11y-hint-play-train = play { $tile } { $on }
ev-end-chain = { $many ->
    [you] { $who } ended your turn
   *[other] { $who } ended their turn
}
ev-pass-opens = { $many ->
    [you] { $who } passed: your train is open
   *[other] { $who } passed: their train is open
}
a11y-hint-end-chain = end your turn
a11y-station-ends = Trains: { $ends }.
status-choose-train = Where does { $tile } go? Choose a train.
act-on-train = { $train } · { $pips }
act-end-chain = End my turn
station-label = The station, { $tile }
station-engine = The station: { $tile }.
station-open = open
station-open-list = Open trains: { $list }.
station-row = { $count ->
    [0] no tile yet
    [one] one tile
   *[other] { $count } tiles
}, { $pips } showing
station-more = +{ $count }
station-more-title = { $count ->
    [one] one earlier tile not shown
   *[other] { $count } earlier tiles not shown
}
station-first = play here first
station-centre-first = Each line of the station { $tile } takes a tile before anything else.
station-toes-first = The chicken foot { $tile } takes its toes before anything else.
station-cover-first = { $tile } on { $train } must be covered before anything else.
station-chaining = Your first turn: lay as many tiles as you like on your train, then end your turn.

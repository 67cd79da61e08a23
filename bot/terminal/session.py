"""One match in the terminal: the human at his seat, bot players at the others.

What the player reads is what Telegram shows (the hand message with its buttons as a numbered
menu, the events of the table as sentences). How the terminal differs, and why:

- A number chooses a move; a word is a command (``rules``, ``score``, ``help``, ``quit``, in
  English or in the player's language). No number ever means "wait".
- An out-of-turn call (a contra, a kapo on one hand, a Berg captain's declaration while his
  partner is to move) is offered when it becomes possible, as a button appears in Telegram: an
  empty line (Enter) lets the seat to move go on. A call the player has been shown (on his own
  turn or out of it) is not offered again until the auction moves on or a new deal begins, so
  he is not asked at every move of a bot (a Berg captain would otherwise answer at each of his
  partner's turns).
- Such a call asks for a confirming word ("y"), never a number: the prompt comes between the
  player's own turns, where the same number chose a card a moment ago. On his own turn the
  drastic calls the bot asks about (bot/state/drastic.py: kapo, contra, a paid declaration,
  a surrender, a slam...) ask for the same word.
- The bots' randomness comes from the match seed: the same seed and the same choices give the
  same match.
"""

from __future__ import annotations

import random
import shutil
import textwrap
from dataclasses import dataclass, field, replace
from typing import TextIO

import engine
from bot.i18n import Translator
from bot.markup import escape
from bot.show.common import TableInfo, card_text, game_text
from bot.show.hand import render_hand
from bot.show.sheet import render_sheet
from bot.state.drastic import drastic_why, is_drastic
from bot.state.forced import forced_code
from bot.terminal.menu import Entry, entries, numbered
from bot.terminal.text import WHOLE_SHEET, Teller, numbers_apart, plain
from engine.ai import get_player
from engine.errors import IllegalAction

#: The words a terminal player types besides a move; each also answers to its translation
#: (``term.cmd.<name>``).
COMMAND_WORDS = ("rules", "score", "help", "quit")
#: The widest line of prose (rules, help), in characters.
PROSE = 100
#: The longest line read at once (a line without an end, /dev/zero say, is read in parts).
MAX_LINE = 4096
#: Short forms of the commands.
SHORT = {"q": "quit", "?": "help", "h": "help", "r": "rules", "s": "score"}


class Quit(Exception):
    """The player quit (``quit``, or the end of the input)."""


@dataclass
class Session:
    """A match played in the terminal.

    Args:
        match: a new match of ``game``.
        me: the human's seat (0-based).
        level: the bots' level (``engine.ai.LEVELS``).
        seed: the match seed (the bots' choices are drawn from it too).
        tr: the player's translator; ``info``: names and sides for the screens.
        stdin, out: the terminal; ``bold``: use the terminal's bold for ``<b>``.
        again: the command that plays this match again with the same cards (said when the
            player leaves and at the end).
    """

    game: engine.Game
    match: engine.Match
    me: int
    level: str
    seed: int
    tr: Translator
    info: TableInfo
    stdin: TextIO
    out: TextIO
    bold: bool = False
    again: str = ""
    _told: int = 0
    _offered: set[str] = field(default_factory=set)
    _context: tuple[int, int] = (-1, -1)
    _hand: list[str] = field(default_factory=list)
    _swapped: bool = False  # his last move exchanged the trump 7 (DB-DEAL-6)

    def write(self, html_text: str, *, prose: bool = False) -> None:
        """Print a screen or a sentence (HTML) as plain text; ``prose`` (a summary of the
        rules, the help) is wrapped at word ends to the terminal's width."""
        text = plain(numbers_apart(self.tr, html_text, self.info), bold=self.bold)
        if prose:
            width = min(shutil.get_terminal_size((PROSE, 24)).columns - 1, PROSE)
            text = "\n".join(textwrap.fill(line, width, subsequent_indent="  "
                                            if line.startswith("•") else "") or line
                              for line in text.split("\n"))
        self.out.write(text + "\n")

    def run(self) -> int:
        """Play until the match is over or the player quits; returns the exit code (0)."""
        teller = Teller(self.tr, self.info, self.me)
        bots = {s: get_player(self.level, self.game.id)
                for s in range(len(self.info.names)) if s != self.me}
        rng = random.Random(self.seed)
        self._tell(teller)
        try:
            while not self.match.is_over:
                mover = self.match.to_move
                assert mover is not None
                code = self._human_turn(mover)
                if code is not None:
                    self._swapped = code == "swap7"  # a declaration forced next follows it
                    self._apply(self.me, code)
                    self._context = self._auction()  # his own call opens nothing new to him
                else:
                    choice = bots[mover].choose(self.match, mover,
                                                random.Random(rng.getrandbits(64)))
                    self._apply(mover, choice)
                self._tell(teller)
        except Quit:
            self.write(game_text(self.tr, self.game.id, "term.bye", command=self.again))
            return 0
        self.write("\n" + game_text(self.tr, self.game.id, "term.seed", command=self.again))
        return 0

    def _human_turn(self, mover: int) -> str | None:
        """The human's choice when he has one now: on his turn, or when a call out of turn
        becomes possible for him (None there lets ``mover`` go on); None when he has nothing
        to do. A code he was shown is not offered out of turn again until the auction moves
        on (a call is made) or a new deal begins."""
        codes = self.match.legal_actions(self.me)
        context = self._auction()
        if context != self._context:  # every call may be worth offering again
            self._context, self._offered = context, set()
        if mover == self.me:
            forced = forced_code(self.match, self.me)
            if forced is not None:  # his only call, made for him as at the bot's tables
                if forced == "declare:none":  # and said, as his hand message says it
                    self.write(self.tr("hand.declared_none.after_exchange" if self._swapped
                                       else "hand.declared_none.forced"))
                return forced
            self._offered |= set(codes)
            return self._choose(codes, own_turn=True)
        if not codes or set(codes) <= self._offered:
            return None
        self._offered |= set(codes)
        return self._choose(codes, own_turn=False)

    def _auction(self) -> tuple[int, int]:
        """Where the auction stands: the deal and how many calls it has heard."""
        public = self.match.public_view()
        return int(public["deal"]), len(public.get("calls") or ())

    def _apply(self, seat: int, code: str) -> None:
        try:
            self.match.apply(seat, code)
        except IllegalAction as e:  # cannot come from a listed move; said, never a crash
            self.write(self.tr("term.refused", reason=e.reason))

    def _tell(self, teller: Teller) -> None:
        """Tell every event since the last call, one sentence (or message) each, and the
        cards the human's hand gained (a draw's card is his alone: no event names it)."""
        events = self.match.events
        if self._told == len(events):
            return
        view = self.match.view(self.me)
        sheet = self.match.score_sheet
        new = [e.to_dict() for e in events[self._told:]]
        hand = list(view.get("hand") or [])
        took = {e.get("took") for e in new if e["type"] == "exchange" and e.get("seat") == self.me}
        # the card an exchange brought is said by the exchange ("You exchange 7♥ for J♥")
        got = [c for c in hand if c not in self._hand and c not in took]
        deals = [i for i, e in enumerate(new) if e["type"] == "deal"]
        if deals:  # a new hand is on the screen: only what he drew after it is news
            got = self._drawn(sum(int(e.get("count", 1)) for e in new[deals[-1]:]
                                  if e["type"] == "drew" and e.get("seat") == self.me))
        for i, e in enumerate(new):
            cards = ""
            if got and e["type"] == "drew" and e.get("seat") == self.me \
                    and (not deals or i > deals[-1]):
                # his own draw names the cards it brought, in its place (before a skip)
                n = int(e.get("count", 1))
                cards, got = self._cards(got[:n]), got[n:]
            text = teller.event(e, view, sheet, cards=cards)
            for before in teller.told_before():  # forced draws a deal's end cut short
                self.write(before)
            if text:
                self.write(f"\n{text}\n" if "\n" in text else text)  # a message: set apart
        self._told = len(events)
        if got:
            self.write(self.tr("term.got", cards=self._cards(got)))
        self._hand = hand

    def _cards(self, cards: list[str]) -> str:
        return " ".join(card_text(c, self.tr) for c in cards)

    def _drawn(self, n: int) -> list[str]:
        """The last ``n`` cards that came to the human's hand, in the order they came (a
        draw made as the deal begins, Berg's attacking up-card: the dealt hand was never on
        his screen to tell them apart). The view sorts a hand; the match's stored state keeps
        each hand as the cards came, a draw at its end. [] when it does not say."""
        if n <= 0:
            return []
        hands = self.match.to_json().get("state", {}).get("hands")
        came = hands[self.me] if isinstance(hands, list) and len(hands) > self.me else []
        return list(came[-n:]) if len(came) >= n else []

    def _choose(self, codes: list[str], *, own_turn: bool) -> str | None:
        """Show the hand and its menu; read until a move is chosen (its code) or, out of
        turn, until an empty line lets the game go on (None)."""
        view = self.match.view(self.me)
        # the card he drew was told as it came ("You get: 2♥", "You take 1 card from the
        # stock: 5♦.", `_tell`): the screen does not say it again (MB-PRE-5, BERG-DRAW-1)
        screen = render_hand(self.tr, self.info, view, codes, told_drawn=True)
        if not own_turn and view["to_move"] is not None:  # said below the menu, in full
            said = game_text(self.tr, self.game.id, "hand.off_turn",
                             name=escape(self.info.names[view["to_move"]]))
            screen = replace(screen, text="\n".join(
                line for line in screen.text.split("\n") if line != said))
        opened: str | None = None
        hand = True  # the hand and "your move" above the menu: first, and after a "no"
        while True:
            if hand:
                self.out.write("\n")
                self.write(screen.text)
            rows = render_hand(self.tr, self.info, view, codes, expanded=opened).buttons \
                if opened else screen.buttons
            flat, lines = numbered(entries(rows))
            if not own_turn:
                to_move = view["to_move"]
                lines.append(self.tr("term.out_of_turn",
                                     name=self.info.names[to_move] if to_move is not None else ""))
            for line in lines:
                self.write(line)
            picked = self._read(flat, [screen.text, *lines], own_turn=own_turn)
            if picked is None:
                return None
            if picked.code is not None and (
                    (own_turn and not is_drastic(self.match, self.me, picked.code))
                    or self._confirm(picked.label, drastic=own_turn, code=picked.code)):
                return picked.code
            opened = picked.opens or None
            hand = picked.code is not None  # a "no": shown again, as the choice was first

    def _read(self, flat: list[Entry], menu: list[str], *, own_turn: bool) -> Entry | None:
        """One valid answer: an entry; None for an empty line out of turn. Commands are
        answered here, then ``menu`` (the hand and the choices, as printed) is shown again
        below what the command printed, and the question asked again."""
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.stdin.readline(MAX_LINE)
            if not line:
                raise Quit
            text = line.strip().lower()
            if text.isascii() and text.isdigit() and 1 <= int(text) <= len(flat):
                return flat[int(text) - 1]
            if not text and not own_turn:
                return None
            command = self._command(text)
            if command == "quit":
                raise Quit
            if command == "rules":
                self.write(self.tr(f"rules.{self.game.id}") + "\n\n"  # the bot's /rules
                           + self.tr("rules.more", game=self.game.id), prose=True)
            elif command == "score":
                self.write(render_sheet(self.tr, self.info, self.match.score_sheet,
                                        limit=WHOLE_SHEET))
            elif command == "help":
                self.write(self.tr("term.help"), prose=True)
            elif text:
                self.write(self.tr({1: "term.bad_choice.one", 2: "term.bad_choice.two"}
                                   .get(len(flat), "term.bad_choice"), n=len(flat)))
                continue
            # else an empty line on his own turn: the hand and the choices shown again
            self.out.write("\n")
            for entry_line in menu:
                self.write(entry_line)

    def _confirm(self, label: str, *, drastic: bool = False, code: str = "") -> bool:
        """A call out of turn asks for a second answer, a word and not a number: the prompt
        came between the player's own turns, where "1" was his first card a moment ago, and
        every such call is drastic (a contra, a kapo on one hand, a paid declaration). On his
        own turn a ``drastic`` call asks the same (the bot's misclick guard,
        bot/state/drastic.py); ``code``: the call, whose cost is said first where listed."""
        why = drastic_why(self.tr, self.game.id, code, label)
        if why:
            self.write(why)
        self.write(self.tr("term.confirm_drastic" if drastic else "term.confirm", call=label))
        self.out.write("> ")
        self.out.flush()
        answer = self.stdin.readline(MAX_LINE).strip().lower()
        return answer in str(self.tr("term.yes_words")).split()

    def _command(self, text: str) -> str | None:
        if text in SHORT:
            return SHORT[text]
        # most Russians type «е» for «ё» («счет» for «счёт»): both spellings are the command
        text = text.replace("ё", "е")
        for name in COMMAND_WORDS:
            word = str(self.tr(f"term.cmd.{name}")).lower().replace("ё", "е")
            if text in (name, word):
                return name
        return None


"""Berg's own words on its screens (issues #18, #20), as render tests in ru, uk and en: one word
for a deal and one for the match in every Berg text, a declaration line with one colon and the
right number, the lobby's options explained in plain words, and the jack's and queen's orders
named the same way on buttons, in the hand, on the table and in the deal record."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.deals import berg_note
from tests.bot.test_berg_screens import INFO

CATALOGS = Catalogs()


def _berg_keys(lang: str) -> list[str]:
    """Every key of a Berg text: the game's catalog and the ``<key>.berg`` variants of shared
    texts (bot/show/common.py ``game_text``)."""
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES_DIR

    with (LOCALES_DIR / lang / "LC_MESSAGES" / "berg.po").open("rb") as fh:
        own = [str(m.id) for m in read_po(fh, locale=lang) if m.id]
    return own + [k for k in CATALOGS.keys(lang) if k.endswith(".berg")]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_deal_is_a_razdacha_and_the_match_a_game(lang: str) -> None:
    # BERG-DECL-4, BERG-DECL-12, BERG-INS-6 (glossary: deal, match): «добор — один раз за
    # партию» beside «Раздача 3» and «Игра окончена» left a reader guessing whether партия was
    # the deal or the match; Berg's screens say раздача for a deal and игра for the match
    tr = CATALOGS.translator(lang)
    word = {"ru": "парти", "uk": "парті"}[lang]
    used = {k: tr(k) for k in _berg_keys(lang) if word in tr(k).lower()}
    assert not used, used
    deal = {"ru": "раздач", "uk": "роздач"}[lang]
    for key in ("rule.BERG-DECL-4", "rule.BERG-DECL-12", "rule.BERG-INS-6"):
        assert deal in tr(key), (key, tr(key))
    match = {"ru": "игр", "uk": "гр"}[lang]
    assert match in tr("stats.details.berg", deals=3, avg="1,5"), tr("stats.details.berg")


@pytest.mark.parametrize("lang", LANGS)
def test_opened_hand_line_has_one_colon_and_the_right_number(lang: str) -> None:
    # BERG-DECL-10, BERG-SCORE-7: «Борис (2+4): открыли карты: Вера −0,5» had a second colon;
    # one opponent's hand is said in the singular, both opponents' in the plural
    tr = CATALOGS.translator(lang)
    one = berg_note(tr, INFO, "1-3 open:2 -0.5")
    both = berg_note(tr, INFO, "1-3 open:both -1.0")
    assert one.count(":") == 1 and both.count(":") == 1, (one, both)
    assert "Vera" in one, one
    single = {"ru": "соперника (Vera)", "uk": "суперника (Vera)",
              "en": "an opponent's hand (Vera)"}[lang]
    plural = {"ru": "обоих соперников", "uk": "обох суперників",
              "en": "both opponents' hands"}[lang]
    assert single in one and plural in both, (one, both)


def _lobby_lines(lang: str, options: dict[str, object]) -> dict[str, str]:
    """The Berg lobby's option lines for ``options`` (the defaults where not given), by key."""
    from bot.show.lobby import moot_option, render_lobby
    from bot.tables.lobby import TABLE_OPTIONS, lobby_choices, lobby_defaults

    tr = CATALOGS.translator(lang)
    values = {**lobby_defaults("berg"), **options}
    choices = lobby_choices("berg", values)
    text = render_lobby(tr, table_id=1, game="berg", names=["Anna", None, "Vera", None],
                        options=values, choices=choices, min_players=4, max_players=4,
                        pairs=True).text
    lines = text.splitlines()
    return {key: next(x for x in lines if x.startswith(tr(f"opt.{key}") + ": "))
            for key in choices if key not in TABLE_OPTIONS  # the table's own: every game's
            and not moot_option("berg", key, values)}  # a line the lobby leaves out


#: Every value a Berg lobby option can show, one set of options per look at the lobby.
LOBBY_LOOKS = [{}, {"tie_convention": "no_tie_one_deck", "insurance_type": "full",
                    "shuffle_on_turnover": "on", "enforcement": "penalty",
                    "penalty_size": "cheap_5"},
               {"tie_convention": "no_tie_two_deck", "insurance_type": "permanent",
                "shuffle_on_turnover": "by_declaration", "berg_height": 15},
               {"insurance_type": "half", "berg_height": 25}, {"insurance_type": "absolute"},
               {"insurance_type": "simple", "berg_height": 5}]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lobby_option_says_what_it_means(lang: str) -> None:
    # BERG-OPT-*: «Обязаловка: автоматически» told a club player who had not read /rules
    # nothing; each option line now ends with a short plain phrase saying what the value does
    seen: dict[str, set[str]] = {}
    for look in LOBBY_LOOKS:
        for key, line in _lobby_lines(lang, look).items():
            _head, sep, note = line.partition(" — ")
            assert sep and len(note.split()) >= 3, line  # a phrase, not a bare word
            assert " — " not in note, line  # one dash: the value, then what it means
            assert len(line) <= 110, line  # a phone shows it in two lines at most
            seen.setdefault(key, set()).add(note)
    # each value of a choice says something of its own
    assert len(seen["enforcement"]) == 2 and len(seen["tie_convention"]) == 3, seen
    assert len(seen["insurance_type"]) == 6 and len(seen["shuffle_on_turnover"]) == 3, seen
    enforcement = _lobby_lines(lang, {})["enforcement"]
    jack = {"ru": "валет", "uk": "валет", "en": "jack"}[lang]
    assert jack in enforcement, enforcement  # what the automatic enforcement is about


@pytest.mark.parametrize("lang", LANGS)
def test_orders_are_named_the_same_everywhere(lang: str) -> None:
    # BERG-EFF-7, BERG-EFF-12, BERG-DEAL-6, BERG-INFO-2 (glossary: card order, suit order):
    # the button said «В♠ → К», the table «Заказ валета: король» next to «Заказ масти: ♥», the
    # up-card's buttons «Заказ Т» in no order, the record «В♠ заказывает король»; now a rank is
    # named by one word everywhere and both orders are named by the card that makes them
    from bot.records.text import _move_text
    from bot.show.common import card_text, code_label, render_facts
    from bot.show.hand import hand_buttons

    tr = CATALOGS.translator(lang)
    king = tr("val.K")
    view = {"hand": ["JS", "QD"], "groups": {}, "facts": [], "private": [], "game": "berg"}
    codes = [f"play:JS:{o}" for o in ("5", "A", "JK", "K", "T")] + ["play:QD:H"]
    labels = [b.text for row in hand_buttons(tr, INFO, view, codes, expanded="play:JS")
              for b in row]
    jack, queen = card_text("JS", tr), card_text("QD", tr)
    assert labels[:5] == [f"{jack} → {x}" for x in
                          ("5", "10", king, tr("val.A"), tr("val.JK"))], labels
    assert code_label(tr, "play:QD:H", view) == f"{queen} → ♥"
    facts = render_facts(tr, INFO, [{"key": "card_order", "value": "K", "kind": "text"},
                                    {"key": "suit_order", "value": "H", "kind": "suit"}])
    by = {"ru": ("Заказ валетом: ", "Заказ дамой: "), "uk": ("Замовлення валетом: ",
                                                            "Замовлення дамою: "),
          "en": ("Jack's order: ", "Queen's order: ")}[lang]
    assert facts == [f"{by[0]}{king}", f"{by[1]}♥"], facts
    # the dealer's order for a jack up-card: the same words, from the lowest rank
    up = {**view, "hand": ["7C"], "facts": [{"key": "top_card", "value": "JC", "kind": "card",
                                             "seat": 3}]}
    ups = [b.text for row in hand_buttons(tr, INFO, up, ["order:A", "order:K", "order:5",
                                                         "order:JK"]) for b in row]
    top = card_text("JC", tr)
    assert ups == [f"{top} → 5", f"{top} → {king}", f"{top} → {tr('val.A')}",
                   f"{top} → {tr('val.JK')}"], ups
    # the deal record says a jack's order as a queen's: the card, an arrow, the order
    said = _move_text(tr, INFO, {"type": "play", "seat": 0, "card": "JS", "call": "K"})
    assert said == f"Anna {jack} → {king}", said
    frame = _move_text(tr, INFO, {"type": "frame", "seat": 0,
                                  "cards": ["JC", "JH", "JD", "JS"], "order": "K"})
    assert frame is not None and frame.endswith(f"{jack} → {king}"), frame
    dealer = _move_text(tr, INFO, {"type": "up_card_order", "seat": 3, "card": "JC",
                                   "order": "K"})
    assert dealer is not None and "Gleb" in dealer and f"{top} → {king}" in dealer, dealer


@pytest.mark.parametrize("lang", LANGS)
def test_bought_insurance_says_what_it_forbids(lang: str) -> None:  # BERG-INS-6, BERG-INS-7
    # «Страховка: полная страховка» then «Страховка (Анна): полная страховка» said the kind
    # twice and never what Anna's pair had bought
    from bot.show.common import render_facts

    tr = CATALOGS.translator(lang)
    joker = {"ru": "джокер", "uk": "джокер", "en": "joker"}[lang]
    until = {"ru": ("раздач", "переворот"), "uk": ("роздач", "переворот"),
             "en": ("deal", "turnover")}[lang]
    lines = render_facts(tr, INFO, [
        {"key": "insured", "value": f"insurance_{kind}", "kind": "text", "seat": 0}
        for kind in ("full", "simple", "simple_ended")])
    for line, word in zip(lines, (*until, until[1]), strict=True):
        assert "Anna" in line and joker in line and word in line, line
        assert tr("val.insurance_full") not in line and tr("val.insurance_simple") not in line

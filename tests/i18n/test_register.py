"""Each language keeps the register its glossary chose (bot/locales/fr/GLOSSARY.md and
the other languages'), so a message added later cannot switch tone in the middle of a
game: French says « vous », Korean speaks 해요체, Japanese です・ます."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.i18n import Locale, using
from bot.i18n.catalogs import catalog_path, read_catalog
from bot.i18n.text import Joined, TextIn, say

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3
FINAL_B = 17  # ㅂ as a syllable's final consonant (Unicode's order of finals)
# French second-person singular words; « t' » and « te » only as whole words.
TUTOIEMENT = re.compile(r"(?<![\w-])(tu|toi|ton|ta|tes|te|t')(?![\w-])", re.IGNORECASE)
# Japanese plain-form sentence ends (だ・である調) after which a です・ます text never stops.
PLAIN_JAPANESE = re.compile(r"(だ|である|だった|ではない)[。！？]")


def translations(locale: Locale) -> Iterator[tuple[str, str]]:
    """(English, translation) for every form of every message of ``locale``'s catalog."""
    for message in read_catalog(catalog_path(locale), locale):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        for form in forms:
            if form:
                yield english, str(form)


def hapsyo_endings(text: str) -> list[str]:
    """The 합쇼체 endings in ``text``: ~습니다/~습니까 and ~ㅂ니다/~ㅂ니까 (합니다, 입니다)."""
    found = []
    for match in re.finditer(r"니[다까]", text):
        start = match.start()
        if start == 0:
            continue
        before = text[start - 1]
        code = ord(before)
        if before == "습" or (
            HANGUL_FIRST <= code <= HANGUL_LAST and (code - HANGUL_FIRST) % 28 == FINAL_B
        ):
            found.append(text[max(0, start - 3) : match.end()])
    return found


def test_hapsyo_endings_are_found() -> None:
    """The check can fail: it sees 합쇼체 and lets 해요체 through."""
    assert hapsyo_endings("대국이 끝났습니다. 기권합니다") == ["끝났습니다", "기권합니다"]
    assert hapsyo_endings("수를 두시겠습니까?") == ["시겠습니까"]
    assert hapsyo_endings("대국이 끝났어요. 기권해요. 이겼어요!") == []
    assert TUTOIEMENT.search("Tu as le trait") and TUTOIEMENT.search("à toi de jouer")
    assert not TUTOIEMENT.search("Vous avez le trait ; votre tour, la partie est terminée")
    assert PLAIN_JAPANESE.search("あなたの手番だ。") and not PLAIN_JAPANESE.search("手番です。")


def test_korean_speaks_haeyo_everywhere() -> None:
    """Korean is 해요체 throughout (「~했어요」, 「~하세요」), never 합쇼체 (「~했습니다」)."""
    wrong = {english: hapsyo_endings(text) for english, text in translations(Locale.KO)}
    assert {english: found for english, found in wrong.items() if found} == {}


def test_french_says_vous_everywhere() -> None:
    """French addresses the player as « vous », never « tu »."""
    wrong = [text for _, text in translations(Locale.FR) if TUTOIEMENT.search(text)]
    assert wrong == []


def test_japanese_sentences_end_in_desu_masu() -> None:
    """Japanese sentences end in です・ます, never in the plain だ・である style."""
    wrong = [text for _, text in translations(Locale.JA) if PLAIN_JAPANESE.search(text)]
    assert wrong == []


# Words each glossary rules out, with the word it uses instead: a message added later in
# the common but wrong word fails here.
RULED_OUT = {
    Locale.FR: {"reine": "dame", "match nul": "nulle", "mat d'échec": "échec et mat"},
    Locale.KO: {"항복": "기권", "비김": "무승부"},
    Locale.JA: {"投降": "投了", "降参": "投了", "ドロー": "引き分け"},
    Locale.ZH_HANS: {"平局": "和棋", "投降": "认输", "皇后": "后", "子區": "子区"},
    Locale.ZH_HANT: {"國際象棋": "西洋棋", "王車易位": "入堡", "平局": "和棋", "投降": "認輸"},
}


def test_no_word_the_glossary_rules_out() -> None:
    """Each catalog uses its glossary's word (« dame », 기권, 投了, 和棋, 西洋棋 …), not the
    common one a chess or xiangqi player would find wrong."""
    wrong = [
        (locale.value, text, word, RULED_OUT[locale][word])
        for locale in RULED_OUT
        for _, text in translations(locale)
        for word in RULED_OUT[locale]
        if word in text.lower()
    ]
    assert wrong == []


def test_xiangqis_own_words_stay_xiangqis() -> None:
    """The messages kept apart for xiangqi (msgctxt ``xiangqi``) never fall back on chess's
    words: 장군 not 체크 in Korean, 王手 and 詰み not チェック in Japanese, a « plateau » not an
    « échiquier » in French."""
    chess_words = {
        Locale.KO: ("체크", "스테일메이트", "체스판"),
        Locale.JA: ("チェック", "ステイルメイト"),
        Locale.FR: ("échiquier",),  # a xiangqi board is a « plateau »
    }
    wrong = []
    for locale, words in chess_words.items():
        for message in read_catalog(catalog_path(locale), locale):
            if message.context == "xiangqi" and any(w in str(message.string) for w in words):
                wrong.append((locale.value, message.id, message.string))
    assert wrong == []


def test_a_sentence_ends_with_the_readers_full_stop() -> None:
    """The Discord layer ends a bare sentence with the reader's full stop: 。 in Japanese and
    Chinese (an English « . » after 指しました reads as a typo), « . » elsewhere; one that
    already ends is left alone."""
    from bot.discord.messages import sentence  # the adapter's helper, as it is used

    said = {}
    for locale in (Locale.EN, Locale.FR, Locale.KO, Locale.JA, Locale.ZH_HANS, Locale.ZH_HANT):
        with using(locale):
            said[locale] = sentence("x")
    assert said == {
        Locale.EN: "x.",
        Locale.FR: "x.",
        Locale.KO: "x.",
        Locale.JA: "x。",
        Locale.ZH_HANS: "x。",
        Locale.ZH_HANT: "x。",
    }
    with using(Locale.JA):
        assert sentence("王手！") == "王手！" and sentence("指しました。") == "指しました。"


def test_a_list_takes_the_readers_separator() -> None:
    """Lists in a sentence (rating changes, reminder hours) are joined with the reader's
    separator: 、 in Japanese and Chinese, « , » elsewhere."""
    listed = Joined(TextIn("list separator", ", "), ["alice 1500 → 1512", "bob 1500 → 1488"])
    assert listed == "alice 1500 → 1512, bob 1500 → 1488"
    with using(Locale.ZH_HANS):
        assert say(listed) == "alice 1500 → 1512、bob 1500 → 1488"
    with using(Locale.KO):
        assert say(listed) == "alice 1500 → 1512, bob 1500 → 1488"


def test_a_reports_heading_heads_its_card_in_every_language() -> None:
    """A report's first line heads its card whether it ends in « : » (English), « : » after
    a space (French) or the full-width ： (Chinese, Japanese)."""
    from bot.discord.messages import text_card

    for first in ("alice's games:", "Parties en cours (alice) :", "alice さんの対局："):
        reply = text_card("Games", f"{first}\ngame 1 vs bob", ephemeral=True)
        assert reply.card is not None
        assert reply.card.title == first.rstrip(":：").rstrip()
        assert reply.card.description == "game 1 vs bob"

"""A command's options as the console reads them: ``name:value`` words and plain words,
in English or the reader's language, checked before the service sees them."""

from __future__ import annotations

import difflib

from bot.i18n import (
    current,
    current_locale,
    pgettext,
)
from bot.i18n.names import (
    CHOICE,
    COMMAND_NAME,
    NO,
    OPTION_NAME,
    YES,
    Command,
    Option,
    Subcommand,
    english_name,
    label_head,
    name_in,
    yes_or_no,
)
from bot.i18n.text import Joined, Sentences, Text, TextIn
from bot.service import (
    UserError,
)
from bot.service.catalog import ALL_OPTION_NAMES, BY_NAME, CommandSpec, OptionSpec

# Names listed in a sentence, with the language's separator (、 in Chinese and Japanese).
LIST = TextIn("list separator", ", ")


def subcommand(group: CommandSpec, words: list[str]) -> CommandSpec:
    """The subcommand of ``group`` the first of ``words`` names. Raises ``UserError``."""
    names = [Subcommand(sub.name) for sub in group.subcommands]
    listed, last = Joined(LIST, names[:-1]), names[-1]
    found = (
        english_name(
            COMMAND_NAME, words[0], (sub.name for sub in group.subcommands), current_locale()
        )
        if words
        else None
    )
    sub = group.subcommand(found) if found is not None else None
    if sub is None and words:
        raise BadOption(
            Text(
                'Say {names} or {last} after {command}, not "{word}".',
                names=listed,
                last=last,
                command=Command(group.name),
                word=words[0],
            )
        )
    if sub is None:
        raise BadOption(
            Text(
                "Say {names} or {last} after {command}, e.g. {example}.",
                names=listed,
                last=last,
                command=Command(group.name),
                example=Command(group.name, group.subcommands[0].name),
            )
        )
    return sub


def options_of(spec: CommandSpec, words: list[str], group: str = "") -> dict[str, str]:
    """The options of ``/spec.name`` (``group`` before it for a subcommand) written as
    ``words``: ``name:value`` words (the name in English or in the reader's language), and
    plain words for the command's positional options in order; keyed by English name.
    Raises ``UserError`` for an option the command does not have, one given twice, or words
    left over."""
    command = Command(group, spec.name) if group else Command(spec.name)
    options: dict[str, str] = {}
    plain: list[str] = []
    for word in words:
        typed, sep, value = word.partition(":")
        key = english_name(OPTION_NAME, typed, spec.option_names, current_locale()) if sep else None
        if key is not None:
            if key in options:
                raise BadOption(
                    Text(
                        "{command} got {option} twice; give each option once.",
                        command=command,
                        option=Option(key),
                    )
                )
            options[key] = value
        elif sep and value and _looks_like_option(typed, spec):
            raise BadOption(_no_such_option(spec, typed, command))
        else:
            plain.append(word)
    slots = [name for name in spec.positional if name not in options]
    if spec.rest and slots and len(plain) > len(slots):
        plain = [*plain[: len(slots) - 1], " ".join(plain[len(slots) - 1 :])]
    if len(plain) > len(slots):
        extra = " ".join(f'"{word}"' for word in plain[len(slots) :])
        others = [name for name in spec.option_names if name not in spec.positional]
        named = _named_options(others)
        slot_names = Joined(LIST, [Option(name) for name in slots])
        reads: str
        if slots and others:
            reads = Text(
                "Without a name it reads only the {option}; write other options as name:value "
                "({names}).",
                option=slot_names,
                names=named,
            )
        elif slots:
            reads = Text("Without a name it reads only the {option}.", option=slot_names)
        elif spec.options:
            reads = Text("It reads only options written as name:value ({names}).", names=named)
        else:
            reads = Text("It takes nothing after its name.")
        raise BadOption(
            Sentences(
                Text("Too many words for {command}: {words}.", command=command, words=extra),
                reads,
            )
        )
    options.update(zip(slots, plain, strict=False))
    return {name: _chosen(spec.option(name), value) for name, value in options.items()}


def _chosen(option: OptionSpec | None, typed: str) -> str:
    """``typed`` as the value of the choice of ``option`` it names: the value itself, or the
    choice's label as Discord lists it, in English or in the reader's language, whole or
    without its parenthesis (``noirs``, ``blancs`` for « blancs (échecs) », ``aucun`` for no
    time limit); else ``typed`` as it is (the service refuses it, saying why)."""
    if option is None or not option.choices:
        return typed
    word = typed.strip().casefold()
    translator = current()
    for value, label in option.choice_labels:
        if str(value).casefold() == word:
            return typed
        for shown in (label, translator.pgettext(CHOICE, label)):
            if word in (shown.casefold(), label_head(shown).casefold()):
                # A 0 choice (days: "none") stays a word: a typed 0 means no choice.
                return str(value) if value else label_head(label)
    return typed


def _named_options(names: list[str] | tuple[str, ...]) -> Joined:
    """``game:, level:``, each name as the reader's client shows it."""
    return Joined(LIST, [Option(name, "") for name in names])


def _looks_like_option(key: str, spec: CommandSpec) -> bool:
    # A move may hold a colon ("e4:d5" captures), so /move refuses only known option names
    # (in English or the reader's language). Korean, Japanese and Chinese have no case.
    if not (key.isalpha() and key == key.lower()):
        return False
    return not spec.rest or (
        english_name(OPTION_NAME, key, ALL_OPTION_NAMES, current_locale()) is not None
    )


def _no_such_option(spec: CommandSpec, key: str, command: Command) -> str:
    if not spec.options:
        return Text('{command} has no options, so not "{option}".', command=command, option=key)
    shown = {name_in(OPTION_NAME, name): name for name in spec.option_names}
    close = difflib.get_close_matches(key, [*shown, *spec.option_names], n=1, cutoff=0.6)
    return Sentences(
        Text(
            '{command} has no option "{option}" (its options: {names}).',
            command=command,
            option=key,
            names=_named_options(spec.option_names),
        ),
        Text("Did you mean {option}:?", option=Option(shown.get(close[0], close[0])))
        if close
        else "",
    )


def split_options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    positional: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key.replace("_", "").isalpha() and key.islower() and key in _OPTION_NAMES:
            options[key] = value
        else:
            positional.append(word)
    return positional, options


_OPTION_NAMES = {
    "opponent", "game", "color", "days", "rated", "fen", "move", "square", "user", "notify",
    "theme", "label", "orientation", "line", "text", "clear", "notes", "confirm", "frame_ms",
    "reminders", "timezone", "quiet", "digest", "takebacks", "notation", "pieces", "strip",
}  # fmt: skip


def game_of(options: dict[str, str]) -> int | None:
    """The ``game:`` option as an id (``game:12`` or ``game:#12``)."""
    text = options.get("game", "").lstrip("#")
    if not text:
        return None
    if not text.isdigit():
        raise BadOption(
            Text(
                '{option} must be a game number like {example}, not "{game}".',
                option=Option("game"),
                example=Option("game", 12),
                game=options["game"],
            )
        )
    return int(text)


def int_option(command: str, name: str, value: str | None) -> int:
    """``value`` of the whole-number option ``name`` of ``/command`` (``conditional list``
    for a subcommand), signed: the service says what range a number must be in. Raises
    ``UserError`` for what is not a whole number, saying the option's range or choices."""
    typed = (value or "").strip()
    group, _, sub = command.partition(" ")
    spec = BY_NAME[group].subcommand(sub) if sub else BY_NAME[group]
    option = spec.option(name) if spec is not None else None
    # A typed 0 where 0 is Discord's value of a labelled choice (days: none) is refused.
    zero_is_a_label = option is not None and 0 in option.choices
    if typed.removeprefix("-").removeprefix("+").isdigit() and (int(typed) or not zero_is_a_label):
        return int(typed)
    if option is not None and option.limits is not None:
        low, high = option.limits
        raise BadOption(
            Text(
                '{option} must be a whole number from {low} to {high}, not "{value}".',
                option=Option(name),
                low=low,
                high=high,
                value=typed,
            )
        )
    if option is not None and option.choices:
        numbers = [str(c) if c else pgettext(CHOICE, t) for c, t in option.choice_labels]
        raise BadOption(
            Text(
                '{option} must be one of {numbers}, not "{value}".',
                option=Option(name),
                numbers=Joined(LIST, numbers),
                value=typed,
            )
        )
    raise BadOption(Text("{option} must be a whole number, e.g. {option}:3.", option=Option(name)))


def bool_option(name: str, value: str) -> bool:
    """``value`` of the yes-or-no option ``name``: yes or no in the reader's language or in
    English. Raises ``UserError`` naming both words in the reader's language."""
    answer = yes_or_no(value, current_locale())
    if answer is None:
        raise BadOption(
            Text(
                '{option} must be {yes} or {no}, not "{value}".',
                option=Option(name),
                yes=YES,
                no=NO,
                value=value,
            )
        )
    return answer


class BadOption(UserError):
    """An option the console itself cannot read (before the service sees it)."""


def first_value(positional: list[str], options: dict[str, str], name: str) -> str | None:
    if name in options:
        return options[name]
    return " ".join(positional) if positional else None

"""The seven nations' characters: how honest, how aggressive, and how they write.

"Each nation has its own character: some almost always keep their word, others much less."  The characters
are fixed per nation (never rolled).  ``honesty`` is the chance of keeping a promise whose keeping lowers the
AI's own best evaluation (a costly promise) at the ``normal`` level; ``easy`` adds 0.1 and ``hard`` subtracts
0.2, clamped to 0-1.  ``aggression`` weighs what the nation could take from a neighbour against what peace
with it saves: an aggressive nation values pacts less.

The sentences are each nation's voice for every answer, proposal and notice it writes; ``{...}`` fields are
filled in by the caller (``{power}``: the other side, ``{target}``, ``{order}``, ``{provinces}``).
The table is published in ``docs/rules/front1901.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ..board import Power
from .levels import STYLES, Level


@dataclass(frozen=True, slots=True)
class Character:
    """A nation's fixed character."""

    nation: Power
    temper: str
    """One word for the voice (shown in the rules doc)."""
    honesty: float
    aggression: float
    voice: MappingProxyType
    """Situation -> the nation's sentences for it (one is drawn)."""


def _voice(lines: dict[str, tuple[str, ...]]) -> MappingProxyType:
    missing = SITUATIONS - set(lines)
    if missing:
        raise ValueError(f"a voice lacks {sorted(missing)}")
    return MappingProxyType(lines)


SITUATIONS: Final = frozenset(
    {
        "accepted/gain", "accepted/trust",
        "declined/distrust", "declined/no-gain", "declined/allied-with-target", "declined/too-strong",
        "propose/pact", "propose/alliance", "propose/support", "propose/dmz", "propose/demand",
        "cancel", "war",
    }
)  # fmt: skip
"""Every sentence a nation writes: its answers (``answer/reason``), its proposals, a cancellation, the
declaration that follows an ignored demand."""

CHARACTERS: Final[dict[Power, Character]] = {
    "AUSTRIA": Character("AUSTRIA", "formal", 0.9, 0.35, _voice({
        "accepted/gain": ("The Imperial court finds this to our mutual benefit. Agreed.", "Vienna accepts: it serves us both."),
        "accepted/trust": ("Your word has been good so far. Vienna accepts.", "On the strength of your record, we agree."),
        "declined/distrust": ("Vienna remembers how you keep your word. No.", "We cannot rely on your signature. Declined."),
        "declined/no-gain": ("This would cost the Empire more than it returns. Declined.", "The court sees nothing in this for Austria."),
        "declined/allied-with-target": ("We are bound to {target}. Vienna will not act against it.", "Austria stands by {target}; we decline."),
        "declined/too-strong": ("You have grown too great for Europe's comfort. Vienna declines.", "The balance of Europe forbids it."),
        "propose/pact": ("Vienna proposes an honourable peace between us.", "Let us agree not to trouble each other's lands."),
        "propose/alliance": ("The Empire proposes an alliance against {target}.", "{target} threatens us both. Shall we act together?"),
        "propose/support": ("Vienna requests your support: {order}.", "The Empire would be grateful for this order: {order}."),
        "propose/dmz": ("We ask that you keep your units out of {provinces}.", "Vienna proposes a neutral zone: {provinces}."),
        "propose/demand": ("Vienna requires your withdrawal from {provinces}.", "Leave {provinces}, or consider us at war."),
        "cancel": ("Vienna withdraws from our agreement, with notice.", "The Empire ends our arrangement, formally and in advance."),
        "war": ("You ignored our demand. Austria considers itself at war with you.", "Vienna gave fair warning. It is war."),
    })),
    "ENGLAND": Character("ENGLAND", "reserved", 0.95, 0.45, _voice({
        "accepted/gain": ("Sensible. London agrees.", "Quite so. You have a deal."),
        "accepted/trust": ("You've played straight with us. Agreed.", "London takes you at your word."),
        "declined/distrust": ("I'm afraid London no longer takes your word for much.", "Not after last time, old chap."),
        "declined/no-gain": ("Doesn't suit us, I'm afraid.", "London sees no advantage in it. No."),
        "declined/allied-with-target": ("We have an understanding with {target}. Sorry.", "England keeps faith with {target}."),
        "declined/too-strong": ("You're getting rather large. London must decline.", "Balance of power, you understand. No."),
        "propose/pact": ("Shall we agree to leave each other be?", "London proposes a quiet arrangement: no attacks either way."),
        "propose/alliance": ("{target} wants watching. An alliance?", "Care to join London against {target}?"),
        "propose/support": ("A favour, if you would: {order}.", "London asks for this order: {order}."),
        "propose/dmz": ("We'd appreciate your staying out of {provinces}.", "London proposes {provinces} be left empty."),
        "propose/demand": ("Kindly withdraw from {provinces}.", "London insists you leave {provinces}."),
        "cancel": ("London is ending our arrangement. Fair notice.", "We're calling it off, properly and in advance."),
        "war": ("You ignored us. England is at war with you.", "Warned and ignored. War, then."),
    })),
    "FRANCE": Character("FRANCE", "charming", 0.7, 0.5, _voice({
        "accepted/gain": ("Magnifique, mon ami: agreed.", "Paris accepts with pleasure."),
        "accepted/trust": ("For a friend who keeps his word, oui.", "Paris trusts you. Agreed."),
        "declined/distrust": ("Hélas, Paris has learned to doubt you.", "After what happened, non."),
        "declined/no-gain": ("Charming, but it does nothing for France.", "Non merci, there is nothing in it for Paris."),
        "declined/allied-with-target": ("{target} is our friend. Désolé.", "France will not turn on {target}."),
        "declined/too-strong": ("You have become too grand, mon ami. Non.", "All Europe watches you now. Paris declines."),
        "propose/pact": ("Paris proposes peace between our nations.", "Let us be friends, non? No attacks either way."),
        "propose/alliance": ("Together against {target}, mon ami?", "Paris proposes an alliance against {target}."),
        "propose/support": ("Would you give this order for France: {order}?", "A small favour for Paris: {order}."),
        "propose/dmz": ("Keep out of {provinces}, and we stay friends.", "Paris proposes a neutral zone: {provinces}."),
        "propose/demand": ("Leave {provinces}, s'il vous plaît. Now.", "Paris demands you quit {provinces}."),
        "cancel": ("Paris ends our agreement. Adieu, en bonne forme.", "France withdraws, and tells you first."),
        "war": ("You ignored Paris. C'est la guerre.", "Our demand was clear. War."),
    })),
    "GERMANY": Character("GERMANY", "blunt", 0.8, 0.7, _voice({
        "accepted/gain": ("Good for Berlin. Agreed.", "Useful. Yes."),
        "accepted/trust": ("You kept your word before. Yes.", "Berlin trusts you on this. Agreed."),
        "declined/distrust": ("Berlin does not trust you. No.", "You broke faith. No."),
        "declined/no-gain": ("No use to Germany. No.", "Berlin gains nothing. Declined."),
        "declined/allied-with-target": ("We are allied with {target}. No.", "Germany stands with {target}."),
        "declined/too-strong": ("You are too strong. Berlin says no.", "Too big. No deals."),
        "propose/pact": ("Berlin proposes: no attacks between us.", "Peace on our border. Yes?"),
        "propose/alliance": ("Against {target}, with Berlin?", "Germany proposes an alliance against {target}."),
        "propose/support": ("Give this order: {order}.", "Berlin needs this: {order}."),
        "propose/dmz": ("Stay out of {provinces}.", "Berlin proposes {provinces} stay empty."),
        "propose/demand": ("Leave {provinces}. Now.", "Get out of {provinces}."),
        "cancel": ("Berlin ends our agreement.", "The agreement is over. You are told."),
        "war": ("You ignored Berlin. War.", "Warned. War."),
    })),
    "ITALY": Character("ITALY", "opportunist", 0.4, 0.6, _voice({
        "accepted/gain": ("Ah, a good bargain! Rome agrees.", "Perfetto, we have a deal."),
        "accepted/trust": ("For you, amico, yes.", "You have been honest with Rome. Agreed."),
        "declined/distrust": ("Rome has a long memory, amico. No.", "You? Trust you? No."),
        "declined/no-gain": ("And what does Rome get? Nothing. No.", "A poor bargain for Italy."),
        "declined/allied-with-target": ("{target} is our friend, for now. No.", "Rome will not cross {target}."),
        "declined/too-strong": ("Too big, amico. Rome says no.", "Everyone is watching you. No."),
        "propose/pact": ("Rome proposes peace. Good for both, no?", "Let us not fight, amico."),
        "propose/alliance": ("{target} is ripe. Together?", "Rome proposes an alliance against {target}."),
        "propose/support": ("Help Rome with this: {order}.", "Rome asks a little favour: {order}."),
        "propose/dmz": ("Keep away from {provinces}, amico.", "Rome proposes a neutral zone: {provinces}."),
        "propose/demand": ("Leave {provinces}, or regret it.", "Rome demands {provinces}."),
        "cancel": ("Rome ends our little arrangement. You are told.", "Our deal is over, amico."),
        "war": ("You ignored Rome. Now it is war.", "You were warned, amico. War."),
    })),
    "RUSSIA": Character("RUSSIA", "grand", 0.6, 0.6, _voice({
        "accepted/gain": ("The Tsar finds this agreeable.", "Russia accepts. It serves the Empire."),
        "accepted/trust": ("You have kept faith with the Tsar. Agreed.", "On your honour, Russia agrees."),
        "declined/distrust": ("The Tsar does not forget betrayal.", "Russia has no faith in your promises."),
        "declined/no-gain": ("This is beneath the interests of the Empire.", "Russia sees no profit in it."),
        "declined/allied-with-target": ("{target} is bound to the Tsar. No.", "Russia will not move against {target}."),
        "declined/too-strong": ("You grow too mighty, and Russia will not help you.", "The Tsar declines: you are too strong."),
        "propose/pact": ("The Tsar offers peace between our empires.", "Let there be peace on our frontier."),
        "propose/alliance": ("The Tsar proposes an alliance against {target}.", "Join Russia against {target}."),
        "propose/support": ("The Tsar asks for this order: {order}.", "Support Russia: {order}."),
        "propose/dmz": ("Keep your armies out of {provinces}.", "The Tsar proposes {provinces} stay neutral."),
        "propose/demand": ("The Tsar commands you to leave {provinces}.", "Quit {provinces}."),
        "cancel": ("The Tsar ends our agreement, and tells you so.", "Russia withdraws from our pact, openly."),
        "war": ("You defied the Tsar. It is war.", "Russia declares war."),
    })),
    "TURKEY": Character("TURKEY", "cunning", 0.45, 0.8, _voice({
        "accepted/gain": ("The Porte accepts. A fine arrangement.", "Agreed. Constantinople profits, and so do you."),
        "accepted/trust": ("You have dealt fairly. The Sultan agrees.", "Your word is good enough. Agreed."),
        "declined/distrust": ("The Sultan has seen how you keep promises.", "No. Your word is worth little here."),
        "declined/no-gain": ("The Porte gains nothing. No.", "Why would the Sultan agree to that?"),
        "declined/allied-with-target": ("{target} is our ally. No.", "The Porte will not turn on {target}."),
        "declined/too-strong": ("You are too strong. The Porte declines.", "Too great, too dangerous. No."),
        "propose/pact": ("The Sultan offers peace between us.", "Peace, and each keeps to his own?"),
        "propose/alliance": ("{target} grows fat. Shall we carve it together?", "The Porte proposes an alliance against {target}."),
        "propose/support": ("The Sultan would appreciate: {order}.", "Give the Porte this order: {order}."),
        "propose/dmz": ("Stay out of {provinces}, friend.", "The Porte proposes a neutral zone: {provinces}."),
        "propose/demand": ("Leave {provinces}, while you still can.", "The Sultan demands {provinces}."),
        "cancel": ("The Porte ends our arrangement. Consider yourself told.", "Our pact is over."),
        "war": ("You ignored the Sultan. War.", "The Porte declares war."),
    })),
}  # fmt: skip


def honesty(nation: Power, level: Level) -> float:
    """The nation's honesty at a level: "easy adds 0.1, hard subtracts 0.2 (clamped to 0-1)"."""
    return min(1.0, max(0.0, CHARACTERS[nation].honesty + STYLES[level].honesty_shift))


def speak(nation: Power, situation: str, rng: random.Random, **fields: str) -> str:
    """One of the nation's sentences for the situation, its fields filled in."""
    return rng.choice(CHARACTERS[nation].voice[situation]).format(**fields)

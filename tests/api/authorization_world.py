"""The authorization matrix's world: the API handler behind the local runner's stand-in for API Gateway's JWT
authorizer (``localrun.gateway``), in-process, on the in-memory store, with a manual clock; the callers (no token,
forged tokens, an expired one, and members in each role) and fresh resources in the states that matter.

Every resource is made through the domain on the same store the handler serves, for members of its own (a
``Cast``), so that no case sees another's: a member's one Daily Front a day, three doctrine slots and credits
are theirs alone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import json
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

import jwt
from gameserver.clock import Clock
from gameserver.domain import doctrines, members
from gameserver.domain import feinthold as games
from gameserver.domain.challenges import game as challenges
from gameserver.domain.challenges import publication
from gameserver.domain.daily import front as daily_front
from gameserver.domain.daily.results import save_result
from gameserver.domain.duels import service as duels
from gameserver.domain.feint import online as feint_online
from gameserver.domain.feint import solo as feint_solo
from gameserver.domain.feint import watch as feint_watch
from gameserver.domain.feinthold import friendly, house
from gameserver.domain.front1901 import games as front1901
from gameserver.domain.front1901 import online as front1901_online
from gameserver.domain.moderation import freezes
from gameserver.domain.seasons import close
from gameserver.domain.tournaments import service as tournaments
from gameserver.identity import Caller, Client
from gameserver.platform.daily import DayResult, Outcome
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import linked_marks
from gameserver.storage.duels import DuelWrite
from gameserver.storage.memory import MemoryStore
from localrun.events import HttpRequest
from localrun.gateway import Gateway
from localrun.tokens import TokenAuthority, generate_key
from moto_tables import address_of
from rules.feinthold import Layout, Observation, SideView
from rules.feinthold.random_player import random_orders

NO_TOKEN, FORGED, EXPIRED = "no token", "forged", "expired"
STRANGER, PLAYER, OPPONENT, MODERATOR = "stranger", "player", "opponent", "moderator"
MEMBERS = (STRANGER, PLAYER, OPPONENT, MODERATOR)
"""The callers with a valid token: the resource's player (its owner, the proposer, the inviter), their
opponent (the member named, the acceptor, the invitee), a member with no part in it, and a moderator with no
part in it."""
KINDS = (NO_TOKEN, FORGED, EXPIRED, *MEMBERS)

IDLE_DOCTRINE = {"name": "idle", "rules": [{"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
                                            "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}


@dataclass(frozen=True)
class Cast:
    """The members of one case, each in a role."""

    player: Caller
    opponent: Caller
    stranger: Caller
    moderator: Caller

    def __getitem__(self, kind: str) -> Caller:
        return {PLAYER: self.player, OPPONENT: self.opponent, STRANGER: self.stranger,
                MODERATOR: self.moderator}[kind]

    @property
    def everyone(self) -> tuple[Caller, ...]:
        return (self.player, self.opponent, self.stranger, self.moderator)


@dataclass(frozen=True)
class Target:
    """One request's path parameters, query and body, on a resource made for ``cast``."""

    cast: Cast
    params: Mapping[str, str]
    body: Any = None
    query: str = ""


def device_of(sub: str) -> str:
    return f"dev-{sub}"


class World:
    """The handler behind the gateway, the store, the clock, the token authority and a forger's key."""

    def __init__(self, store: MemoryStore, clock: Clock, handler: Any):
        self.store = store
        self.clock = clock
        self.authority = TokenAuthority(generate_key())
        self.forger = TokenAuthority(generate_key())
        self.gateway = Gateway(handler, self.authority)
        self._names = itertools.count(1)
        self.requests = 0
        self.devices: dict[str, str] = {}

    # ---------------------------------------------------------------- callers
    def cast(self) -> Cast:
        n = next(self._names)
        cast = Cast(
            player=Caller(sub=f"player-{n}", groups=frozenset(), username=f"player{n}"),
            opponent=Caller(sub=f"opponent-{n}", groups=frozenset(), username=f"opponent{n}"),
            stranger=Caller(sub=f"stranger-{n}", groups=frozenset(), username=f"stranger{n}"),
            moderator=Caller(sub=f"moderator-{n}", groups=frozenset({"moderators"}), username=f"moderator{n}"),
        )
        for member in cast.everyone:
            members.ensure_profile(self.store, self.clock, member)
            self.devices[member.sub] = device_of(member.sub)
        return cast

    def token(self, caller: Caller) -> str:
        return self.authority.mint(caller.sub, moderator=caller.is_moderator)

    def forged_tokens(self, caller: Caller) -> dict[str, str]:
        """Tokens API Gateway's authorizer refuses, each for the same member: what an attacker would try."""
        good = self.token(caller)
        header, payload, signature = good.split(".")
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        now = int(time.time())

        kid = {"kid": self.authority.key_id}
        moderator = {**claims, "cognito:groups": ["moderators"]}
        return {
            "another key, same kid": jwt.encode(claims, self.forger.private_key, algorithm="RS256", headers=kid),
            "another key, its own kid": self.forger.mint(caller.sub, moderator=True),
            "alg none": f"{_part({'alg': 'none', 'typ': 'JWT', **kid})}.{_part(moderator)}.",
            "HS256 keyed with the public key": _hs256(moderator, self.public_pem(), kid),
            "claims changed under a valid signature": f"{header}.{_part(moderator)}.{signature}",
            "signature of another token": f"{header}.{payload}.{self.token(Caller('x', frozenset(), 'x')).split('.')[2]}",
            "wrong issuer": jwt.encode({**claims, "iss": "https://attacker.invalid"}, self.authority.private_key,
                                       algorithm="RS256", headers=kid),
            "wrong audience": jwt.encode({**claims, "aud": "another-client"}, self.authority.private_key,
                                         algorithm="RS256", headers=kid),
            "not yet valid": jwt.encode({**claims, "iat": now, "nbf": now + 3600}, self.authority.private_key,
                                        algorithm="RS256", headers=kid),
            "not a JWT": "not-a-token",
        }

    def public_pem(self) -> bytes:
        from cryptography.hazmat.primitives import serialization

        return self.authority.private_key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)

    def expired_token(self, caller: Caller) -> str:
        return self.authority.mint(caller.sub, moderator=caller.is_moderator, ttl_seconds=-60)

    def headers_for(self, kind: str, cast: Cast) -> Iterator[tuple[str, dict[str, str], Caller | None]]:
        """(variant, headers, caller) for each request a caller of ``kind`` sends."""
        if kind == NO_TOKEN:
            yield "no Authorization header", {}, None
            yield "Basic scheme", {"Authorization": "Basic " + base64.b64encode(b"a:b").decode()}, None
            yield "Bearer and nothing", {"Authorization": "Bearer "}, None
        elif kind == FORGED:
            for variant, token in self.forged_tokens(cast.player).items():
                yield variant, {"Authorization": f"Bearer {token}"}, None
        elif kind == EXPIRED:
            yield "expired a minute ago", {"Authorization": f"Bearer {self.expired_token(cast.moderator)}"}, None
        else:
            caller = cast[kind]
            yield kind, {"Authorization": f"Bearer {self.token(caller)}", "X-Device-Id": device_of(caller.sub)}, caller

    def send(self, method: str, path: str, query: str, body: Any, headers: dict[str, str],
             caller: Caller | None) -> tuple[int, dict[str, str], Any]:
        """One request through the gateway: status, headers, decoded JSON body (None when empty)."""
        self.requests += 1
        raw = b"" if body is None else json.dumps(body).encode()
        sent = {**headers, **({"Content-Type": "application/json"} if body is not None else {})}
        source = address_of(caller.sub) if caller is not None else "203.0.113.9"
        answer = self.gateway.handle(HttpRequest(method=method, path=path, query_string=query,
                                                 headers=tuple(sent.items()), body=raw, source_ip=source))
        text = answer.body.decode()
        return answer.status, dict(answer.headers), json.loads(text) if text else None

    # ---------------------------------------------------------------- resources
    def house_game(self, cast: Cast, *, over: bool = False) -> dict[str, Any]:
        game = house.create_house_game(self.store, self.clock, cast.player, house_ai="pivot", pace="1d",
                                       side="south", seed=7)
        while over and game["status"] == "open":
            game = self.orders(cast.player, game)["game"]
        return game

    def orders(self, caller: Caller, game: dict[str, Any]) -> dict[str, Any]:
        return games.submit_orders(self.store, self.clock, caller, game["game_id"], game["turn"],
                                   orders_for(game), Client(device=device_of(caller.sub)))

    def invitation(self, cast: Cast, *, answered: bool = False) -> dict[str, Any]:
        made = friendly.invite(self.store, self.clock, cast.player, invitee=cast.opponent.sub, pace="1d",
                               side="south")
        if answered:
            friendly.decline(self.store, self.clock, cast.opponent, made["invitation_id"])
        return made

    def friendly_game(self, cast: Cast, *, over: bool = False) -> dict[str, Any]:
        invitation = self.invitation(cast)
        game = friendly.accept(self.store, self.clock, cast.opponent, invitation["invitation_id"], seed=3)
        while over and game["status"] == "open":
            mine = games.read_game(self.store, self.clock, cast.player, game["game_id"])
            self.orders(cast.player, mine)
            theirs = games.read_game(self.store, self.clock, cast.opponent, game["game_id"])
            game = self.orders(cast.opponent, theirs)["game"]
        return game

    def duel(self, cast: Cast, state: str) -> dict[str, Any]:
        """A duel of ``cast.player`` in ``state``: ``named`` (proposed to the opponent), ``open`` (to anyone),
        ``taken`` (open, accepted by the opponent), ``ready-room``, ``playing``, ``finished``."""
        opponent = None if state in ("open", "taken") else cast.opponent.sub
        pace = "blitz" if state == "ready-room" else "1d"
        made = duels.propose_duel(self.store, self.clock, cast.player, opponent=opponent, pace=pace, stake=5)
        if state in ("taken", "ready-room", "playing", "finished"):
            made = duels.accept_duel(self.store, self.clock, cast.opponent, made["duel_id"])
        if state == "finished":
            made = duels.abandon(self.store, self.clock, cast.opponent, made["duel_id"])
        return made

    def doctrine(self, cast: Cast) -> dict[str, Any]:
        return doctrines.create_doctrine(self.store, self.clock, cast.player, IDLE_DOCTRINE)

    def daily_game(self, cast: Cast, *, over: bool) -> dict[str, Any]:
        game = daily_front.start_front(self.store, self.clock, cast.player)["game"]
        while over and game["status"] == "open":
            game = self.orders(cast.player, game)["game"]
        return game

    def ranked_front(self, cast: Cast) -> date:
        """The player's Front of today with a ranked result on the board, the way a game's end writes it."""
        game = daily_front.start_front(self.store, self.clock, cast.player)["game"]
        day = self.clock.now().date()
        result = DayResult(cast.player.sub, Outcome.WIN, 5, 300, 3, 40)
        assert save_result(self.store, day, game["game_id"], result, None, game["opened_at"]) == "recorded"
        return day

    def mark(self, cast: Cast) -> str:
        """A linked-accounts mark of the player (and one of the opponent), as a duel's end writes them."""
        duel = duels.propose_duel(self.store, self.clock, cast.player, opponent=cast.opponent.sub, pace="1d",
                                  stake=0)
        stored = self.store.duels.read(duel["duel_id"]).stored
        assert stored is not None
        at = duel["proposed_at"]
        written = linked_marks(duel["duel_id"], (cast.player.sub, cast.opponent.sub),
                               Link(LinkKind.DEVICE, device_of(cast.player.sub)), at)
        self.store.transact([DuelWrite(stored.duel, stored.version, at, marks=written)])
        return next(m.mark_id for m in written if m.member == cast.player.sub)


    def member(self, name: str) -> Caller:
        """A member with no role in any case, to fill a seat."""
        caller = Caller(sub=f"{name}-{next(self._names)}", groups=frozenset(), username=name)
        members.ensure_profile(self.store, self.clock, caller)
        return caller

    def tournament(self, cast: Cast, *, started: bool) -> dict[str, Any]:
        """A tournament of 4 the player made and the opponent joined: taking entries, or ``started`` (two more
        members took the last seats: both first-round matches are on)."""
        made = tournaments.create_tournament(self.store, self.clock, cast.player, size=4, fee=0, name="Matrix Cup")
        made = tournaments.join_tournament(self.store, self.clock, cast.opponent, made["tournament_id"])
        for name in ("filler", "filler") if started else ():
            made = tournaments.join_tournament(self.store, self.clock, self.member(name), made["tournament_id"])
        return made

    def feint_solo(self, cast: Cast) -> dict[str, Any]:
        return feint_solo.create_solo_game(self.store, self.clock, cast.player, seats=2, seed=5)

    def feint_online(self, cast: Cast) -> str:
        players = {"1": cast.player.sub, "2": cast.opponent.sub}
        return feint_online.open_game(self.store, self.clock, players=players, pace="1d", seed=5).game.game_id

    def feint_table(self, cast: Cast, *, open_seat: bool) -> dict[str, Any]:
        """The player's table of an online game: a seat kept for the opponent, and one anyone may take or none."""
        return feint_online.create_table(self.store, self.clock, cast.player, seats=3 if open_seat else 2,
                                         pace="1d", bots=0, invite=[cast.opponent.sub])

    def front1901_table(self, cast: Cast, *, open_seat: bool) -> dict[str, Any]:
        """The player's table of online Front 1901: a seat kept for the opponent, and one anyone may take or none."""
        return front1901_online.create_table(self.store, self.clock, cast.player, seats=3 if open_seat else 2,
                                             level="easy", pace="1d", press="full", length="short", rated=False,
                                             seating="dealt", invite=[cast.opponent.sub])

    def front1901_online(self, cast: Cast) -> str:
        """An online game of Front 1901 of the player (FRANCE) and the opponent (GERMANY), AI powers beside."""
        players = {"FRANCE": cast.player.sub, "GERMANY": cast.opponent.sub}
        return front1901_online.open_game(self.store, self.clock, players=players, pace="1d", level="easy",
                                          seed=5).game.game_id

    def front1901_text(self, cast: Cast) -> tuple[str, int]:
        """An online game of Front 1901 (``front1901_online``) and the id of a text the opponent sent the player."""
        game_id = self.front1901_online(cast)
        shown = front1901.send_message(self.store, self.clock, cast.opponent, game_id, "S1901M", "FRANCE", "Hello")
        mine = front1901.read_game(self.store, self.clock, cast.player, game_id)["view"]["messages"]
        assert shown
        return game_id, next(m["id"] for m in mine if m["kind"] == "text")

    def feint_watch(self, cast: Cast) -> dict[str, Any]:
        return feint_watch.create_watch_game(self.store, self.clock, cast.player, seats=2, seed=5)

    def published(self, cast: Cast, *, author: Caller | None = None, hidden: bool = False) -> str:
        """The id of a doctrine ``author`` (the player unless named) published from their slot 1, hidden by the
        cast's moderator if asked."""
        author = author or cast.player
        doctrines.create_doctrine(self.store, self.clock, author, IDLE_DOCTRINE)
        doctrine_id: str = publication.publish_doctrine(self.store, self.clock, author, 1, "Matrix Line")[
            "doctrine_id"]
        if hidden:
            publication.hide_doctrine(self.store, self.clock, cast.moderator, doctrine_id, "reviewed: a matrix test")
        return doctrine_id

    def frozen(self, cast: Cast) -> str:
        """The player, their ratings frozen by the cast's moderator."""
        freezes.freeze_member(self.store, self.clock, cast.moderator, cast.player.sub, "reviewed: a matrix test")
        return cast.player.sub

    def closed_season(self) -> str:
        """Last month, closed (its boards as this world left them)."""
        season = "2026-10"
        close.close_through(self.store, self.clock, season)
        return season

    def challenge(self, cast: Cast) -> str:
        """The id of the player's challenge, in play, of a doctrine the opponent published."""
        doctrine_id = self.published(cast, author=cast.opponent)
        challenge_id: str = challenges.start_challenge(self.store, self.clock, cast.player, doctrine_id, "blitz")[
            "challenge_id"]
        return challenge_id

    def front1901_game(self, cast: Cast, *, state: str = "open") -> dict[str, Any]:
        """The player's solo game of Front 1901 (FRANCE, easy, a pact with Germany in force): ``open`` in its first
        phase, ``played`` past it, ``over`` (stopped)."""
        pact = json.dumps({"agreements": [["FRANCE", "GERMANY", {"kind": "pact"}]]})
        game = front1901.create_solo_game(self.store, self.clock, cast.player, power="FRANCE", level="easy",
                                          length="short", seed=5, setup=pact)
        if state == "played":
            game = front1901.submit_orders(self.store, self.clock, cast.player, game["game_id"], "S1901M", [],
                                           Client(device=None, address=None))["game"]
        elif state == "over":
            game = front1901.stop_game(self.store, self.clock, cast.player, game["game_id"])
        return game


def _part(value: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def _hs256(claims: dict[str, Any], secret: bytes, header: dict[str, str]) -> str:
    """The algorithm-confusion forgery: HMAC under the issuer's public key, which anyone has (PyJWT refuses to
    make one, so it is made by hand)."""
    signed = f"{_part({'alg': 'HS256', 'typ': 'JWT', **header})}.{_part(claims)}"
    mac = hmac.new(secret, signed.encode(), hashlib.sha256).digest()
    return f"{signed}.{base64.urlsafe_b64encode(mac).decode().rstrip('=')}"


def orders_for(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Random legal orders for the member's side, from the view the API served (``SideView.to_json``)."""
    data = game["view"]
    view = SideView(
        side=data["side"], turn=data["turn"], over=data["over"], winner=data["winner"],
        layout=Layout.from_json(data["layout"]), flags=dict(data["flags"]), units=dict(data["units"]),
        decoys=dict(data["decoys"]), reserve=data["reserve"], income=data["income"], points=data["points"],
        income_total=data["income_total"], seen_turn=data["seen_turn"],
        observations={p: Observation.from_json(o) for p, o in data["observations"].items()},
        history=tuple(data["history"]),
    )
    return random_orders(view, random.Random(game["turn"]))

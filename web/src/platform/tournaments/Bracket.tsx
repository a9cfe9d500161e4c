// The bracket as a picture: one box per match (its players with their seeds, the winner marked), lines from
// each match to the one its winner plays next; my matches stand out. A text list beside it says the same
// for screen readers and small screens.
import type { Schemas } from "../../app/api";
import { words } from "../kit/format";
import { BOX, layout, roundName, roundsOf, wentOn, type Box } from "./layout";

type Tournament = Schemas["TournamentOut"];

function Player({ box, index, me }: { box: Box; index: number; me: string | undefined }) {
  const player = box.match?.players[index] ?? null;
  const won = player !== null && box.match?.winner === player.member;
  const y = box.y + (index === 0 ? 22 : 44);
  return (
    <text x={box.x + 10} y={y} class={`player${won ? " won" : ""}${player?.member === me ? " me" : ""}`}>
      {player ? `${player.seed}. ${player.member}${won ? " ✓" : ""}` : "to be known"}
    </text>
  );
}

export function Bracket({ tournament, me }: { tournament: Tournament; me: string | undefined }) {
  const drawn = layout(tournament.size, tournament.matches);
  const mine = (box: Box) => box.match?.players.some((player) => player?.member === me) ?? false;
  return (
    <figure class="bracket">
      <svg viewBox={`0 0 ${drawn.width} ${drawn.height}`} width={drawn.width} height={drawn.height} role="img"
        aria-labelledby="bracket-caption">
        {drawn.rounds.map((column) => <text x={column.x} y={column.y} class="round">{roundName(tournament.size, column.round)}</text>)}
        {drawn.lines.map((line) => <path d={line.d} class="link" />)}
        {drawn.boxes.map((box) => (
          <g class={`match${mine(box) ? " mine" : ""}`} data-slot={box.match?.slot}>
            <rect x={box.x} y={box.y} width={BOX.width} height={BOX.height} rx={6} />
            <Player box={box} index={0} me={me} />
            <Player box={box} index={1} me={me} />
          </g>
        ))}
      </svg>
      <figcaption id="bracket-caption">
        The bracket of {tournament.name}: {tournament.size} members, {tournament.matches.length === 0 ? "drawn when it is full" : `${tournament.matches.length} matches`}.
      </figcaption>
      {tournament.matches.length > 0 ? (
        <ol class="bracket-list">
          {tournament.matches.map((match) => (
            <li>
              {roundName(tournament.size, match.round)}, match {match.slot}:{" "}
              {match.players.map((player) => (player ? `${player.member} (seed ${player.seed})` : "to be known")).join(" vs ")}
              {" — "}{words(match.status)}{match.winner ? `, ${wentOn(match.winner, match.round === roundsOf(tournament.size))}` : ""}{match.ending ? ` (${words(match.ending)})` : ""}
            </li>
          ))}
        </ol>
      ) : null}
    </figure>
  );
}

// The platform's front page: where each part of it is.
import { member } from "../app/auth";
import { Link } from "../app/router";
import { to } from "./kit/links";
import { Screen } from "./kit/Page";

export function Hub() {
  const who = member.value;
  const parts: [string, string, string][] = [
    [to.duels, "Duels", "propose, accept, the ready room, stakes and paces"],
    [to.friendly, "Friendly games", "invitations, unrated and without stakes"],
    [to.daily, "The Daily Front", "today's board, my rank, the month's table"],
    [to.tournaments, "Tournaments", "create, join, the bracket and my match"],
    [to.doctrines, "My doctrines", "the editor, the test bench, publish"],
    [to.published, "Published doctrines", "challenge a doctrine or a house AI"],
    [to.boards, "Ratings and boards", "the month's duel, challenger and doctrine boards"],
    [to.history(who?.sub ?? ""), "My seasons", "my prizes and titles, month by month"],
  ];
  if (who?.moderator) parts.push([to.moderation, "Moderation", "marks, the audit log, members' records and actions"]);
  return (
    <Screen title="Platform" intro="Duels, the Daily Front, tournaments, doctrines, seasons and ratings around Feinthold.">
      <ul class="hub">
        {parts.map(([href, name, what]) => <li><Link href={href}>{name}</Link> <span>{what}</span></li>)}
      </ul>
    </Screen>
  );
}

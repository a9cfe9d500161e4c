// My doctrines (three slots), which one plays the turns I miss, and my published ones.
import { api } from "../../app/api";
import { member } from "../../app/auth";
import { Link } from "../../app/router";
import { when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";

export function Doctrines() {
  const me = member.value?.sub;
  const mine = useLoad("doctrines", () => api.GET("/v1/feinthold/doctrines"));
  const published = useLoad("published:mine", () => api.GET("/v1/feinthold/published", { params: { query: { limit: 50 } } }));
  return (
    <Screen title="My doctrines" intro="Up to three doctrines; the default one plays the turns you miss.">
      <div class="grid">
        <section class="card" aria-labelledby="slots-title">
          <h2 id="slots-title">Slots</h2>
          <Loaded view={mine} what="my doctrines">
            {(list) => (
              <>
                {list.doctrines.length === 0 ? <p>No doctrine yet.</p> : (
                  <ul class="plain">
                    {list.doctrines.map((d) => (
                      <li><Link href={to.doctrine(d.slot)}>Slot {d.slot}: {d.doctrine.name}</Link> — {d.doctrine.rules.length} rules{d.default ? ", my default" : ""}, saved {when(d.updated_at)}</li>
                    ))}
                  </ul>
                )}
                {list.doctrines.length < 3 ? <p><Link href={to.newDoctrine} class="button primary">Write a new doctrine</Link></p> : <p>All three slots are in use.</p>}
              </>
            )}
          </Loaded>
        </section>
        <section class="card" aria-labelledby="pub-title">
          <h2 id="pub-title">Published by me</h2>
          <Loaded view={published} what="my published doctrines">
            {(page) => {
              const own = page.doctrines.filter((d) => d.author === me);
              return own.length === 0 ? <p>None: publish one from its slot.</p> : (
                <Table caption="Published by me">
                  <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Rating</th><th scope="col">Version</th></tr></thead>
                  <tbody>{own.map((d) => (
                    <tr><td><Link href={to.publishedOne(d.doctrine_id)}>{d.name}</Link></td><td>{words(d.status)}</td><td>{d.rating.rating}</td><td>{d.version}</td></tr>
                  ))}</tbody>
                </Table>
              );
            }}
          </Loaded>
          <p><Link href={to.published}>Every published doctrine and the house AIs</Link></p>
        </section>
      </div>
    </Screen>
  );
}

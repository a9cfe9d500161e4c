// One of my doctrines (or a new one): the editor, save, the test bench of what is written, make it my default
// (it plays the turns I miss), publish it under a name others see, delete it.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type Schemas } from "../../app/api";
import { change } from "../../app/change";
import { useAction } from "../../app/action";
import { ErrorNote, errorFor } from "../../app/errors";
import { Link, navigate, type Params } from "../../app/router";
import { Act } from "../kit/Act";
import { when } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, useLoad } from "../kit/Page";
import { BenchResults } from "./Bench";
import { fromDoctrine, takeStart, toDoctrine, type Draft } from "./draft";
import { Editor } from "./Editor";

function Publish({ slot }: { slot: number }) {
  const [name, setName] = useState("");
  const { busy, error, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(async () => {
      const page = await change((key) => api.POST("/v1/feinthold/published", {
        body: { slot, name }, params: { header: { "Idempotency-Key": key } },
      }));
      navigate(to.publishedOne(page.doctrine_id));
    });
  };
  const onName = errorFor(error, "name");
  return (
    <form class="card form" onSubmit={(event) => void submit(event)} aria-labelledby="publish-title">
      <h2 id="publish-title">Publish</h2>
      <p class="hint">Others can challenge a published doctrine; its rules stay yours. Publishing again makes a new version.</p>
      <label for="publish-name">The name others see</label>
      <input id="publish-name" value={name} onInput={(e) => setName(e.currentTarget.value)} aria-invalid={onName ? true : undefined} />
      {onName ? <ErrorNote error={onName} /> : null}
      <button type="submit" class="button primary" disabled={busy} aria-busy={busy}>Publish</button>
      {onName ? null : <ErrorNote error={error} />}
    </form>
  );
}

function Workbench({ slot, stored, refresh }: { slot: number | undefined; stored: Schemas["DoctrineOut"] | undefined; refresh?: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => (stored ? fromDoctrine(stored.doctrine) : takeStart()));
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [other, setOther] = useState<unknown>(undefined);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [bench, setBench] = useState<Schemas["BenchOut"] | undefined>(undefined);
  const [benching, setBenching] = useState(false);
  useEffect(() => {
    if (stored) setDraft(fromDoctrine(stored.doctrine));
  }, [stored?.updated_at]);

  const failed = (failure: unknown) => {
    if (failure instanceof ApiError && failure.field) setError(failure);
    else setOther(failure);
  };
  const save = async () => {
    setSaving(true);
    setError(undefined);
    setOther(undefined);
    try {
      const body = { doctrine: toDoctrine(draft) };
      const answer = slot === undefined
        ? await change((key) => api.POST("/v1/feinthold/doctrines", { body, params: { header: { "Idempotency-Key": key } } }))
        : await change((key) => api.PUT("/v1/feinthold/doctrines/{slot}", { body, params: { path: { slot }, header: { "Idempotency-Key": key } } }));
      setSaved(answer.updated_at);
      if (slot === undefined) navigate(to.doctrine(answer.slot), true);
    } catch (failure) {
      failed(failure);
    } finally {
      setSaving(false);
    }
  };
  const runBench = async () => {
    setBenching(true);
    setError(undefined);
    setOther(undefined);
    try {
      // The bench of what is written now (a draft, never stored): the same seed, the same bench.
      setBench(await change(() => api.POST("/v1/feinthold/bench", { body: { of: "draft", doctrine: toDoctrine(draft), seed: 1 } })));
    } catch (failure) {
      failed(failure);
    } finally {
      setBenching(false);
    }
  };
  return (
    <>
      <section class="card" aria-labelledby="editor-title">
        <h2 id="editor-title">{slot === undefined ? "A new doctrine" : `Slot ${slot}`}{stored?.default ? " (my default)" : ""}</h2>
        <Editor draft={draft} onChange={(next) => { setDraft(next); setSaved(undefined); }} error={error} />
        <div class="actions">
          <button type="button" class="button primary" disabled={saving} aria-busy={saving} onClick={() => void save()}>Save</button>
          <button type="button" class="button" disabled={benching} aria-busy={benching} onClick={() => void runBench()}>
            {benching ? "The bench is playing 36 games…" : "Run the test bench"}
          </button>
          {saved ? <span role="status">Saved {when(saved)}.</span> : null}
        </div>
        <ErrorNote error={other} />
      </section>
      {bench ? <BenchResults bench={bench} /> : null}
      {slot !== undefined && stored ? (
        <>
          <Publish slot={slot} />
          <section class="card" aria-label="This doctrine">
            {stored.default ? <p>It plays the turns I miss in games that start from now on.</p> : (
              <Act label="Make it my default" call={() => api.POST("/v1/feinthold/doctrines/{slot}/default", { params: { path: { slot } } })}
                onDone={() => refresh?.()} />
            )}
            <Act label="Delete" kind="danger" confirm="Delete this doctrine from its slot?" onDone={() => navigate(to.doctrines)}
              call={() => api.DELETE("/v1/feinthold/doctrines/{slot}", { params: { path: { slot } } }).then((answer) => ({ ...answer, data: answer.response.ok ? {} : undefined }))} />
          </section>
        </>
      ) : null}
    </>
  );
}

export function DoctrineScreen({ params }: { params: Params }) {
  const slot = params["slot"] === "new" ? undefined : Number(params["slot"]);
  const view = useLoad(slot === undefined ? undefined : `doctrine:${slot}`, () => api.GET("/v1/feinthold/doctrines/{slot}", {
    params: { path: { slot: slot ?? 1 } },
  }), 600_000);
  return (
    <Screen title="Doctrine" intro="A doctrine plays for you: up to 8 rules, “if … then …”, chosen from lists.">
      {slot === undefined ? <Workbench slot={undefined} stored={undefined} /> : (
        <Loaded view={view} what="the doctrine">{(stored) => <Workbench slot={slot} stored={stored} refresh={view.refresh} />}</Loaded>
      )}
      <p><Link href={to.doctrines}>My doctrines</Link></p>
    </Screen>
  );
}

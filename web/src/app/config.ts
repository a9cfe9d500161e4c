// Where the client signs in: /config.json on its own origin (the local runner writes it; in the cloud
// `make deploy-web` uploads it from the stack's outputs), so one build runs anywhere.
export interface ClientConfig {
  signIn: { domain: string; clientId: string };
}

let loaded: Promise<ClientConfig> | undefined;

export function config(): Promise<ClientConfig> {
  loaded ??= fetch("/config.json", { cache: "no-store" }).then(async (answer) => {
    if (!answer.ok) throw new Error(`/config.json answered ${answer.status}`);
    return (await answer.json()) as ClientConfig;
  });
  return loaded;
}

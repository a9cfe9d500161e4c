import { render } from "preact";
import { Shell } from "./app/Shell";
import "./app/styles.css";

// index.html says "Loading…" until this script runs; Preact renders beside what is there, so it goes first.
const root = document.getElementById("app")!;
root.replaceChildren();
render(<Shell />, root);

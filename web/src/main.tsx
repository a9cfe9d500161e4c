import { render } from "preact";
import { Shell } from "./app/Shell";
import "./app/styles.css";

render(<Shell />, document.getElementById("app")!);

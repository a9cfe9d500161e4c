import { useEffect, useState } from "preact/hooks";
import { formatRemaining, remaining, type ServerTime } from "./clock";

/** A deadline counting down on the server's clock, redrawn each second. */
export function Countdown({ deadline, time, label = "Time left" }: { deadline: string; time: ServerTime; label?: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = remaining(deadline, time);
  return (
    <p class="countdown">
      {label}: <time dateTime={deadline}>{left > 0 ? formatRemaining(left) : "due now"}</time>
    </p>
  );
}

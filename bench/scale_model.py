"""The model of docs/scale.md: what a day of ``members`` active members asks of each AWS service and what it
costs a month, from a simulated day (bench/simulate_day.py: the API calls per member by route, their CPU time
measured in-process, the DynamoDB requests and units counted per call, the timers and events started) and the
price table (bench/prices.py). Every figure prints with its source.

    nice -n 10 .venv/bin/python bench/simulate_day.py --members 200 --model
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import prices
from partition_load import day_units

LAMBDA_MB = 1024
"""The functions' memory (template.yaml, Globals)."""
FULL_VCPU_MB = 1769
"""Lambda gives one full vCPU at 1,769 MB, proportionally less below: CPU time measured on one core here
stretches by 1769 / 1024 at 1,024 MB (this machine's core taken as Lambda's, an assumption)."""
ROUND_TRIP_MS = 8.0
"""A DynamoDB request's round trip from Lambda in its region (single-digit milliseconds; 8 ms stated, not
measured: moto's loopback says nothing about it)."""
OVERHEAD_MS = 2.0
"""Per invocation outside our code's CPU: Lambda's runtime and Mangum's event translation (stated)."""
SFN_TRANSITIONS = 3
"""A turn timer's execution (statemachines/turn_timer.asl.json): its start, the Wait state, the Task state."""
SWEEPS_A_DAY = 1_440
SCHEDULED_A_DAY = SWEEPS_A_DAY + 1 + 1 / 30
"""EventBridge schedule firings: the sweep every minute, the daily rotation, the month's season close."""
DAY_S = 86_400


@dataclass(frozen=True)
class Figure:
    what: str
    value: float
    unit: str
    source: str


def model(day: Any, members: int, peak_factor: float) -> list[Figure]:
    """The figures of a day of ``members``, scaled linearly from the simulated ``day`` of ``day.members``."""
    per = members / day.members
    api_day = sum(day.routes.calls.values()) * per
    cpu_ms = sum(sum(cpu) / len(cpu) * day.routes.calls[r] for r, cpu in day.routes.cpu_ms.items()) * per
    trips = sum(day.routes.store.values()) * per
    billed_ms = cpu_ms * FULL_VCPU_MB / LAMBDA_MB + trips * ROUND_TRIP_MS + api_day * OVERHEAD_MS
    sweep_cpu = sum(day.sweep_cpu_ms) / max(1, day.sweeps) * SWEEPS_A_DAY
    # The sweep's minute is mostly a fixed cost (its queries of every due index); what it resolves grows with
    # the members, and is counted here as the sample's: the sweep at size is docs/scale.md's own section.
    sweep_trips = day.load.sweep_requests / max(1, day.sweeps) * SWEEPS_A_DAY
    sweep_ms = sweep_cpu * FULL_VCPU_MB / LAMBDA_MB + sweep_trips * ROUND_TRIP_MS + SWEEPS_A_DAY * OVERHEAD_MS
    gb_s = (billed_ms + sweep_ms) / 1000 * LAMBDA_MB / 1024
    rcu_day, wcu_day = day_units(day.load, day.members, members)
    timers = day.load.timers * per
    events = day.load.events * per
    month = 30
    cost = {
        "API Gateway (HTTP API)": api_day * prices.HTTP_API_REQUEST,
        "Lambda (requests + GB-s)": prices.lambda_cost(api_day + SWEEPS_A_DAY, gb_s),
        "DynamoDB (on-demand units)": prices.dynamodb_cost(rcu_day, wcu_day),
        "Step Functions (timers)": timers * SFN_TRANSITIONS * prices.SFN_STANDARD_TRANSITION,
        "EventBridge (bus events)": events * prices.EVENTBRIDGE_EVENT,
    }
    per_thousand = {k: v * month * 1000 / members for k, v in cost.items()}
    src_sim = f"bench/simulate_day.py, {day.members} members, scaled x{per:,.0f}"
    figures = [
        Figure("API requests a day", api_day, "requests", src_sim),
        Figure("API requests a second, mean", api_day / DAY_S, "req/s", "the day / 86,400"),
        Figure("API requests a second, at the peak", api_day / DAY_S * peak_factor, "req/s",
               f"mean x {peak_factor:.1f} (bench/crowd.py HOURLY)"),
        Figure("API CPU per request, mean", cpu_ms / api_day, "ms", "thread CPU time in-process, per route"),
        Figure("DynamoDB round trips per API request", trips / api_day, "requests", "counted per call"),
        Figure("Lambda billed ms per API request", billed_ms / api_day, "ms",
               f"CPU x {FULL_VCPU_MB}/{LAMBDA_MB} + {ROUND_TRIP_MS:.0f} ms a round trip + {OVERHEAD_MS:.0f} ms"),
        Figure("Lambda GB-seconds a day (API + sweep)", gb_s, "GB-s", f"billed ms x {LAMBDA_MB} MB"),
        Figure("DynamoDB read units a second, mean / peak", rcu_day / DAY_S, "RCU/s",
               f"peak x {peak_factor:.1f}: {rcu_day / DAY_S * peak_factor:,.0f}"),
        Figure("DynamoDB write units a second, mean / peak", wcu_day / DAY_S, "WCU/s",
               f"peak x {peak_factor:.1f}: {wcu_day / DAY_S * peak_factor:,.0f}"),
        Figure("Step Functions executions a day (turn timers)", timers, "executions",
               "steps opened with a deadline in a timed mode"),
        Figure("Step Functions transitions a day", timers * SFN_TRANSITIONS, "transitions",
               f"{SFN_TRANSITIONS} an execution"),
        Figure("EventBridge bus events a day", events, "events", "turn-open and match notices (domain.notices)"),
        Figure("EventBridge schedule firings a day", SCHEDULED_A_DAY, "firings", "sweep, rotation, season"),
    ]
    figures += [Figure(f"monthly cost per 1,000 daily members: {k}", v, "$", f"bench/prices.py ({prices.AS_OF})")
                for k, v in per_thousand.items()]
    figures.append(Figure("monthly cost per 1,000 daily members: total", sum(per_thousand.values()), "$",
                          f"bench/prices.py ({prices.AS_OF}), {month} days"))
    return figures


def print_model(day: Any, members: int, peak_factor: float) -> None:
    print(f"\nthe model at {members:,} active members a day")
    for f in model(day, members, peak_factor):
        print(f"  {f.what:<58} {f.value:>16,.2f} {f.unit:<12} {f.source}")

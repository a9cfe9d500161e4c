"""The one table of AWS list prices every cost figure of the project uses.

Each price is a US dollar figure for the us-east-1 region, on-demand, without free tier, as the AWS pricing page
named in its ``source`` lists it. ``AS_OF`` is the day the table was written: the DynamoDB on-demand and API
Gateway prices were then compared with copies of those pages; the others are the pages' list prices as known that
day, not read again. ``python bench/prices.py`` prints the table. When AWS changes a price, change it here and
every bench script follows.

Kept as plain module constants (no classes, no I/O) so that a script imports the one it needs by name and a reader
sees the unit in the name: ``..._PER_MILLION`` is per million requests, ``..._PER_GB_SECOND`` per GB-second.
"""
from __future__ import annotations

from dataclasses import dataclass

AS_OF = "2026-12-01"
"""The day this table was written (see above for what was compared with the pages)."""

REGION = "us-east-1"


@dataclass(frozen=True)
class Price:
    """One list price: what it costs, per what, and the page that says so."""

    dollars: float
    per: str
    source: str


_LAMBDA = "https://aws.amazon.com/lambda/pricing/"
_APIGW = "https://aws.amazon.com/api-gateway/pricing/"
_DYNAMODB = "https://aws.amazon.com/dynamodb/pricing/on-demand/"
_SFN = "https://aws.amazon.com/step-functions/pricing/"
_EVENTBRIDGE = "https://aws.amazon.com/eventbridge/pricing/"
_CLOUDFRONT = "https://aws.amazon.com/cloudfront/pricing/"

TABLE: dict[str, Price] = {
    # Lambda, x86, billed per millisecond.
    "lambda_request": Price(0.20 / 1_000_000, "request", _LAMBDA),
    "lambda_gb_second": Price(0.0000166667, "GB-second (x86)", _LAMBDA),
    # API Gateway.
    "http_api_request": Price(1.00 / 1_000_000, "HTTP API request (first 300 million a month, 512 KB units)", _APIGW),
    "websocket_message": Price(1.00 / 1_000_000, "WebSocket message (first billion a month, 32 KB units)", _APIGW),
    "websocket_connection_minute": Price(0.25 / 1_000_000, "WebSocket connection minute", _APIGW),
    # DynamoDB on demand, standard table class (the list prices since 1 November 2024).
    "dynamodb_write_unit": Price(0.625 / 1_000_000, "write request unit (1 KB; a transaction's write is two)",
                                 _DYNAMODB),
    "dynamodb_read_unit": Price(0.125 / 1_000_000, "read request unit (4 KB strongly consistent; eventual is half)",
                                _DYNAMODB),
    "dynamodb_storage_gb_month": Price(0.25, "GB-month stored", _DYNAMODB),
    # Stream reads by a Lambda trigger are not billed; a stream read by anything else is.
    "dynamodb_stream_read": Price(0.02 / 100_000, "stream read request unit (free when Lambda's trigger reads)",
                                  _DYNAMODB),
    # Step Functions.
    "sfn_standard_transition": Price(0.025 / 1_000, "Standard workflow state transition", _SFN),
    "sfn_express_request": Price(1.00 / 1_000_000, "Express workflow request", _SFN),
    # EventBridge.
    "eventbridge_scheduler_invocation": Price(1.00 / 1_000_000, "Scheduler invocation (after 14 million free a month)",
                                              _EVENTBRIDGE),
    "eventbridge_event": Price(1.00 / 1_000_000, "custom event published", _EVENTBRIDGE),
    # CloudFront, the first 10 TB a month to North America and Europe.
    "cloudfront_https_request": Price(0.0100 / 10_000, "HTTPS request", _CLOUDFRONT),
    "cloudfront_gb_out": Price(0.085, "GB out to the internet", _CLOUDFRONT),
}

LAMBDA_REQUEST = TABLE["lambda_request"].dollars
LAMBDA_GB_SECOND = TABLE["lambda_gb_second"].dollars
HTTP_API_REQUEST = TABLE["http_api_request"].dollars
WEBSOCKET_MESSAGE = TABLE["websocket_message"].dollars
WEBSOCKET_CONNECTION_MINUTE = TABLE["websocket_connection_minute"].dollars
DYNAMODB_WRITE_UNIT = TABLE["dynamodb_write_unit"].dollars
DYNAMODB_READ_UNIT = TABLE["dynamodb_read_unit"].dollars
DYNAMODB_STORAGE_GB_MONTH = TABLE["dynamodb_storage_gb_month"].dollars
DYNAMODB_STREAM_READ = TABLE["dynamodb_stream_read"].dollars
SFN_STANDARD_TRANSITION = TABLE["sfn_standard_transition"].dollars
SFN_EXPRESS_REQUEST = TABLE["sfn_express_request"].dollars
EVENTBRIDGE_SCHEDULER_INVOCATION = TABLE["eventbridge_scheduler_invocation"].dollars
EVENTBRIDGE_EVENT = TABLE["eventbridge_event"].dollars
CLOUDFRONT_HTTPS_REQUEST = TABLE["cloudfront_https_request"].dollars
CLOUDFRONT_GB_OUT = TABLE["cloudfront_gb_out"].dollars


def dynamodb_cost(rcu: float, wcu: float) -> float:
    """What ``rcu`` read and ``wcu`` write units cost on demand (storage and transfer apart)."""
    return rcu * DYNAMODB_READ_UNIT + wcu * DYNAMODB_WRITE_UNIT


def lambda_cost(invocations: float, gb_seconds: float) -> float:
    """What ``invocations`` of Lambda billed for ``gb_seconds`` in all cost."""
    return invocations * LAMBDA_REQUEST + gb_seconds * LAMBDA_GB_SECOND


def main() -> None:
    print(f"AWS list prices, {REGION}, as of {AS_OF}")
    for name, price in TABLE.items():
        print(f"  {name:34} ${price.dollars:.10f} per {price.per}")
        print(f"  {'':34} {price.source}")


if __name__ == "__main__":
    main()

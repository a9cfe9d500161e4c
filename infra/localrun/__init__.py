"""The local runner: the API on 127.0.0.1 with an embedded DynamoDB-compatible store and local timers."""

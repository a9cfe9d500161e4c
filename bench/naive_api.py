"""The naive stack the cold-start figure compares against: what a first serverless FastAPI service usually
looks like. FastAPI behind Mangum, Powertools Logger, Tracer and Metrics decorating the handler, a boto3
DynamoDB client made at import time, one route that reads a member's view of a game (the same single
BatchGetItem of the game item and the view item as our storage).

Used only by bench/spine_coldstart.py; never deployed.
"""

from __future__ import annotations

import os

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from fastapi import FastAPI, HTTPException, Request
from mangum import Mangum

logger = Logger()
tracer = Tracer()
metrics = Metrics(namespace="NaiveBench")
dynamodb = boto3.client("dynamodb")
TABLE = os.environ["TABLE_NAME"]

app = FastAPI()


@app.get("/v1/feinthold/games/{game_id}")
def read_game(game_id: str, request: Request) -> dict:
    sub = request.scope["aws.event"]["requestContext"]["authorizer"]["jwt"]["claims"]["sub"]
    keys = [{"pk": {"S": f"GAME#{game_id}"}, "sk": {"S": sk}} for sk in ("GAME", f"VIEW#{sub}")]
    answer = dynamodb.batch_get_item(RequestItems={TABLE: {"Keys": keys, "ConsistentRead": True}})
    items = answer["Responses"][TABLE]
    if len(items) < 2:
        raise HTTPException(status_code=404, detail="no such game")
    metrics.add_metric(name="GameRead", unit=MetricUnit.Count, value=1)
    return {"game_id": game_id, "items": len(items)}


asgi = Mangum(app, lifespan="off")


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    return asgi(event, context)

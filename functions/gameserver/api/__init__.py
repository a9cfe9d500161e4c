"""The HTTP API (v1): a FastAPI app, pydantic models in and out, one error shape."""

"""`make deploy-web STACK=<name>`: upload the built client (web/dist) to the stack's bucket and invalidate its
distribution. Reads the stack's outputs (WebBucketName, WebDistributionId, WebUrl, SignInDomain,
UserPoolClientId), writes /config.json from them (where the client signs in), uploads the assets named by their
content as immutable and index.html and config.json as no-cache, then invalidates everything. It says when the
stack's WebOrigin parameter is not yet the distribution's URL (the app client's callback would be refused).
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import sys
import time
from pathlib import Path

import boto3

DIST = Path(__file__).resolve().parents[1] / "web" / "dist"
IMMUTABLE = "public, max-age=31536000, immutable"
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml"}


def outputs(stack: str) -> dict[str, str]:
    described = boto3.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0]
    found = {o["OutputKey"]: o["OutputValue"] for o in described.get("Outputs", [])}
    found["WebOriginParameter"] = next((p["ParameterValue"] for p in described.get("Parameters", [])
                                        if p["ParameterKey"] == "WebOrigin"), "")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stack", required=True)
    args = parser.parse_args(argv)
    if not (DIST / "index.html").is_file():
        print("web/dist is not built: run make web", file=sys.stderr)
        return 2
    out = outputs(args.stack)
    config = {"signIn": {"domain": out["SignInDomain"], "clientId": out["UserPoolClientId"]}}
    (DIST / "config.json").write_text(json.dumps(config))
    s3 = boto3.client("s3")
    for path in sorted(p for p in DIST.rglob("*") if p.is_file()):
        key = path.relative_to(DIST).as_posix()
        kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        cache = IMMUTABLE if key.startswith("assets/") else "no-cache"
        s3.upload_file(str(path), out["WebBucketName"], key, ExtraArgs={"ContentType": kind, "CacheControl": cache})
        print(f"uploaded {key} ({cache})")
    boto3.client("cloudfront").create_invalidation(
        DistributionId=out["WebDistributionId"],
        InvalidationBatch={"Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": str(time.time())},
    )
    print(f"invalidated; the client is at {out['WebUrl']}")
    if out["WebOriginParameter"] != out["WebUrl"]:
        print(f"set the stack's WebOrigin to {out['WebUrl']} (sam deploy --parameter-overrides "
              f"WebOrigin={out['WebUrl']}): the sign-in's callback is {out['WebOriginParameter']}/auth/callback")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every authenticated request records where its caller is seen (linked accounts), and a failed sighting never
fails the request: it is logged, counted, and tried again on the member's next request."""

from __future__ import annotations

from typing import Any

from gameserver import services
from gateway import call


def seen_days(sub: str) -> dict[str, Any]:
    store = services.storage()
    item = store.client.get_item(TableName=store.table, Key={"pk": {"S": f"MEMBER#{sub}"}, "sk": {"S": "SEEN"}},
                                 ConsistentRead=True).get("Item", {})
    return {name: set(value["SS"]) for name, value in item.items() if name.startswith("d")}


def test_a_failed_sighting_write_never_fails_the_request_and_is_tried_again(aws, clock, alice, caplog, capsys):
    client = services.storage().client

    def refuse(**_: Any) -> None:
        raise RuntimeError("the table refused the sighting")

    client.meta.events.register("before-call.dynamodb.UpdateItem", refuse)
    status, profile = call("GET", "/v1/me", alice, headers={"X-Device-Id": "phone-1"}, source_ip="203.0.113.9")
    client.meta.events.unregister("before-call.dynamodb.UpdateItem", refuse)
    assert status == 200 and profile["credits"] == 100
    assert seen_days(alice.sub) == {} and "sighting of alice-sub not recorded" in caplog.text
    assert '"SightingNotRecorded":[1.0]' in capsys.readouterr().out, "counted: the metric flushed with the call"

    assert call("GET", "/v1/me", alice, headers={"X-Device-Id": "phone-1"}, source_ip="203.0.113.9")[0] == 200
    assert seen_days(alice.sub) == {"d2026-03-02": {"device:phone-1", "address:203.0.113.9"}}


def test_a_request_without_the_header_records_the_address_alone(aws, clock, alice):
    assert call("GET", "/v1/me", alice, source_ip="203.0.113.9")[0] == 200
    assert seen_days(alice.sub) == {"d2026-03-02": {"address:203.0.113.9"}}


def test_a_device_id_outside_its_format_is_a_400_naming_the_header(aws, clock, alice):
    for device in ("x" * 65, "phone 1", "<script>", "é"):
        status, body = call("GET", "/v1/me", alice, headers={"X-Device-Id": device}, source_ip="203.0.113.9")
        assert (status, body["error"]["field"], body["error"]["rule"]) == (400, "X-Device-Id", "device-id-format")
    assert seen_days(alice.sub) == {}, "nothing recorded from a refused request"


def test_a_member_sending_a_new_device_id_on_every_request_fills_the_day_and_no_more(aws, clock, alice):
    from gameserver.storage.dynamodb.fairplay import VALUES_A_DAY

    for n in range(VALUES_A_DAY + 10):
        assert call("GET", "/v1/me", alice, headers={"X-Device-Id": f"spoof-{n}"}, source_ip="203.0.113.9")[0] == 200
    [values] = seen_days(alice.sub).values()
    # The day's first write holds the address and a device id; later ones add a device id each, until full.
    assert VALUES_A_DAY <= len(values) < VALUES_A_DAY + 2 and "address:203.0.113.9" in values

"""The AWS clients' data loader (gameserver.aws): it skips botocore's listing of every service and
parses the data into plain dicts, and must load exactly what botocore's own loader loads."""

from __future__ import annotations

import pytest
from botocore.exceptions import UnknownServiceError
from botocore.loaders import create_loader
from gameserver import aws as client


@pytest.fixture(scope="module")
def loaders():
    return client._data_loader(), create_loader()


@pytest.mark.parametrize("service", ["dynamodb", "events", "stepfunctions"])
@pytest.mark.parametrize("type_name", ["service-2", "endpoint-rule-set-1"])
def test_our_services_load_the_same_data_in_the_same_order(loaders, service, type_name):
    ours, botocores = loaders
    mine, theirs = ours.load_service_model(service, type_name), botocores.load_service_model(service, type_name)
    assert mine == theirs
    assert type(mine) is dict and list(mine) == list(theirs)
    if type_name == "service-2":
        assert list(mine["operations"]) == list(theirs["operations"])


@pytest.mark.parametrize("name", ["endpoints", "partitions", "_retry", "sdk-default-configuration"])
def test_the_shared_data_files_load_the_same(loaders, name):
    ours, botocores = loaders
    assert ours.load_data(name) == botocores.load_data(name)


def test_only_our_services_are_listed_and_others_are_unknown(loaders):
    ours, botocores = loaders
    listed = ours.list_available_services("service-2")
    assert listed == ["dynamodb", "events", "stepfunctions"]
    assert set(listed) <= set(botocores.list_available_services("service-2"))
    with pytest.raises(UnknownServiceError):
        ours.load_service_model("s3", "service-2")


def test_a_client_made_with_our_loader_speaks_like_botocores(monkeypatch):
    import botocore.session

    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.delenv("AWS_ENDPOINT_URL_DYNAMODB", raising=False)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    # A session of its own: the process's session must be made after moto is imported (moto hooks the
    # sessions made after it), as the tests using moto's in-process mock do.
    ours = client._new_session().create_client("dynamodb", region_name="eu-west-1")
    theirs = botocore.session.Session().create_client("dynamodb", region_name="eu-west-1")
    assert ours.meta.endpoint_url == theirs.meta.endpoint_url == "https://dynamodb.eu-west-1.amazonaws.com"
    assert ours.meta.service_model.operation_names == theirs.meta.service_model.operation_names
    request = {"TableName": "feinthold", "Key": {"pk": {"S": "GAME#1"}, "sk": {"S": "GAME"}}}
    assert ours._serializer.serialize_to_request(request, ours.meta.service_model.operation_model("GetItem")) == \
        theirs._serializer.serialize_to_request(request, theirs.meta.service_model.operation_model("GetItem"))

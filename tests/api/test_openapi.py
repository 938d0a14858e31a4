"""The OpenAPI document describes every route's bodies, checked over the app's route table (`ROUTERS`)
so a new route cannot ship with an undocumented success body or an error body other than `ErrorBody`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from fitcoach.api.app import ROUTERS, create_app
from fitcoach.api.deps import get_current_user
from fitcoach.config import Settings

Schema = dict[str, Any]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    """The document needs no database; the engine never connects."""
    path = tmp_path_factory.mktemp("openapi") / "unused.db"
    return create_app(Settings(database_url=f"sqlite:///{path}"))


def _operations(app: FastAPI) -> Iterator[tuple[APIRoute, str, Schema]]:
    document = app.openapi()
    for router in ROUTERS:
        for route in router.routes:
            assert isinstance(route, APIRoute)
            for method in sorted(route.methods):
                yield route, method, document["paths"][route.path_format][method.lower()]


def _resolve(app: FastAPI, schema: Schema) -> tuple[str, Schema]:
    ref = schema.get("$ref", "")
    assert ref.startswith("#/components/schemas/"), f"not a named model: {schema}"
    name = ref.rsplit("/", 1)[-1]
    resolved: Schema = app.openapi()["components"]["schemas"][name]
    return name, resolved


def _needs_token(dependant: Dependant) -> bool:
    return any(d.call is get_current_user or _needs_token(d) for d in dependant.dependencies)


def test_the_route_table_is_the_document(app: FastAPI) -> None:
    """Every operation the app serves comes from ROUTERS, so the checks below see all of them."""
    table = {(method.lower(), route.path_format) for route, method, _ in _operations(app)}
    document = {(method, path) for path, item in app.openapi()["paths"].items() for method in item}
    assert table == document
    assert len(table) >= 27


def test_every_success_body_is_a_closed_model_with_every_field_required(app: FastAPI) -> None:
    for route, method, operation in _operations(app):
        successes = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
        assert str(route.status_code or 200) in successes, f"{method} {route.path}"
        for code, response in successes.items():
            where = f"{method} {route.path} {code}"
            if code == "204":
                assert "content" not in response, where
                continue
            name, schema = _resolve(app, response["content"]["application/json"]["schema"])
            assert schema["type"] == "object" and schema["properties"], where
            assert schema.get("additionalProperties") is False, f"{where}: {name} is open"
            assert set(schema["required"]) == set(schema["properties"]), f"{where}: {name}"


def test_every_error_response_is_the_error_body(app: FastAPI) -> None:
    for route, method, operation in _operations(app):
        errors = {code: r for code, r in operation["responses"].items() if code[0] in "45"}
        assert "413" in errors, f"{method} {route.path}: the body-size limit answers on every route"
        for code, response in errors.items():
            name, _ = _resolve(app, response["content"]["application/json"]["schema"])
            assert name == "ErrorBody", f"{method} {route.path} {code}: {name}"


def test_each_route_documents_the_errors_it_can_answer(app: FastAPI) -> None:
    for route, method, operation in _operations(app):
        codes = set(operation["responses"])
        where = f"{method} {route.path}"
        if _needs_token(route.dependant):
            assert {"401", "503"} <= codes, where
        if route.body_field is not None:
            assert {"400", "422"} <= codes, where
        if route.dependant.query_params or route.dependant.path_params or route.dependant.header_params:
            assert "422" in codes, where


def test_the_error_body_lists_code_and_message(app: FastAPI) -> None:
    schemas = app.openapi()["components"]["schemas"]
    assert schemas["ErrorBody"]["required"] == ["error"]
    assert {"code", "message"} <= set(schemas["ErrorDetail"]["required"])


def test_no_default_validation_error_model_leaks_in(app: FastAPI) -> None:
    """FastAPI documents 422 as `HTTPValidationError` unless told otherwise; ours is `ErrorBody`."""
    assert not {"HTTPValidationError", "ValidationError"} & set(app.openapi()["components"]["schemas"])

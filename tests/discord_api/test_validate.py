"""The checks of a request against what real Discord accepts: the documented limits (always), Discord's OpenAPI
description (where this machine has the pinned file; those tests are skipped elsewhere, with the reason)."""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

import pytest

from tests.bot.fakes import HTTP_ROUTES, WEBHOOK_ROUTES
from tests.discord_api import limits
from tests.discord_api.openapi import SPEC_SHA256, ApiDescription, published, spec_file
from tests.discord_api.request import Request, Upload, Violation
from tests.discord_api.validate import check

MESSAGE = "/channels/3000000000000001/messages"
CALLBACK = "/interactions/5000000000000001/token-1/callback"
FOLLOWUP = "/webhooks/1000000000000001/token-1"


def valid_message() -> dict[str, Any]:
    """A message at every documented limit at once (each one more would be refused)."""
    return {
        "content": "c" * limits.CONTENT,
        "embeds": [
            {
                "title": "t" * limits.EMBED_TITLE,
                "description": "d" * 1000,
                "fields": [{"name": "n", "value": "v" * 100, "inline": False} for _ in range(limits.EMBED_FIELDS)],
                "footer": {"text": "f" * 100},
                "author": {"name": "a" * 100},
                "image": {"url": "attachment://board.png"},
                "color": 0x2E8B57,
                "type": "rich",
            }
        ],
        "components": [
            *(
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "b" * limits.BUTTON_LABEL, "custom_id": f"evo:{row}:{i}"}
                        for i in range(limits.ROW_BUTTONS)
                    ],
                }
                for row in range(limits.ACTION_ROWS - 1)
            ),
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": "x" * limits.CUSTOM_ID,
                        "placeholder": "p" * limits.PLACEHOLDER,
                        "min_values": 1,
                        "max_values": 1,
                        "options": [
                            {"label": "l" * limits.OPTION_TEXT, "value": f"{i:0100d}", "description": "d"}
                            for i in range(limits.SELECT_OPTIONS)
                        ],
                    }
                ],
            },
        ],
        "attachments": [{"id": 0, "filename": "board.png"}],
        "flags": limits.SUPPRESS_NOTIFICATIONS,
    }


def refusals(request: Request) -> list[str]:
    return [f"{v.where}: {v.rule}" for v in check(request)]


def refused_at(request: Request, where: str, rule: str) -> Violation:
    """The request is refused at ``where`` for a rule that starts with ``rule``."""
    found = [v for v in check(request) if v.where == where and v.rule.startswith(rule)]
    assert found, f"not refused at {where} for {rule!r}: {refusals(request)}"
    return found[0]


def post(body: Any, **kwargs: Any) -> Request:
    return Request("POST", MESSAGE, body, **kwargs)


@pytest.fixture
def description() -> ApiDescription:
    found = published()
    if found is None:
        pytest.skip("Discord's OpenAPI description is not on this machine: see tests/discord_api/README.md")
    return found


def test_a_message_at_every_limit_passes() -> None:
    assert check(post(valid_message())) == []
    response = {"type": 4, "data": {**valid_message(), "flags": limits.EPHEMERAL}}
    assert check(Request("POST", CALLBACK, response, {"with_response": 1})) == []


def test_a_description_of_4097_characters_is_refused() -> None:
    body = valid_message()
    body["embeds"][0]["description"] = "d" * (limits.EMBED_DESCRIPTION + 1)
    body["embeds"][0]["fields"] = []
    violation = refused_at(post(body), "embeds[0].description", "at most 4096 characters")
    text = str(violation)
    assert text.startswith(f"POST {MESSAGE}: embeds[0].description: at most 4096 characters")
    assert "(4097 characters)" in text


def test_white_space_around_an_embed_text_does_not_count() -> None:
    body = {"embeds": [{"description": " \n" + "d" * limits.EMBED_DESCRIPTION + "\n "}]}
    assert not [v for v in check(post(body)) if v.rule.endswith("[docs]")]


@pytest.mark.parametrize(
    ("where", "limit"),
    [
        ("content", limits.CONTENT),
        ("embeds[0].title", limits.EMBED_TITLE),
        ("embeds[0].fields[0].name", limits.FIELD_NAME),
        ("embeds[0].fields[0].value", limits.FIELD_VALUE),
        ("embeds[0].footer.text", limits.FOOTER_TEXT),
        ("embeds[0].author.name", limits.AUTHOR_NAME),
        ("components[0].components[0].label", limits.BUTTON_LABEL),
        ("components[4].components[0].placeholder", limits.PLACEHOLDER),
        ("components[4].components[0].options[0].label", limits.OPTION_TEXT),
        ("components[4].components[0].options[0].value", limits.OPTION_TEXT),
        ("components[4].components[0].options[0].description", limits.OPTION_TEXT),
    ],
)
def test_one_character_over_a_text_limit_is_refused(where: str, limit: int) -> None:
    body = valid_message()
    body["embeds"][0]["fields"] = [{"name": "n", "value": "v"}]
    body["embeds"][0]["description"] = ""
    place: Any = body
    *parents, last = where.replace("]", "").replace("[", ".").split(".")
    for key in parents:
        place = place[int(key)] if key.isdigit() else place[key]
    place[last] = "z" * limit
    assert check(post(body)) == []
    place[last] = "z" * (limit + 1)
    refused_at(post(body), where, f"at most {limit} characters")


def test_content_of_2001_characters_is_refused() -> None:
    violation = refused_at(post({"content": "c" * 2001}), "content", "at most 2000 characters [docs]")
    assert violation.value == "c" * 2001


def test_a_26th_field_is_refused() -> None:
    body = valid_message()
    body["embeds"][0]["fields"].append({"name": "n", "value": "v"})
    refused_at(post(body), "embeds[0].fields", "at most 25 items")


def test_6000_characters_across_the_embeds_at_most() -> None:
    embeds: list[dict[str, Any]] = [{"description": "d" * 3000}, {"description": "d" * 2000, "title": "t" * 256}]
    assert check(post({"embeds": embeds})) == []
    embeds[1]["footer"] = {"text": "f" * 745}
    refused_at(post({"embeds": embeds}), "embeds", "at most 6000 characters across the message's embeds")


def test_at_most_ten_embeds() -> None:
    refused_at(post({"embeds": [{"title": "t"}] * 11}), "embeds", "at most 10 items")


def test_an_81_character_button_label_is_refused() -> None:
    body = valid_message()
    body["components"][0]["components"][0]["label"] = "b" * 81
    violation = refused_at(post(body), "components[0].components[0].label", "at most 80 characters [docs]")
    assert "(81 characters)" in str(violation)


def test_a_select_of_26_options_is_refused() -> None:
    body = valid_message()
    select = body["components"][4]["components"][0]
    select["options"].append({"label": "l", "value": "another"})
    refused_at(post(body), "components[4].components[0].options", "at most 25 items")


@pytest.mark.parametrize(
    ("custom_id", "rule"),
    [("c" * 101, "at most 100 characters"), ("", "at least 1 character"), (None, "a string")],
)
def test_a_bad_custom_id_is_refused(custom_id: str | None, rule: str) -> None:
    body = valid_message()
    button = body["components"][0]["components"][0]
    if custom_id is None:
        del button["custom_id"]
    else:
        button["custom_id"] = custom_id
    refused_at(post(body), "components[0].components[0].custom_id", rule)


def test_a_custom_id_is_used_once_in_a_message() -> None:
    body = valid_message()
    body["components"][1]["components"][0]["custom_id"] = "evo:0:1"
    refused_at(post(body), "components[1].components[0].custom_id", "a custom_id not already used at components[0]")


def test_a_link_button_has_a_url_and_no_custom_id() -> None:
    link = {"type": 2, "style": limits.LINK, "label": "rules", "url": "https://example.org/rules"}
    assert check(post({"components": [{"type": 1, "components": [link]}]})) == []
    link["custom_id"] = "evo:x"
    refused_at(post({"components": [{"type": 1, "components": [link]}]}), "components[0].components[0].custom_id", "no")


def test_rows_hold_five_buttons_or_one_select_and_a_message_five_rows() -> None:
    body = valid_message()
    body["components"][0]["components"].append({"type": 2, "style": 2, "label": "6", "custom_id": "six"})
    refused_at(post(body), "components[0].components", "at most 5 buttons")
    body = valid_message()
    body["components"][4]["components"].append({"type": 2, "style": 2, "label": "b", "custom_id": "beside"})
    refused_at(post(body), "components[4].components", "a single select, alone in its action row")
    body = valid_message()
    body["components"].append({"type": 1, "components": [{"type": 2, "style": 2, "custom_id": "row6"}]})
    refused_at(post(body), "components", "at most 5 items")
    body = valid_message()
    body["components"][0] = {"type": 2, "style": 2, "custom_id": "alone"}
    refused_at(post(body), "components[0].type", "an action row (type 1) on top")


def test_a_select_chooses_from_0_to_25_values() -> None:
    body = valid_message()
    body["components"][4]["components"][0]["max_values"] = 25
    assert check(post(body)) == []
    body["components"][4]["components"][0]["max_values"] = 26
    refused_at(post(body), "components[4].components[0].max_values", "an integer from 1 to 25")
    body["components"][4]["components"][0].update(max_values=1, min_values=-1)
    refused_at(post(body), "components[4].components[0].min_values", "an integer from 0 to 25")


def test_a_components_v2_message_holds_40_components_in_all() -> None:
    text = {"type": 10, "content": "a line"}
    container = {"type": 17, "components": [text] * 39}
    assert check(post({"flags": limits.IS_COMPONENTS_V2, "components": [container]})) == []
    container["components"] = [text] * 40
    refused_at(post({"flags": limits.IS_COMPONENTS_V2, "components": [container]}), "components", "at most 40 comp")


def test_select_options_have_distinct_values() -> None:
    body = valid_message()
    options = body["components"][4]["components"][0]["options"]
    options[1]["value"] = options[0]["value"]
    refused_at(post(body), "components[4].components[0].options[1].value", "a value no other option")


def test_a_wrong_type_in_a_field_is_refused() -> None:
    refused_at(post({"embeds": [{"title": 7}]}), "embeds[0].title", "a string")
    refused_at(post({"content": "x", "flags": "64"}), "flags", "an integer")


def test_the_flags_each_route_allows() -> None:
    refused_at(post({"content": "x", "flags": limits.EPHEMERAL}), "flags", "only the flags")
    assert check(Request("POST", FOLLOWUP, {"content": "x", "flags": limits.EPHEMERAL}, {"wait": 1})) == []
    edit = Request("PATCH", f"{FOLLOWUP}/messages/@original", {"content": "x", "flags": limits.SUPPRESS_NOTIFICATIONS})
    refused_at(edit, "flags", "only the flags")
    deferred = {"type": 5, "data": {"flags": limits.EPHEMERAL | limits.SUPPRESS_EMBEDS}}
    refused_at(Request("POST", CALLBACK, deferred), "data.flags", "only EPHEMERAL on a deferred response")


def test_autocomplete_choices() -> None:
    choices = [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]
    answer = {"type": 8, "data": {"choices": choices}}
    assert check(Request("POST", CALLBACK, answer)) == []
    choices[0] = {"name": "n" * 101, "value": "v" * 101}
    refused_at(Request("POST", CALLBACK, answer), "data.choices[0].name", "at most 100 characters")
    refused_at(Request("POST", CALLBACK, answer), "data.choices[0].value", "at most 100 characters")
    choices[0] = {"name": "n", "value": "v"}
    choices.append({"name": "26th", "value": "26th"})
    refused_at(Request("POST", CALLBACK, answer), "data.choices", "at most 25 items")


def command(options: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "evolution", "description": "Play Evolution", "type": 1, "options": options}


def test_slash_commands_keep_to_25_options_25_choices_and_8000_characters() -> None:
    sync = "/applications/1000000000000001/guilds/42/commands"
    choices = [{"name": f"choice {i}", "value": f"value {i}"} for i in range(26)]
    language = {"type": 3, "name": "language", "description": "Which language", "choices": choices}
    subcommand = {"type": 1, "name": "new", "description": "A new game", "options": [language]}
    refused_at(Request("PUT", sync, [command([subcommand])]), "[0].options[0].options[0].choices", "at most 25")
    many = [{"type": 1, "name": f"sub{i}", "description": "d"} for i in range(26)]
    refused_at(Request("PUT", sync, [command(many)]), "[0].options", "at most 25 items")
    # Each text counts at its longest localization: here 100 characters of Hungarian, not 1 of English.
    long = {"hu": "h" * 100}
    wordy = [{"type": 1, "name": f"s{i}", "description": "d", "description_localizations": long} for i in range(25)]
    assert check(Request("PUT", sync, [command(wordy)])) == []
    nested = [{**w, "type": 2, "options": wordy} for w in wordy[:4]]
    refused_at(Request("PUT", sync, [command(nested)]), "[0]", "at most 8000 characters")


def test_files_keep_to_the_upload_limits() -> None:
    board = Upload("files[0]", "board.png", limits.UPLOAD_LIMIT)
    assert check(post({"attachments": [{"id": 0, "filename": "board.png"}]}, uploads=(board,), multipart=True)) == []
    big = Upload("files[0]", "board.png", limits.UPLOAD_LIMIT + 1)
    refused_at(post({}, uploads=(big,), multipart=True), "files[0]", f"a file of at most {limits.UPLOAD_LIMIT} bytes")
    eleven = tuple(Upload(f"files[{i}]", f"{i}.png", 10) for i in range(11))
    refused_at(post({}, uploads=eleven, multipart=True), "files", "at most 10 files")
    three = tuple(Upload(f"files[{i}]", f"{i}.png", limits.UPLOAD_LIMIT) for i in range(3))
    refused_at(post({}, uploads=three, multipart=True), "files", f"at most {limits.REQUEST_LIMIT} bytes")


# Against Discord's OpenAPI description.


def test_an_unknown_route_is_refused(description: ApiDescription) -> None:
    violation = refused_at(Request("POST", "/channels/1/mesages", {}), "path", "a route")
    assert violation.value == "/channels/1/mesages"
    refused_at(Request("PUT", MESSAGE, {"content": "x"}), "method", "one of GET, POST on /channels/{channel_id}")


def test_path_and_query_parameters_are_checked(description: ApiDescription) -> None:
    refused_at(Request("POST", "/channels/None/messages", {"content": "x"}), "channel_id", "matching")
    refused_at(Request("POST", FOLLOWUP, {"content": "x"}, {"wait": "yes"}), "?wait", "a boolean")
    refused_at(Request("POST", FOLLOWUP, {"content": "x"}, {"wiat": 1}), "?wiat", "a query parameter of POST")
    assert check(Request("POST", FOLLOWUP, {"content": "x"}, {"wait": "True", "thread_id": "7"})) == []


def test_a_wrong_type_is_refused_by_the_description(description: ApiDescription) -> None:
    violation = refused_at(post({"content": "x", "tts": "yes"}), "tts", "of type null or boolean [openapi]")
    assert violation.value == "yes"
    refused_at(post({"embeds": [{"url": "not a link"}]}), "embeds[0].url", "a valid uri [openapi]")


def test_a_union_is_explained_by_the_alternative_meant(description: ApiDescription) -> None:
    """A button (type 2) with a bad style is told about its style, not about the six other kinds of component."""
    row = {"type": 1, "components": [{"type": 2, "style": 9, "custom_id": "x"}]}
    found = check(Request("POST", CALLBACK, {"type": 4, "data": {"components": [row]}}))
    assert [f"{v.where}: {v.rule}" for v in found] == [
        "data.components[0].components[0].style: one of [1, 2, 3, 4, 5, 6] [openapi]"
    ]


def test_a_route_that_takes_a_body_needs_one(description: ApiDescription) -> None:
    refused_at(Request("POST", CALLBACK, None), "body", "a body")
    refused_at(Request("GET", "/users/@me", {"x": 1}), "body", "no body on GET")


def test_a_snowflake_may_be_an_integer_as_in_discords_upload_example(description: ApiDescription) -> None:
    body = {"attachments": [{"id": 0, "filename": "board.png"}]}
    assert check(post(body, multipart=True)) == []
    refused_at(post({"attachments": [{"id": -1}]}, multipart=True), "attachments[0].id", "at least 0 [openapi]")


def test_every_route_the_fake_answers_is_one_of_discords(description: ApiDescription) -> None:
    for method, template in HTTP_ROUTES | WEBHOOK_ROUTES:
        assert template in description.paths, template
        assert method.lower() in description.paths[template], (method, template)


def test_only_the_pinned_file_is_read(description: ApiDescription, tmp_path: Path) -> None:
    pinned = spec_file()
    assert pinned is not None and hashlib.sha256(pinned.read_bytes()).hexdigest() == SPEC_SHA256
    other = tmp_path / "openapi.json"
    other.write_text('{"openapi": "3.1.0", "paths": {}, "components": {"schemas": {"SnowflakeType": {}}}}')
    with pytest.raises(AssertionError, match="is not the pinned discord/discord-api-spec"):
        ApiDescription.load(other)


def test_the_rulings_leave_the_read_document_alone(description: ApiDescription) -> None:
    document = {"paths": {}, "components": {"schemas": {"SnowflakeType": {"type": "string"}}}}
    before = copy.deepcopy(document)
    ApiDescription(document)
    assert document == before

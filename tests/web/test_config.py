"""The ``[web]`` settings: absent means no web board; a secret too short, an address without a port, a base URL that
is no web address are refused by name; the environment wins over the file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evolution_bot.config import ConfigError, Settings, WebSettings, load_settings

SECRET = "0123456789abcdef0123456789abcdef"


def settings_from(tmp_path: Path, text: str, **environ: str) -> Settings:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_settings(path, environ)


def test_without_a_web_section_there_is_no_web_board(tmp_path: Path) -> None:
    assert settings_from(tmp_path, "").web is None


def test_the_web_section_is_read(tmp_path: Path) -> None:
    web = settings_from(
        tmp_path,
        f'[web]\nlisten = "0.0.0.0:8443"\nbase_url = "https://evolution.example/board"\nsecret = "{SECRET}"\n'
        'client_id = "123"\nclient_secret = "shh"\nmoves_per_minute = 10\n',
    ).web
    assert web is not None
    assert (web.host, web.port, web.base_url) == ("0.0.0.0", 8443, "https://evolution.example/board/")
    assert web.secret == SECRET.encode() and web.signs_in and web.moves_per_minute == 10


def test_the_environment_wins_and_keeps_secrets_out_of_the_file(tmp_path: Path) -> None:
    web = settings_from(
        tmp_path, "", EVOLUTION_BOT_WEB_SECRET=SECRET, EVOLUTION_BOT_WEB_LISTEN="127.0.0.1:9000",
        EVOLUTION_BOT_WEB_CLIENT_SECRET="from-env",
    ).web  # fmt: skip
    assert web is not None and web.port == 9000 and web.client_secret == "from-env"
    assert web.base_url == "http://127.0.0.1:9000/" and not web.signs_in


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('[web]\nsecret = "short"\n', "secret"),
        ("[web]\n", "secret"),
        (f'[web]\nsecret = "{SECRET}"\nlisten = "8080"\n', "listen"),
        (f'[web]\nsecret = "{SECRET}"\nbase_url = "evolution.example"\n', "base_url"),
        (f'[web]\nsecret = "{SECRET}"\npages_per_minute = 0\n', "pages_per_minute"),
    ],
)
def test_a_web_setting_that_cannot_be_used_is_refused_by_name(tmp_path: Path, text: str, named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        settings_from(tmp_path, text)


@pytest.mark.parametrize(("text", "environ", "serves"), [
    ("", {}, True),
    ("serve = false\n", {}, False),
    ("serve = true\n", {"EVOLUTION_BOT_WEB_SERVE": "false"}, False),
    ("", {"EVOLUTION_BOT_WEB_SERVE": "no"}, False),
])  # fmt: skip
def test_a_process_may_make_links_without_serving(
    tmp_path: Path, text: str, environ: dict[str, str], serves: bool
) -> None:
    web = settings_from(tmp_path, f'[web]\nsecret = "{SECRET}"\n{text}', **environ).web
    assert web is not None and web.serve is serves


def test_serve_must_be_true_or_false(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="web serve"):
        settings_from(tmp_path, f'[web]\nsecret = "{SECRET}"\nserve = "maybe"\n')


def test_the_examples_web_section_uncommented_is_the_defaults(tmp_path: Path) -> None:
    """config.example.toml keeps ``[web]`` commented out (an example copied as it is serves no page); uncommented,
    with a secret, it holds the defaults."""
    example = (Path(__file__).resolve().parents[2] / "config.example.toml").read_text(encoding="utf-8")
    assert settings_from(tmp_path, example).web is None
    section = example[example.index("# [web]\n") :]
    settings = re.sub(r"^# ([a-z_]+ = )", r"\1", section.replace("# [web]\n", "[web]\n"), flags=re.M)
    web = settings_from(tmp_path, re.sub(r'^secret = ""', f'secret = "{SECRET}"', settings, flags=re.M)).web
    assert web == WebSettings(secret=SECRET.encode())


def test_the_trusted_proxies_are_read_from_the_file_or_the_environment(tmp_path: Path) -> None:
    text = f'[web]\nsecret = "{SECRET}"\ntrusted_proxies = ["127.0.0.1", "::1"]\n'
    web = settings_from(tmp_path, text).web
    assert web is not None and web.trusted_proxies == ("127.0.0.1", "::1")
    web = settings_from(tmp_path, text, EVOLUTION_BOT_WEB_TRUSTED_PROXIES="10.0.0.2, 10.0.0.3").web
    assert web is not None and web.trusted_proxies == ("10.0.0.2", "10.0.0.3")
    with pytest.raises(ConfigError, match="trusted_proxies"):
        settings_from(tmp_path, f'[web]\nsecret = "{SECRET}"\ntrusted_proxies = "127.0.0.1"\n')

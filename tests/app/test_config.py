from datetime import timedelta
from pathlib import Path

import pytest

from evolution_bot.config import ConfigError, load_settings, parse_duration

EXAMPLE = Path(__file__).resolve().parents[2] / "config.example.toml"


def test_the_example_config_loads_with_its_defaults():
    settings = load_settings(EXAMPLE, environ={})
    assert settings.token == ""
    assert settings.database == Path("evolution-bot.sqlite3")
    assert settings.decision_time == timedelta(hours=24)
    assert settings.reminders == ("50%", "1h")
    assert settings.default_language == "en"
    assert settings.computer_workers is None  # one per core
    assert settings.computer_level == "normal"


def test_environment_variables_win_over_the_file(tmp_path):
    settings = load_settings(
        EXAMPLE,
        environ={"DISCORD_TOKEN": "abc", "EVOLUTION_BOT_DB": str(tmp_path / "x.db"), "EVOLUTION_BOT_LANGUAGE": "uk",
                 "EVOLUTION_BOT_COMPUTER_WORKERS": "3", "EVOLUTION_BOT_COMPUTER_LEVEL": "hard"},
    )
    assert settings.computer_workers == 3 and settings.computer_level == "hard"
    assert settings.token == "abc"
    assert settings.database == tmp_path / "x.db"
    assert settings.default_language == "uk"


def test_a_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "nope.toml", environ={}).source == "defaults"


@pytest.mark.parametrize(
    "text, message",
    [
        ('[games]\ndefault_language = "xx"', "default_language"),
        ('[games]\ndecision_time = "1m"', "between 5m and 7d"),
        ('[games]\ndecision_time = "soon"', "not a duration"),
        ('[discord]\ndev_guild = "abc"', "dev_guild"),
        ("[games\n", "config.toml"),
        ('[computers]\nworkers = "0"', "workers must be a whole number from 1"),
        ("[computers]\nworkers = -2", "workers must be a whole number from 1"),
        ('[computers]\nlevel = "brutal"', "level must be one of easy, normal, hard"),
    ],
)
def test_a_bad_setting_is_named_in_the_error(tmp_path, text, message):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_settings(path, environ={})


def test_durations():
    assert parse_duration("90m") == timedelta(minutes=90)
    assert parse_duration("3d") == timedelta(days=3)

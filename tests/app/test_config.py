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
        environ={
            "DISCORD_TOKEN": "abc",
            "EVOLUTION_BOT_DB": str(tmp_path / "x.db"),
            "EVOLUTION_BOT_LANGUAGE": "uk",
            "EVOLUTION_BOT_COMPUTER_WORKERS": "3",
            "EVOLUTION_BOT_COMPUTER_LEVEL": "hard",
        },
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


def test_a_database_url_is_kept_as_text_and_a_path_as_a_path(tmp_path):
    url = "postgresql://evolution@db.internal:5432/evolution"
    assert load_settings(EXAMPLE, environ={"EVOLUTION_BOT_DB": url}).database == url
    assert load_settings(EXAMPLE, environ={"EVOLUTION_BOT_DB": "sqlite:///x.db"}).database == "sqlite:///x.db"
    with pytest.raises(ConfigError, match="database"):
        load_settings(EXAMPLE, environ={"EVOLUTION_BOT_DB": "mysql://x/y"})


def test_shards_come_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_ids = [3, 1]\nshard_count = 4\n")
    settings = load_settings(path, environ={})
    assert (settings.shard_ids, settings.shard_count) == ((1, 3), 4)
    settings = load_settings(path, environ={"EVOLUTION_BOT_SHARD_IDS": "0, 2", "EVOLUTION_BOT_SHARD_COUNT": "3"})
    assert (settings.shard_ids, settings.shard_count) == ((0, 2), 3)
    default = load_settings(EXAMPLE, environ={})
    assert (default.shard_ids, default.shard_count) == (None, None)
    only_count = load_settings(EXAMPLE, environ={"EVOLUTION_BOT_SHARD_COUNT": "2"})
    assert (only_count.shard_ids, only_count.shard_count) == (None, 2), "one process running every shard"


@pytest.mark.parametrize(
    "text, message",
    [
        ("shard_ids = [0]", "needs shard_count"),
        ("shard_ids = [2]\nshard_count = 2", "from 0 to 1"),
        ("shard_ids = [0, 0]\nshard_count = 2", "different"),
        ("shard_ids = []\nshard_count = 2", "different"),
        ('shard_ids = "x"\nshard_count = 2', "shard numbers"),
        ("shard_ids = [true]\nshard_count = 2", "list of shard numbers"),
        ("shard_count = 0", "shard_count"),
        ('shard_count = "many"', "shard_count"),
    ],
)
def test_bad_shard_settings_are_named(tmp_path, text, message):
    path = tmp_path / "config.toml"
    path.write_text(f"[discord]\n{text}\n")
    with pytest.raises(ConfigError, match=message):
        load_settings(path, environ={})

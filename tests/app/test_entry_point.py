import subprocess
import sys

from evolution_bot import __main__ as entry


def test_no_subcommand_plays_in_the_terminal_without_a_token(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("EVOLUTION_BOT_CONFIG", raising=False)
    assert entry.default_command() == "console"


def test_no_subcommand_runs_the_bot_when_a_token_is_set(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-from-the-environment")
    assert entry.default_command() == "run"


def test_an_unknown_subcommand_is_refused_with_usage():
    result = subprocess.run([sys.executable, "-m", "evolution_bot", "fly"], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "invalid choice" in result.stderr

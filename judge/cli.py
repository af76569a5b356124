"""The ``judge`` command line (click). Each area's commands live in ``judge/commands/<area>.py``
and are added here explicitly; ``judge rule`` is also served without click by
``judge.entry`` for speed (see there)."""

from __future__ import annotations

import sys
from importlib import import_module

import click

from judge.errors import shown

# (module, attribute) of each command or group, in help order. Explicit: no import side effects.
COMMANDS: tuple[tuple[str, str], ...] = (
    ("judge.commands.rules", "rule"),
    ("judge.commands.rules", "define"),
    ("judge.commands.rules", "search"),
    ("judge.commands.rules", "lint"),
    ("judge.commands.rules", "stats"),
    ("judge.commands.rules", "export"),
    ("judge.commands.cards", "card"),
    ("judge.commands.cards", "cards"),
    ("judge.commands.scenarios", "resolve"),
    ("judge.commands.scenarios", "check"),
    ("judge.commands.scenarios", "coverage"),
    ("judge.commands.site", "site"),
    ("judge.commands.site", "serve"),
    ("judge.commands.rulebook", "rulebook"),
    ("judge.commands.rulebook", "diff"),
    ("judge.commands.rulebook", "history"),
)


class JudgeGroup(click.Group):
    """Loads each command's module only when that command runs (keeps start-up light)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for _, name in COMMANDS if _available(_module_of(name))]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = _module_of(name)
        if module is None or not _available(module):
            return None
        return getattr(import_module(module), name.replace("-", "_"))

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:
            raise                # the reader closed our output (`| head`): no input error; quiet
        except Exception as err:
            # a JudgeError, or OS, Unicode, JSON, TOML, SQLite, number conversion: an input
            # error with its cause
            code = shown(err, echo=click.echo, notices=_report_problems)
            if code is None:
                raise                        # a bug: judge.entry says so without a traceback
            ctx.exit(code)
        finally:
            _report_problems()


def _report_problems() -> None:
    """Warn (once) about installed user documents that were skipped because they are broken."""
    from judge.rules.problems import take_notices
    for notice in take_notices():
        click.echo(notice, err=True)


def _module_of(name: str) -> str | None:
    for module, attr in COMMANDS:
        if attr == name:
            return module
    return None


def _available(module: str | None) -> bool:
    from importlib.util import find_spec
    return module is not None and find_spec(module) is not None


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="judge")
def main() -> None:
    """judge: rules reference and rules judge for Flesh and Blood, World of Warcraft TCG,
    Universal Fighting System and Ashes: Rise of the Phoenixborn."""


def run() -> None:  # pragma: no cover - thin wrapper
    sys.exit(main())

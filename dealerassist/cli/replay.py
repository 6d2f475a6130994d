"""`dealerassist replay FILE.phh... [--rules FILE] --json [--trace]`: replay hand histories.

One JSON line per file, in the order given (design.md, command-line contract): ``file``,
``variant``, ``final_stacks``, ``pots`` (``amount``, ``eligible``, ``awards``), ``rake``,
``flags`` (``rule_id``, ``message``), ``unknown_stacks`` (only when the file writes a
starting stack as ``inf``: those players' indices; their ``final_stacks`` are null) and,
with ``--trace``, ``decisions`` (``actor``, ``to_call``, ``min_raise_to``,
``max_raise_to``; null where no bet or raise is allowed).
Amounts are printed in the file's own unit: integers as JSON ints, other amounts as exact
decimal strings ("1937923.75"). A file that cannot be read or replayed gets
``{"file", "error"}``; the others still run and the exit status is 1.

``--jobs N`` replays the files in N processes (`os.fork`, where the system has it), each a
contiguous share of the files in the order given; the lines come out in that order, the
same bytes and exit status as one process. Without it, a command of more than
``_AUTO_JOBS_FILES`` files uses one process per idle CPU (the CPUs it may run on less
the tasks running on them, `_busy_cpus`), never fewer than ``_FILES_PER_JOB`` files each;
fewer files, or a machine whose CPUs are busy, stay in one process: a process that
shares a CPU with another gains no time and spends more.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from dealerassist.engine import BringInPosted, CardsDrawn
from dealerassist.errors import DealerAssistError
from dealerassist.journal.phh import ReplayResult, format_amount, load_phh, replay
from dealerassist.rules.model import HouseRules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist replay`."""
    parser.add_argument("files", nargs="+", metavar="FILE.phh", help="hand history files")
    parser.add_argument("--rules", dest="replay_rules", metavar="FILE",
                        help="house rules to judge the actions by (default: the PHH profile)")
    parser.add_argument("--json", action="store_true", help="print JSON Lines")
    parser.add_argument("--trace", action="store_true",
                        help="also list the limits at every betting decision")
    parser.add_argument("--jobs", type=_job_count, metavar="N",
                        help="processes replaying the files (default: one per idle CPU "
                        f"when there are more than {_AUTO_JOBS_FILES} files, else 1); the "
                        "output is the same")


_AUTO_JOBS_FILES = 200
_FILES_PER_JOB = 100


def _job_count(text: str) -> int:
    """``--jobs``: a whole number of processes, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--jobs needs a whole number of processes, at "
                                         f"least 1, not {text!r}")
    return int(text)


def job_count(requested: int | None, files: int) -> int:
    """Return how many processes replay ``files`` files (see the module docstring)."""
    if not hasattr(os, "fork"):
        return 1
    if requested is None:
        if files <= _AUTO_JOBS_FILES:
            return 1
        requested = min(_idle_cpus(), files // _FILES_PER_JOB)
    return max(1, min(requested, files))


def _idle_cpus() -> int:
    """Return the CPUs this process may run on less those busy now (`_busy_cpus`), rounded."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else (os.cpu_count() or 1)
    return int(cpus - _busy_cpus() + 0.5)


def _busy_cpus() -> float:
    """Return how many other tasks run now: Linux's count of runnable tasks, less this one.

    Elsewhere, the one-minute load average; without either, none. The count of the moment
    rather than the average: a command started just after a long one must not read the
    machine as busy for the minute the average takes to fall.
    """
    try:
        with open("/proc/loadavg", "rb", buffering=0) as file:
            running = int(file.read().split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):  # no /proc here: the load average
        try:
            return os.getloadavg()[0]
        except (AttributeError, OSError):
            return 0.0
    return max(0, running - 1)


def result_record(path: str, result: ReplayResult, *, trace: bool) -> dict[str, Any]:
    """Return the JSON object of one replayed file."""
    scale = result.history.scale

    def amount(value: int) -> int | str:
        return format_amount(value, scale)

    pots = []
    if result.settlement is not None:
        for pot in result.settlement.pots:
            pots.append({
                "amount": amount(pot.amount),
                "eligible": list(pot.eligible),
                "awards": {str(player): amount(chips) for player, chips in pot.awards},
            })
    unknown = result.history.unknown_stacks
    record: dict[str, Any] = {
        "file": path,
        "variant": result.history.variant,
        # A stack the file does not know (``inf``) stays unknown: null. Whole chips
        # (scale 1) are printed as they are (`format_amount`).
        "final_stacks": list(result.final_stacks) if scale == 1 and not unknown
        else [None if i in unknown else amount(v) for i, v in enumerate(result.final_stacks)],
        "pots": pots,
        "rake": amount(result.state.rake),
        # The replay's own rule breaks, then what the irregularity detectors see in the
        # recorded events (IRR-*), without repeating a flag the replay already raised.
        "flags": [{"rule_id": f.rule_id, "message": f.message} for f in result.flags]
        + _review(result),
    }
    if unknown:
        record["unknown_stacks"] = list(unknown)
    if trace:
        record["decisions"] = [
            {
                "actor": d.actor,
                "to_call": amount(d.to_call),
                "min_raise_to": None if d.min_raise_to is None else amount(d.min_raise_to),
                "max_raise_to": None if d.max_raise_to is None else amount(d.max_raise_to),
            }
            for d in result.decisions
        ]
    return record


def _review(result: ReplayResult) -> list[dict[str, str]]:
    """Return the detectors' flags (`review_records`), skipped where they find none.

    Every irregularity the detectors name in a recorded hand comes from an action the
    replay verified (out of turn, a short or capped raise, an overbet) or a card it could
    not deal (a card seen twice, a board turned during the betting, four flop cards: replay
    errors), except two the replay does not judge: a bring-in short of the house's
    (IRR-ST-ALLIN-LOW) and a draw whose counts differ (IRR-DR-FOUL). A hand the replay
    flagged nothing in, with neither, has no review flag (tested over the corpus).
    """
    setup = result.state.setup
    if not result.flags and not _needs_review(result.events, setup.bring_in):
        return []
    from dealerassist.irregular.review import review_records  # only when needed

    return review_records(setup, result.events,
                          already=[(f.rule_id, f.message) for f in result.flags])


_REVIEWED = frozenset((BringInPosted, CardsDrawn))


def _needs_review(events: tuple[object, ...], bring_in: int) -> bool:
    """Whether the events hold a short bring-in or a draw whose counts differ."""
    if _REVIEWED.isdisjoint(map(type, events)):  # no bring-in, no draw: most hands
        return False
    for event in events:
        kind = type(event)
        if kind is BringInPosted:
            if event.amount < bring_in:  # type: ignore[attr-defined]
                return True
        elif kind is CardsDrawn and len(event.discarded) != len(  # type: ignore[attr-defined]
                event.received):  # type: ignore[attr-defined]
            return True
    return False


def _rules(args: argparse.Namespace) -> HouseRules | None:
    path = getattr(args, "replay_rules", None) or getattr(args, "rules", None)
    if not path:
        return None
    from dealerassist.rules import load_rules

    return load_rules(path)


def run(args: argparse.Namespace) -> int:
    """Replay each file and print one line per file; exit 1 if any file failed."""
    rules = _rules(args)
    files = list(args.files)
    out = sys.stdout
    jobs = job_count(getattr(args, "jobs", None), len(files))
    if jobs > 1:
        status = _run_forked(files, rules, args, jobs, out.write)
    else:
        status = _replay_files(files, rules, args, out.write)
    out.flush()
    return status


def _line_encoder() -> Callable[[Any], str]:
    """Return `json.dumps` with its defaults, for records (trees of dicts, lists, str, int).

    `json.dumps` makes its C encoder anew for each call, which costs as much as encoding
    a replay's line: the encoder is made once here (no check for circular references, which
    a tree has none of). Without the C encoder, `json.dumps` itself.
    """
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - CPython has it
        return json.dumps
    try:  # not a public API: a Python whose encoder takes other arguments gets json.dumps
        encoder = make(None, json.JSONEncoder().default, json.encoder.encode_basestring_ascii,
                       None, ": ", ", ", False, False, True)
    except TypeError:  # pragma: no cover - CPython 3.11 to 3.13 take these
        return json.dumps

    def line(record: Any) -> str:
        return "".join(encoder(record, 0))

    return line


_json_line = _line_encoder()


def _replay_files(files: Sequence[str], rules: HouseRules | None, args: argparse.Namespace,
                  write: Callable[[str], Any]) -> int:
    """Replay ``files`` in order, writing one line each; return 1 if any failed, else 0."""
    status = 0
    for path in files:
        try:
            history = load_phh(path)
            result = replay(history, rules=rules, trace=args.trace)
            record = result_record(path, result, trace=args.trace)
        except DealerAssistError as error:
            status = 1
            detail = getattr(error, "detail", None) or str(error)
            record = {"file": path, "error": detail}
        except Exception as error:  # noqa: BLE001 - one bad file must not stop the others
            status = 1
            record = {"file": path, "error": f"internal error: {type(error).__name__}: {error}"}
        if args.json:
            write(_json_line(record) + "\n")
        elif "error" in record:
            write(f"{path}: error: {record['error']}\n")
        else:
            flags = "; ".join(f"{f['rule_id']}: {f['message']}" for f in record["flags"])
            write(f"{path}: {record['variant']} final stacks {record['final_stacks']}"
                  f" rake {record['rake']}{' flags: ' + flags if flags else ''}\n")
    return status


# Text crosses the pipe as UTF-8 with surrogates passed through: any str (a file name
# argv could not decode included) comes back the same.
_PIPE_CODEC = ("utf-8", "surrogatepass")


def _run_forked(files: list[str], rules: HouseRules | None, args: argparse.Namespace,
                jobs: int, write: Callable[[str], Any]) -> int:
    """`_replay_files` over ``jobs`` contiguous shares, the first here, the others forked.

    Each child replays its share, keeps its lines and sends them through a pipe when done
    (so it never waits on a full pipe while replaying); this process writes its own share,
    then each child's lines in order. A child that does not end normally (killed, no
    memory) has its share replayed here: the output is always complete and in order.
    """
    size, extra = divmod(len(files), jobs)
    shares, start = [], 0
    for k in range(jobs):
        end = start + size + (1 if k < extra else 0)
        shares.append(files[start:end])
        start = end
    # What every share needs, loaded once here and shared by the children: the high-hand
    # evaluator and its tables (nearly every file has a showdown or a stud opener).
    # Objects frozen at the fork are left out of the children's garbage collections, so
    # their pages stay shared rather than copied (this process unfreezes them after).
    import gc

    from dealerassist.evaluation import high  # noqa: F401

    gc.freeze()
    sys.stdout.flush()
    sys.stderr.flush()
    children: list[tuple[int, int, list[str]]] = []
    for share in shares[1:]:
        reading, writing = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: replay the share, send the lines, leave at once
            code = 3
            try:
                os.close(reading)
                lines: list[str] = []
                code = _replay_files(share, rules, args, lines.append)
                with os.fdopen(writing, "wb") as pipe:
                    pipe.write("".join(lines).encode(*_PIPE_CODEC))
            except BaseException:  # noqa: BLE001 - the parent replays the share itself
                code = 3
            finally:
                os._exit(code)
        os.close(writing)
        children.append((pid, reading, share))
    gc.unfreeze()
    status = _replay_files(shares[0], rules, args, write)
    for pid, reading, share in children:
        with os.fdopen(reading, "rb") as pipe:
            data = pipe.read()
        _, wait_status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(wait_status)
        if code in (0, 1):
            write(data.decode(*_PIPE_CODEC))
            status |= code
        else:
            status |= _replay_files(share, rules, args, write)
    return status

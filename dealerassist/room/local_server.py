"""`LocalServer`: a throwaway PostgreSQL server in a temporary folder (tests and bench).

``initdb`` then ``pg_ctl`` in a fresh folder, listening on 127.0.0.1 only on a free port,
with password (scram-sha-256) authentication for TCP. PostgreSQL refuses to run as root,
so under root every server command runs as the ``postgres`` system user through
``runuser`` (the folder is handed to that user first). `find_binaries` returns None where
no server binaries are installed: callers skip with that reason. Nothing here imports
psycopg; the server is driven only through its own programs.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from dealerassist.errors import DealerAssistError

__all__ = ["LocalServer", "find_binaries", "free_port"]

ADMIN = "dealerassist_admin"
"""The superuser of a throwaway server (its owner, who runs ``room init``)."""


def find_binaries() -> Path | None:
    """Return the folder holding ``initdb`` and ``pg_ctl``, or None where none is installed."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    candidates += glob.glob("/usr/local/pgsql/bin/initdb") + glob.glob("/opt/homebrew/bin/initdb")
    for initdb in reversed(candidates):
        folder = Path(initdb).parent
        if (folder / "pg_ctl").exists():
            return folder
    return None


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LocalServer:
    """One throwaway server: `start`, `kill` (SIGKILL, as a crash), `start` again, `destroy`.

    Attributes:
        folder: The temporary folder (data directory, log, socket).
        port: The TCP port on 127.0.0.1.
        password: The superuser's password (random per server).

    """

    folder: Path
    port: int
    password: str
    binaries: Path
    run_as: str | None

    @classmethod
    def create(cls, binaries: Path | None = None) -> LocalServer:
        """Run ``initdb`` in a new temporary folder (the server is not started yet)."""
        found = binaries or find_binaries()
        if found is None:
            raise DealerAssistError("no PostgreSQL server binaries (initdb, pg_ctl) found")
        run_as = None
        folder = Path(tempfile.mkdtemp(prefix="dealerassist-pg-"))
        if os.geteuid() == 0:
            run_as = _unprivileged_user()
            entry = pwd.getpwnam(run_as)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        server = cls(folder=folder, port=free_port(), password=secrets.token_hex(16),
                     binaries=found, run_as=run_as)
        pwfile = folder / "pw"
        pwfile.write_text(server.password + "\n", encoding="utf-8")
        if run_as is not None:
            entry = pwd.getpwnam(run_as)
            os.chown(pwfile, entry.pw_uid, entry.pw_gid)
        server._run(
            "initdb", "-D", str(server.data), "-U", ADMIN, "--pwfile", str(pwfile),
            "-A", "scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-instructions",
            "--locale=C", "--no-sync",
        )
        pwfile.unlink()
        return server

    @property
    def data(self) -> Path:
        """The data directory."""
        return self.folder / "data"

    def dsn(self, user: str = ADMIN, password: str | None = None, dbname: str = "postgres") -> str:
        """Return a libpq connection string for ``user`` (the superuser by default)."""
        secret = self.password if password is None else password
        return (f"host=127.0.0.1 port={self.port} dbname={dbname} user={user} "
                f"password={secret} connect_timeout=3")

    def start(self) -> None:
        """Start the server and wait until it accepts connections (recovers after a kill)."""
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 "
                   f"-c unix_socket_directories={self.folder} -c fsync=off "
                   "-c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"),
                  "-o", options, "-w", "-t", "60", "start")

    def kill(self) -> None:
        """Kill the server's main process with SIGKILL (a crash), and wait for it to go."""
        pid = self.postmaster_pid()
        if pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.02)
        # Its children notice the postmaster's death and exit; then the lock files it left
        # are removed (a killed postmaster may stay a zombie where nothing reaps it, which
        # would make the next start believe it still runs).
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _children(pid):
            time.sleep(0.02)
        for lock in (self.data / "postmaster.pid",
                     *self.folder.glob(".s.PGSQL.*.lock")):
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()

    def stop(self) -> None:
        """Stop the server (fast shutdown); no error when it is not running."""
        if self.postmaster_pid() is None:
            return
        with contextlib.suppress(DealerAssistError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def destroy(self) -> None:
        """Stop the server and remove its folder."""
        self.stop()
        if self.postmaster_pid() is not None:
            self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def postmaster_pid(self) -> int | None:
        """Return the running server's process id, or None."""
        try:
            first = (self.data / "postmaster.pid").read_text(encoding="utf-8").splitlines()[0]
        except (FileNotFoundError, IndexError):
            return None
        pid = int(first)
        return pid if _alive(pid) else None

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.binaries / program), *arguments]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              cwd=self.folder, timeout=120)
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip().splitlines()
            raise DealerAssistError(
                f"{program} failed ({done.returncode}): {detail[-1] if detail else 'no output'}"
            )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child is dead for our purpose.
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
        if stat.rsplit(")", 1)[-1].split()[0] == "Z":
            return False
    return True


def _children(pid: int) -> bool:
    """Tell whether any live process has ``pid`` as its parent."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (entry / "stat").read_text(encoding="utf-8").rsplit(")", 1)[-1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                return True
    return False


def _unprivileged_user() -> str:
    """Return the system user the server runs as under root (``postgres``, else created)."""
    for name in ("postgres", "dealerassist-pg"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(["useradd", "--system", "--no-create-home", "dealerassist-pg"],
                   check=False, capture_output=True)
    try:
        pwd.getpwnam("dealerassist-pg")
    except KeyError as error:
        raise DealerAssistError(
            "running as root and no unprivileged user (postgres) to run the server as"
        ) from error
    return "dealerassist-pg"

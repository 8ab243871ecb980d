"""`harbor run ... --plugin fak_harbor.plugin:FakPlugin`: each finished trial goes to `fak ingest`.

The plugin holds no logic of its own: it spawns the TypeScript CLI (`fak ingest harbor TRIAL_DIR
--json`, plus `--record --db DB` when FAK_RECORD_DB is set) and appends its JSON Lines to FAK_HARBOR_OUT (or
writes them to standard error). The CLI stays the only implementation.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import sys
from pathlib import Path
from typing import Any


class FakPlugin:
    def __init__(self, **kwargs: Any) -> None:
        self.fak = shlex.split(str(kwargs.get("fak") or os.environ.get("FAK_BIN", "fak")))
        self.record = kwargs.get("record") or os.environ.get("FAK_RECORD_DB")
        out = kwargs.get("out") or os.environ.get("FAK_HARBOR_OUT")
        self.out = Path(out) if out else None
        self.failures: list[str] = []

    def command(self, trial_dir: Path) -> list[str]:
        cmd = [*self.fak, "ingest", "harbor", str(trial_dir), "--json"]
        if self.record:
            cmd += ["--record", "--db", str(self.record)]
        return cmd

    async def on_job_start(self, job: Any) -> None:
        job.on_trial_ended(self.on_trial_ended)

    async def on_trial_ended(self, event: Any) -> None:
        trial_dir = Path(event.config.trials_dir) / event.config.trial_name
        proc = await asyncio.create_subprocess_exec(
            *self.command(trial_dir),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        stdout, stderr = await proc.communicate()
        if proc.returncode != 0:
            # A failed hand-off never fails the Harbor job; it is kept and reported.
            self.failures.append(f"{trial_dir}: fak exited {proc.returncode}: {stderr.decode(errors='replace').strip()}")
            print(self.failures[-1], file=sys.stderr)
            return
        if self.out:
            with self.out.open("ab") as f:
                f.write(stdout)
        else:
            sys.stderr.buffer.write(stdout)

    async def on_job_end(self, job_result: Any) -> None:
        if self.failures:
            print(f"fak: {len(self.failures)} trial(s) not handed to fak", file=sys.stderr)

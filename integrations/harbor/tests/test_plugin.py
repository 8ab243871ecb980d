"""Run: HARBOR_SRC=../shared/vendor/harbor-0.22.0/src python3 -m unittest (from integrations/harbor)."""

import asyncio
import importlib.util
import os
import sys
import tempfile
import unittest
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# harbor/__init__.py needs an installed distribution; load the protocol's module by its path.
_spec = importlib.util.spec_from_file_location(
    "harbor_job_plugin", Path(os.environ["HARBOR_SRC"]) / "harbor/models/job/plugin.py"
)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
JobPlugin = _module.JobPlugin

from fak_harbor import FakPlugin  # noqa: E402


class FakeJob:
    def __init__(self) -> None:
        self.hooks = []

    def on_trial_ended(self, callback):
        self.hooks.append(callback)
        return self


class PluginTest(unittest.TestCase):
    def test_is_a_harbor_job_plugin(self) -> None:
        self.assertIsInstance(FakPlugin(), JobPlugin)

    def test_hands_each_finished_trial_to_fak(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            fake_fak = Path(tmp) / "fak"
            fake_fak.write_text('#!/bin/sh\nprintf \'{"args":"%s"}\\n\' "$*"\n')
            fake_fak.chmod(0o755)
            out = Path(tmp) / "out.jsonl"
            plugin = FakPlugin(fak=str(fake_fak), out=str(out), record="mem.db")
            job = FakeJob()
            asyncio.run(plugin.on_job_start(job))
            self.assertEqual(len(job.hooks), 1)
            for name in ["a__1", "b__2"]:
                event = SimpleNamespace(config=SimpleNamespace(trials_dir=Path(tmp), trial_name=name))
                asyncio.run(job.hooks[0](event))
            lines = out.read_text().splitlines()
            self.assertEqual(
                lines,
                [
                    f'{{"args":"ingest {tmp}/a__1 --json --record mem.db"}}',
                    f'{{"args":"ingest {tmp}/b__2 --json --record mem.db"}}',
                ],
            )
            self.assertEqual(plugin.failures, [])

    def test_a_failing_fak_never_fails_the_job(self) -> None:
        plugin = FakPlugin(fak="false")
        event = SimpleNamespace(config=SimpleNamespace(trials_dir=Path("/tmp"), trial_name="x"))
        asyncio.run(plugin.on_trial_ended(event))
        self.assertEqual(len(plugin.failures), 1)


if __name__ == "__main__":
    unittest.main()

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
                    f'{{"args":"ingest harbor {tmp}/a__1 --json --record --db mem.db"}}',
                    f'{{"args":"ingest harbor {tmp}/b__2 --json --record --db mem.db"}}',
                ],
            )
            self.assertEqual(plugin.failures, [])

    @unittest.skipUnless(os.environ.get("FAK_CLI") and os.environ.get("FAK_TRIAL"), "needs the built CLI and a real trial")
    def test_the_real_cli_reads_the_trial_it_is_handed(self) -> None:
        # FAK_CLI: the built apps/cli/dist/main.js; FAK_TRIAL: a real Harbor trial folder.
        trial = Path(os.environ["FAK_TRIAL"])
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.jsonl"
            db = f"file:{tmp}/mem.db"
            plugin = FakPlugin(fak=f"node {os.environ['FAK_CLI']}", out=str(out), record=db)
            event = SimpleNamespace(config=SimpleNamespace(trials_dir=trial.parent, trial_name=trial.name))
            asyncio.run(plugin.on_trial_ended(event))
            self.assertEqual(plugin.failures, [])
            import json

            doc = json.loads(out.read_text())
            self.assertEqual(doc["counts"]["listed"], 1)
            self.assertEqual(len(doc["trials"]), 1)

    def test_a_failing_fak_never_fails_the_job(self) -> None:
        plugin = FakPlugin(fak="false")
        event = SimpleNamespace(config=SimpleNamespace(trials_dir=Path("/tmp"), trial_name="x"))
        asyncio.run(plugin.on_trial_ended(event))
        self.assertEqual(len(plugin.failures), 1)


if __name__ == "__main__":
    unittest.main()

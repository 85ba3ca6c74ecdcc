"""Two machines, as near as one machine gets: the host and the joiner in two network namespaces
joined by a virtual cable (veth), each seeing only its own address. Needs root and ``ip netns``;
skipped where they are missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from semper_fidelis.engine import read_record

from .test_commands import joiner_secret, read_until


def ip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)


@pytest.fixture
def two_machines():
    if shutil.which("ip") is None or os.geteuid() != 0:
        pytest.skip("needs root and iproute2 (ip netns)")
    tag = f"{os.getpid() % 100000}"
    a, b = f"sfhost{tag}", f"sfjoin{tag}"
    if ip("netns", "add", a).returncode != 0:
        pytest.skip("network namespaces are not available here")
    try:
        steps = [("netns", "add", b), ("link", "add", f"sfa{tag}", "type", "veth", "peer", "name", f"sfb{tag}"),
                 ("link", "set", f"sfa{tag}", "netns", a), ("link", "set", f"sfb{tag}", "netns", b),
                 ("-n", a, "addr", "add", "10.77.0.1/24", "dev", f"sfa{tag}"), ("-n", b, "addr", "add", "10.77.0.2/24", "dev", f"sfb{tag}"),
                 ("-n", a, "link", "set", f"sfa{tag}", "up"), ("-n", b, "link", "set", f"sfb{tag}", "up"),
                 ("-n", a, "link", "set", "lo", "up"), ("-n", b, "link", "set", "lo", "up")]
        for step in steps:
            done = ip(*step)
            assert done.returncode == 0, f"ip {' '.join(step)}: {done.stderr}"
        yield a, b
    finally:
        ip("netns", "del", a)
        ip("netns", "del", b)


def in_namespace(namespace: str, *args: str, secret: str = "", **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.getcwd(), "SEMPER_FIDELIS_SECRET": secret}
    return subprocess.Popen(["ip", "netns", "exec", namespace, sys.executable, "-m", "semper_fidelis", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, **kwargs)


def test_a_hosted_game_between_two_network_namespaces(two_machines, tmp_path):
    host_ns, join_ns = two_machines
    record = tmp_path / "final.json"
    host = in_namespace(host_ns, "host", "--scenario", "1", "--seed", "8", "--pl", "general", "--zurl", "remote", "--bind", "10.77.0.1",
                        "--port", "8765", "--autosave", str(tmp_path / "hosted.json"), "--record", str(record))
    seen: list[str] = []
    try:
        line = read_until(host, "ZURL joins with:", seen)
        assert "semper-fidelis join 10.77.0.1:8765 --side ZURL" in line
        joiner = in_namespace(join_ns, "join", "10.77.0.1:8765", "--side", "ZURL", "--bot", "general", "--seed", "2", secret=joiner_secret(line))
        out, _ = joiner.communicate(timeout=600)
        assert joiner.returncode == 0, out
        host_out, _ = host.communicate(timeout=300)
        assert host.returncode == 0, host_out
    finally:
        host.kill()
    assert "ZURL joined from 10.77.0.2" in host_out
    assert read_record(record).over

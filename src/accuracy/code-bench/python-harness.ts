/**
 * @module accuracy/code-bench/python-harness — the Python script that runs one program against its tests.
 *
 * Started as `python3 -I -c HARNESS` (isolated mode: no PYTHON* variables, no user site, nothing
 * from the cwd on sys.path). It reads one JSON request from stdin —
 * `{code, tests, func_name, timeout_s, memory_bytes, file_bytes}` — then:
 * - sets RLIMIT_AS (memory), RLIMIT_FSIZE (largest file) and RLIMIT_CORE = 0 for itself and children;
 * - makes `socket.socket` refuse to construct (a speed bump for when no network namespace is
 *   available; `_socket` still gets through);
 * - for each test: points fd 0 at the test input and fd 1 at a fresh unnamed temp file (so
 *   `input()`, `sys.stdin.buffer`, `open(0)` and `os.write(1, …)` all work), runs the program
 *   under a SIGALRM timer — waiting for threads it started, the usual trick for a bigger stack —
 *   and compares:
 *   - stdin tests: stdout and the expected output line by line, trailing whitespace stripped from
 *     each line and trailing blank lines dropped;
 *   - functional tests: `Solution().<func_name>(*args)` with one JSON value per input line; the
 *     result, round-tripped through JSON (tuples become lists), must equal the expected JSON;
 * - stops at the first failing test.
 * Each program starts from fresh globals with common imports (typing, collections, heapq, bisect,
 * itertools, functools, math, …) as LiveCodeBench's harness provides; `math` is not star-imported
 * because `math.pow` would shadow the three-argument builtin `pow`.
 * It reports JSON lines on a private copy of the original stdout: `{"event": "start", "test": i}`
 * before each test (the parent's watchdog restarts on it) and one final
 * `{"event": "done", "passed", "reason", "test", "detail"}`.
 */

export const PYTHON_HARNESS = String.raw`
import json, os, resource, signal, sys, tempfile

class _Timeout(BaseException):
    pass

def _on_alarm(signum, frame):
    raise _Timeout()

def _limit(kind, value):
    try:
        soft, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(kind, (value, value))
    except (ValueError, OSError):
        pass

def _block_network():
    # A subclass, not a function: modules such as ssl subclass socket.socket when imported.
    import socket
    class NoSocket(socket.socket):
        def __init__(self, *args, **kwargs):
            raise OSError("network access is disabled during code evaluation")
    socket.socket = NoSocket

def _lines(text):
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines

PREAMBLE = """
from typing import *
from collections import *
from heapq import *
from bisect import *
from itertools import *
from functools import *
import collections, heapq, bisect, itertools, functools, math, string, re, random, copy, operator, sys, os
"""

def _join_threads():
    # "threading.Thread(target=main).start()" (for a bigger stack) is common: wait for it.
    import threading
    for thread in threading.enumerate():
        if thread is not threading.main_thread():
            thread.join()

def _redirect(text):
    stdin_file = tempfile.TemporaryFile()
    stdin_file.write(text.encode("utf-8"))
    stdin_file.seek(0)
    stdout_file = tempfile.TemporaryFile()
    sys.stdout.flush()
    os.dup2(stdin_file.fileno(), 0)
    os.dup2(stdout_file.fileno(), 1)
    sys.stdin = open(0, "r", encoding="utf-8", errors="replace", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    return stdin_file, stdout_file

def _captured(stdout_file):
    try:
        sys.stdout.flush()
    except Exception:
        pass
    stdout_file.seek(0)
    return stdout_file.read().decode("utf-8", errors="replace")

def _run(compiled, base, test, func_name, timeout_s):
    """(passed, reason, detail) for one test."""
    stdin_file, stdout_file = _redirect(test["input"] if test["testtype"] == "stdin" else "")
    functional = test["testtype"] == "functional"
    scope = dict(base)
    scope["__name__"] = "__solution__" if functional else "__main__"
    result = None
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout_s)
            exec(compiled, scope)
            _join_threads()
            if functional:
                cls = scope.get("Solution")
                if cls is None:
                    return False, "runtime_error", "no class Solution"
                args = [json.loads(line) for line in test["input"].split("\n") if line.strip() != ""]
                result = getattr(cls(), func_name)(*args)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Timeout:
        return False, "timeout", None
    except MemoryError:
        return False, "memory", None
    except SystemExit as stop:
        if stop.code not in (None, 0):
            return False, "runtime_error", "exit status %r" % (stop.code,)
    except BaseException as error:
        return False, "runtime_error", ("%s: %s" % (type(error).__name__, error))[:500]
    if functional:
        try:
            got = json.loads(json.dumps(result))
            ok = got == json.loads(test["output"])
        except (TypeError, ValueError) as error:
            return False, "wrong_answer", str(error)[:500]
        return (True, None, None) if ok else (False, "wrong_answer", None)
    ok = _lines(_captured(stdout_file)) == _lines(test["output"])
    return (True, None, None) if ok else (False, "wrong_answer", None)

def main():
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    report = os.fdopen(os.dup(1), "w", encoding="utf-8")
    def emit(**fields):
        report.write(json.dumps(fields) + "\n")
        report.flush()
    _limit(resource.RLIMIT_AS, request["memory_bytes"])
    _limit(resource.RLIMIT_FSIZE, request["file_bytes"])
    _limit(resource.RLIMIT_CORE, 0)
    _block_network()
    signal.signal(signal.SIGALRM, _on_alarm)
    try:
        compiled = compile(request["code"], "<solution>", "exec")
    except BaseException as error:
        emit(event="done", passed=False, reason="compile_error", test=None, detail=repr(error)[:500])
        return
    base = {"__builtins__": __builtins__}
    exec(PREAMBLE, base)
    for index, test in enumerate(request["tests"]):
        emit(event="start", test=index)
        passed, reason, detail = _run(compiled, base, test, request["func_name"], request["timeout_s"])
        if not passed:
            emit(event="done", passed=False, reason=reason, test=index, detail=detail)
            return
    emit(event="done", passed=True, reason=None, test=None, detail=None)

main()
`;

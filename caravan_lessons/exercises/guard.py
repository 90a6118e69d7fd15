"""While nbgrader autogrades a notebook, the grading kernel cannot open the files that hold answers.

A student's code runs in the kernel that grades it. The answers and the hidden tests are in files the
teacher's account can read: the source notebooks (``source/`` of the course, ``exercises/`` of a clone),
the gradebook (``gradebook.db``: nbgrader keeps every graded and solution cell there), the autograded
copy of the very notebook being run (its graded cells restored with their hidden tests), and the other
students' work. When nbgrader runs a notebook it sets ``NBGRADER_EXECUTION=autograde``; the first import
of ``caravan_lessons.exercises`` then

* remembers that this kernel grades (:func:`grading_run` stays True even if the student's code removes
  the variable later, so ``solution()`` keeps refusing), and
* adds a Python audit hook (PEP 578; it cannot be removed) that refuses, with a ``PermissionError``:
  opening any notebook (``*.ipynb``) or database (``*.db``, ``*.sqlite``), anything in the course's
  ``source``, ``release``, ``submitted``, ``autograded`` (but the folder being graded) and ``feedback``
  folders or in a clone's ``exercises/``, removing or renaming such files, connecting to a database,
  starting a program (``subprocess``, ``os.system``, ``os.exec*``, ``os.posix_spawn``) and loading a
  C library with ``ctypes``.

This is a tripwire, not a sandbox: native code (a compiled extension the student installs, or memory
tricks) can get past an audit hook. The sandbox is the grading recipe of ``docs/teaching.md``: grade as a
separate user, or in a container, that holds no source notebooks. Nothing here runs outside an autograde
run: a student's own kernel, the lessons and the tests are untouched.
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

__all__ = ["GRADING_VARIABLE", "grading_run", "install", "installed"]

GRADING_VARIABLE = "NBGRADER_EXECUTION"
_LATCHED = False
_INSTALLED = False
_ROOTS: tuple[str, ...] = ()
"""Folders (real paths, ending in os.sep) the grading kernel may not touch."""
_ALLOWED: tuple[str, ...] = ()
"""Folders inside those that stay open (the folder of the notebook being graded)."""
_SUFFIXES = (".ipynb", ".db", ".sqlite", ".sqlite3")
_PATH_EVENTS = frozenset({"open", "os.remove", "os.rename", "os.rmdir", "os.truncate", "os.chmod", "os.chown",
                          "os.link", "os.symlink", "os.utime", "os.mkdir", "shutil.rmtree", "shutil.move",
                          "shutil.copytree", "os.listdir", "os.scandir", "glob.glob"})
_REFUSED_EVENTS = frozenset({"subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                             "os.startfile", "pty.spawn", "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle",
                             "os.forkpty"})
_local = threading.local()


def grading_run() -> bool:
    """True when nbgrader runs the notebook (validate or autograde), or ran it when the exercises were
    imported in this process (a removed ``NBGRADER_EXECUTION`` does not turn grading off)."""
    return _LATCHED or os.environ.get(GRADING_VARIABLE, "") in ("validate", "autograde")


def installed() -> bool:
    """True once the audit hook of an autograde run is in place in this process."""
    return _INSTALLED


def _course_root(here: Path) -> Path | None:
    for folder in (here, *here.parents):
        if (folder / "gradebook.db").exists() or (folder / "nbgrader_config.py").exists():
            return folder
    return None


def _real(path) -> str | None:
    if isinstance(path, int) or path is None:
        return None
    try:
        return os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None


def _blocked(path) -> bool:
    real = _real(path)
    if real is None:
        return False
    if real.lower().endswith(_SUFFIXES):
        return True
    inside = real + os.sep
    if any(inside.startswith(root) for root in _ROOTS):
        return not any(inside.startswith(open_) for open_ in _ALLOWED)
    return False


def _hook(event: str, args: tuple) -> None:
    if event in _REFUSED_EVENTS:
        raise PermissionError(f"caravan_lessons: {event} is not allowed while nbgrader grades (the grading kernel "
                              "starts no program and loads no C library)")
    if event == "sqlite3.connect":
        raise PermissionError("caravan_lessons: no database may be opened while nbgrader grades")
    if event not in _PATH_EVENTS or getattr(_local, "busy", False):
        return
    _local.busy = True
    try:
        paths = args[:2] if event in ("os.rename", "os.link", "os.symlink", "shutil.move", "shutil.copytree") \
            else args[:1]
        for path in paths:
            if _blocked(path):
                if event in ("os.listdir", "os.scandir", "glob.glob"):
                    raise PermissionError("caravan_lessons: the course's folders may not be listed while "
                                          "nbgrader grades")
                raise PermissionError(f"caravan_lessons: {os.fsdecode(path)!s:.120} may not be opened or changed "
                                      "while nbgrader grades (answers and hidden tests stay with the teacher)")
    finally:
        _local.busy = False


def install() -> None:
    """Latch the grading state and add the audit hook, if nbgrader autogrades this kernel (else nothing)."""
    global _LATCHED, _INSTALLED, _ROOTS, _ALLOWED
    mode = os.environ.get(GRADING_VARIABLE, "")
    if mode in ("validate", "autograde"):
        _LATCHED = True
    if mode != "autograde" or _INSTALLED:
        return
    import ctypes  # noqa: F401  (loaded now: numpy and pandas import it, and later loads are refused)

    here = Path.cwd().resolve()
    roots, allowed = [], [str(here) + os.sep]
    course = _course_root(here)
    if course is not None:
        roots += [str(course / name) + os.sep for name in ("source", "release", "submitted", "autograded",
                                                           "feedback")]
        roots.append(str(course) + os.sep + "gradebook")  # gradebook.db and its journal files
    clone = Path(__file__).resolve().parents[2] / "exercises"
    if clone.is_dir():
        roots.append(str(clone) + os.sep)
    _ROOTS, _ALLOWED = tuple(roots), tuple(allowed)
    sys.addaudithook(_hook)
    _INSTALLED = True

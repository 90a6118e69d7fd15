"""A bot question asks for the learner's own bot: finding the project's bot code inside an answer.

"The project's bot code" of a game is every function and method of its bots module
(``caravan_lessons.<game>.agents``: the bots, their scores and evaluations, their rollout policies),
of the shared search (``caravan_lessons.mcts``) and the bot classes of ``caravan_lessons.agents``
(``RandomAgent``), minus the helpers a question allows (Marco Polo's ``determinize``, which its hints
suggest). A bot delegates when its decision comes from that code, however it is written: it inherits a
project bot, wraps or holds one, calls a project bot's ``choose`` (or its scoring), is a project bot's
bound ``choose`` handed in as a plain function, or imports any of them under another name.

Two checks, both used by :class:`~caravan_lessons.exercises.framework.AgentQuestion`:

* :func:`borrowed` looks before any game: it walks the answer (its classes and their bases, the
  functions and the global names and attributes their code loads, closures, defaults, class and
  instance attributes, containers) for a project bot class, instance or function, or a bot factory
  (``make_agent``, ``AGENTS``). It catches what is written, even in a branch that rarely runs.
* :class:`Tripwire` catches what runs: while the series is played (in the forked copy of the kernel
  that runs the check), every function of the project's bot code is made to report a call that
  happens during one of the learner's moves. It sees through ``getattr`` with computed names,
  ``importlib`` and bound methods saved before the check began. The opponent's moves (a project bot)
  are not the learner's moves and run untouched.

Copying a bot's source text into the answer cell is neither: that is for the teacher to read.
"""
from __future__ import annotations

import dis
import importlib
import inspect
import sys
import types
from collections.abc import Iterable
from typing import Any

__all__ = ["BotCode", "Delegated", "Tripwire", "borrowed", "bot_code"]

_CORE = ("caravan_lessons.agents", "caravan_lessons.mcts")


class Delegated(BaseException):
    """The learner's move called the project's bot code (``what`` names it).

    A ``BaseException``, so that ``except Exception`` in the learner's code does not swallow it; a
    ``Tripwire`` also remembers the call, in case an ``except BaseException`` does.
    """

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


class BotCode:
    """The project's bot code of one game: ``functions`` (id -> (function, qualified name)), the bot
    ``classes`` (class -> qualified name) and the ``factories`` (``make_agent``, the ``AGENTS`` tables)."""

    def __init__(self):
        self.functions: dict[int, tuple[types.FunctionType, str]] = {}
        self.classes: dict[type, str] = {}
        self.factories: dict[int, tuple[Any, str]] = {}

    def name_of(self, value: Any) -> str | None:
        """What ``value`` is, if it is project bot code: 'the class jaipur.agents.HeuristicAgent', ..."""
        found = self.functions.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        factory = self.factories.get(id(value))
        if factory is not None and factory[0] is value:
            return factory[1]
        if isinstance(value, type):
            return f"the class {self.classes[value]}" if value in self.classes else None
        if isinstance(value, types.MethodType):
            return self.name_of(value.__func__) or self.name_of(value.__self__)
        kind = type(value)
        if kind in self.classes:
            return f"an instance of {self.classes[kind]}"
        return None


def _short_module(name: str) -> str:
    return name.removeprefix("caravan_lessons.")


def _is_bot_class(cls: type) -> bool:
    return callable(vars(cls).get("choose")) and not getattr(cls, "_is_protocol", False)


def _functions_of_class(cls: type) -> Iterable[tuple[types.FunctionType, str]]:
    for attr, value in vars(cls).items():
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            for part in (value.fget, value.fset):
                if inspect.isfunction(part):
                    yield part, f"{_short_module(cls.__module__)}.{cls.__qualname__}.{attr}"
            continue
        if inspect.isfunction(value):
            yield value, f"{_short_module(cls.__module__)}.{cls.__qualname__}.{attr}"


def _helpers(module: types.ModuleType, names: set[str]) -> set[str]:
    """``names`` and every function of ``module`` they call, by their global names, at any depth (an allowed
    helper such as ``determinize`` calls helpers of its own, which a learner's move then runs too)."""
    found, todo = set(names), list(names)
    while todo:
        function = vars(module).get(todo.pop())
        if not inspect.isfunction(function):
            continue
        stack = [function.__code__]
        while stack:
            code = stack.pop()
            stack += [c for c in code.co_consts if isinstance(c, types.CodeType)]
            for ins in dis.get_instructions(code):
                name = ins.argval
                if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME") and name not in found \
                        and inspect.isfunction(vars(module).get(name)) \
                        and vars(module)[name].__module__ == module.__name__:
                    found.add(name)
                    todo.append(name)
    return found


def bot_code(game: str, allow: Iterable[str] = ()) -> BotCode:
    """The project's bot code of ``game`` (see the module notes), without the names in ``allow`` and the
    helpers those call."""
    code = BotCode()
    modules = [importlib.import_module(name) for name in _CORE]
    modules.append(importlib.import_module(f"caravan_lessons.{game}.agents"))
    allow = _helpers(modules[-1], set(allow))
    for module in modules:
        everything = module.__name__ not in ("caravan_lessons.agents",)
        for name, value in list(vars(module).items()):
            if name in allow or getattr(value, "__module__", None) != module.__name__:
                continue
            label = f"{_short_module(module.__name__)}.{name}"
            if inspect.isclass(value):
                if getattr(value, "_is_protocol", False):
                    continue
                if _is_bot_class(value) or any(_is_bot_class(k) for k in value.__mro__[1:-1]
                                               if k.__module__.startswith("caravan_lessons.")):
                    code.classes[value] = label
                if everything or value in code.classes:
                    for function, qualified in _functions_of_class(value):
                        code.functions.setdefault(id(function), (function, qualified))
            elif inspect.isfunction(value) and everything:
                code.functions[id(value)] = (value, label)  # its own name before a class's alias of it
    agents = sys.modules["caravan_lessons.agents"]
    for name in ("make_agent", "AGENTS"):
        value = getattr(agents, name, None)
        if value is not None:
            code.factories[id(value)] = (value, f"agents.{name}")
    game_agents = sys.modules[f"caravan_lessons.{game}.agents"]
    for name in ("AGENTS", "BOTS", "make_bot"):
        value = vars(game_agents).get(name)
        if value is not None and name not in allow:
            code.factories[id(value)] = (value, f"{game}.agents.{name}")
    return code


# --- looking before playing ------------------------------------------------------------------------

_MISSING = object()


def _attribute(owner: Any, name: str) -> Any:
    """``owner.name`` for a module or a class, without running any code (no properties, no __getattr__)."""
    if isinstance(owner, types.ModuleType):
        return vars(owner).get(name, _MISSING)
    if isinstance(owner, type):
        try:
            return inspect.getattr_static(owner, name)
        except AttributeError:
            return _MISSING
    return _MISSING


def _loaded(function: types.FunctionType) -> Iterable[Any]:
    """The objects ``function``'s code loads by name: globals, builtins, closure cells, imports, and
    attribute chains on modules and classes (``jaipur.agents.HeuristicAgent``); nested code included."""
    globals_ = function.__globals__
    builtins = globals_.get("__builtins__", {})
    builtins = vars(builtins) if isinstance(builtins, types.ModuleType) else builtins
    cells = {}
    code = function.__code__
    for name, cell in zip(code.co_freevars, function.__closure__ or ()):
        try:
            cells[name] = cell.cell_contents
        except ValueError:
            pass
    yield from cells.values()
    stack = [code]
    while stack:
        code = stack.pop()
        stack += [c for c in code.co_consts if isinstance(c, types.CodeType)]
        current = _MISSING
        module = _MISSING
        for ins in dis.get_instructions(code):
            name = ins.argval
            if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
                current = globals_.get(name, builtins.get(name, _MISSING))
            elif ins.opname in ("LOAD_DEREF", "LOAD_CLASSDEREF"):
                current = cells.get(name, _MISSING)
            elif ins.opname in ("LOAD_ATTR", "LOAD_METHOD") and current is not _MISSING:
                current = _attribute(current, name)
            elif ins.opname == "IMPORT_NAME":
                module = current = sys.modules.get(name, _MISSING)
                continue
            elif ins.opname == "IMPORT_FROM" and module is not _MISSING:
                current = _attribute(module, name)
            else:
                current = _MISSING
                continue
            if current is not _MISSING:
                yield current


def _inside(value: Any) -> Iterable[Any]:
    """What a walk looks into from ``value`` (never the project's own modules or classes: they are
    judged as a whole by :meth:`BotCode.name_of`)."""
    if isinstance(value, types.ModuleType):
        return
    if isinstance(value, type):
        if value.__module__ in ("builtins", "typing", "abc"):
            return
        for cls in value.__mro__:
            if cls.__module__ in ("builtins", "typing", "abc"):
                continue
            yield from list(vars(cls).values())
        return
    if isinstance(value, (staticmethod, classmethod)):
        yield value.__func__
        return
    if isinstance(value, property):
        yield from (part for part in (value.fget, value.fset) if part is not None)
        return
    if isinstance(value, types.MethodType):
        yield value.__func__
        yield value.__self__
        return
    if inspect.isfunction(value):
        if str(value.__module__).startswith("caravan_lessons."):
            return
        yield from _loaded(value)
        yield from value.__defaults__ or ()
        yield from (value.__kwdefaults__ or {}).values()
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        yield from list(value)[:64]
        return
    if isinstance(value, dict):
        yield from list(value.values())[:64]
        return
    partial = getattr(value, "func", None)
    if callable(partial) and hasattr(value, "args") and hasattr(value, "keywords"):
        yield partial
        yield from value.args
        yield from (value.keywords or {}).values()
        return
    kind = type(value)
    if kind.__module__ not in ("builtins",) and not str(kind.__module__).startswith("caravan_lessons."):
        yield kind
        state = getattr(value, "__dict__", None)
        if isinstance(state, dict):
            yield from list(state.values())[:64]


def borrowed(answer: Any, code: BotCode, depth: int = 6) -> str | None:
    """The first piece of project bot code found in ``answer`` (see the module notes), or None."""
    seen: set[int] = set()
    stack = [(answer, depth)]
    while stack:
        value, left = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        try:
            name = code.name_of(value)
        except TypeError:  # an unhashable odd object
            name = None
        if name:
            return name
        if left:
            try:
                stack += [(inner, left - 1) for inner in _inside(value)]
            except Exception:  # an odd object that cannot be looked into: nothing found there
                continue
    return None


# --- catching what runs ----------------------------------------------------------------------------

_TEMPLATE = """
def _outer():
{cells}
    def trampoline(*args, **kwargs):
{touch}
        return __caravan_tripwire__({key!r}, args, kwargs)
    return trampoline
"""


class Tripwire:
    """While active (a ``with`` block), every function of ``code`` reports the calls made during a learner's
    move (between :meth:`begin` and :meth:`end`) by raising :class:`Delegated`; other calls run as usual.

    It swaps each function's ``__code__`` for a small trampoline (so bound methods and aliases made before
    are covered too) and puts everything back on exit.
    """

    def __init__(self, code: BotCode):
        self.code = code
        self.turn = False
        self.used: str | None = None
        self._saved: list = []
        self._originals: dict[str, types.FunctionType] = {}
        self._globals: list[dict] = []

    def _call(self, key: str, args: tuple, kwargs: dict):
        if self.turn:
            self.used = self.used or key
            raise Delegated(key)
        return self._originals[key](*args, **kwargs)

    def __enter__(self) -> Tripwire:
        for function, name in self.code.functions.values():
            original = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                                          function.__defaults__, function.__closure__)
            original.__kwdefaults__ = function.__kwdefaults__
            key = f"{name}#{id(function)}"
            frees = function.__code__.co_freevars
            source = _TEMPLATE.format(cells="\n".join(f"    {n} = None" for n in frees) or "    pass",
                                      touch="\n".join(f"        {n}" for n in frees) or "        pass",
                                      key=key)
            namespace: dict = {}
            exec(compile(source, "<caravan_lessons tripwire>", "exec"), namespace)
            trampoline = namespace["_outer"]()
            if trampoline.__code__.co_freevars != frees:  # an odd closure: leave this one alone
                continue
            globals_ = function.__globals__
            if "__caravan_tripwire__" not in globals_:
                globals_["__caravan_tripwire__"] = self._call
                self._globals.append(globals_)
            self._originals[key] = original
            self._saved.append((function, function.__code__, function.__defaults__, function.__kwdefaults__))
            function.__defaults__ = None
            function.__kwdefaults__ = None
            function.__code__ = trampoline.__code__
        return self

    def __exit__(self, *exc) -> None:
        for function, code, defaults, kwdefaults in reversed(self._saved):
            function.__code__ = code
            function.__defaults__ = defaults
            function.__kwdefaults__ = kwdefaults
        for globals_ in self._globals:
            globals_.pop("__caravan_tripwire__", None)
        self._saved.clear()
        self._globals.clear()

    def begin(self) -> None:
        """A learner's move starts."""
        self.turn = True

    def end(self) -> str | None:
        """A learner's move ended: the project bot code it called, if any (then forgotten)."""
        self.turn = False
        used, self.used = self.used, None
        return used

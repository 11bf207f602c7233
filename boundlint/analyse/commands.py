"""What program a child process runs, read where the code writes the command.

The output of a command the model gives (`subprocess.run(command, shell=True)`) is
surely large; of a program the code names, it is as large as that program makes
it: `cat` and `git log` print what they read, `git push` and `helm lint` a line
of status. Only literal words count: a list's first items, a string or f-string
up to its first `{}`, through what the code binds a name to.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet

import libcst as cst

from boundlint.analyse.branches import opening_text
from boundlint.knowledge import data_sources as src
from boundlint.project.module import dotted

# What the code binds a name to where it says so (a local bound once, a module constant).
SpelledValue = Callable[[cst.Name], "cst.BaseExpression | None"]

MAX_DEPTH = 2


def runs_a_fixed_program(call: cst.Call, runner: str, spelled: SpelledValue) -> bool:
    """`subprocess.run(["git", "push"])`, `check_output("helm lint " + path)`: the command is a
    program the code names, one that prints a status rather than what it reads (`cat`, `git
    log`: `src.prints_content`), not one that runs a script (`bash -c`), nor a command the model
    or a caller gives. `runner` is the qualified name of what `call` calls."""
    if runner == "asyncio.create_subprocess_exec":
        words, whole = _separate_words(call, spelled)  # `create_subprocess_exec("git", "push", ...)`
        return _prints_a_status(words, whole)
    command = command_given(call)
    return command is not None and names_a_status_program(command, spelled)


def command_given(call: cst.Call) -> cst.BaseExpression | None:
    """The command a runner is given (`subprocess.run(cmd, ...)`, `Popen(args=cmd)`), None when
    it is spread (`*cmd`) or not given."""
    given = [arg for arg in call.args if arg.keyword is None or arg.keyword.value in ("args", "cmd")]
    return given[0].value if given and not given[0].star else None


def program_then_rest(call: cst.Call, runner: str) -> tuple[str, str] | None:
    """`create_subprocess_exec(cmd, *args)`, `subprocess.run([cmd, *args])`: the names that give
    the program and the words after it, when the command is those two and nothing else."""
    if runner == "asyncio.create_subprocess_exec":
        items = [(arg.value, arg.star) for arg in call.args if arg.keyword is None]
    else:
        command = command_given(call)
        if not isinstance(command, (cst.List, cst.Tuple)):
            return None
        items = [(item.value, "*" if isinstance(item, cst.StarredElement) else "") for item in command.elements]
    if len(items) != 2:
        return None
    (program, plain), (rest, star) = items
    if isinstance(program, cst.Name) and not plain and isinstance(rest, cst.Name) and star == "*":
        return program.value, rest.value
    return None


def spread_command(call: cst.Call) -> cst.BaseExpression | None:
    """`create_subprocess_exec(*cmd, cwd=d)`: the whole command spread as the program and its
    arguments, one name and nothing else given one by one; None otherwise."""
    positional = [arg for arg in call.args if arg.keyword is None]
    if len(positional) == 1 and positional[0].star == "*":
        return positional[0].value
    return None


def unspelled_program(call: cst.Call, runner: str, spelled: SpelledValue) -> cst.BaseExpression | None:
    """The expression that gives the program `call` runs when the code sets it without spelling it
    (`[settings.terraform_bin, "plan"]`, `f"{shutil.which('helm')} status"`): not a literal word
    (`runs_a_fixed_program` reads those), nor a name that stands for an interpreter
    (`venv_python`, `sys.executable`: what it prints is what its script does, as `python` and
    `bash -c`). None also where the command is not to be read (a parameter, spread words)."""
    if runner == "asyncio.create_subprocess_exec":  # the program and its words one by one
        positional = [arg for arg in call.args if arg.keyword is None]
        command: cst.BaseExpression | None = None
        if positional and not positional[0].star:
            command = cst.List([cst.Element(arg.value) for arg in positional if not arg.star])
    else:
        command = command_given(call) or spread_command(call)
    program = _program_of(command, spelled, 0) if command is not None else None
    if program is None:
        return None
    written = dotted(program.func if isinstance(program, cst.Call) else program) or ""
    if written == "sys.executable" or set(src.name_words(written.rsplit(".", 1)[-1])) & src.INTERPRETER_WORDS:
        return None
    return program


def _program_of(command: cst.BaseExpression, spelled: SpelledValue, depth: int) -> cst.BaseExpression | None:
    """The expression in the program's place of `command`, through what the code binds names to."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(command, cst.Name):
        bound = spelled(command)
        return _program_of(bound, spelled, depth + 1) if bound is not None else None
    if isinstance(command, cst.Call) and dotted(command.func) == "shlex.split" and command.args:
        return _program_of(command.args[0].value, spelled, depth + 1)
    if isinstance(command, (cst.List, cst.Tuple)):
        first = command.elements[0] if command.elements else None
        if first is None or isinstance(first, cst.StarredElement):
            return None
        return _word_of(first.value, spelled, depth)
    if isinstance(command, cst.FormattedString):
        head = command.parts[0] if command.parts else None
        return _word_of(head.expression, spelled, depth) if isinstance(head, cst.FormattedStringExpression) else None
    if isinstance(command, cst.BinaryOperation) and isinstance(command.operator, cst.Add):
        return _program_of(command.left, spelled, depth + 1)
    return None


def _word_of(word: cst.BaseExpression, spelled: SpelledValue, depth: int) -> cst.BaseExpression | None:
    """`word`, in the program's place: None for a literal, or a name bound to one, or a name that
    stands for an interpreter (`venv_python`)."""
    if isinstance(word, (cst.SimpleString, cst.ConcatenatedString)):
        return None
    if isinstance(word, cst.Name):
        if set(src.name_words(word.value)) & src.INTERPRETER_WORDS:
            return None
        bound = spelled(word)
        if bound is not None and depth < MAX_DEPTH:
            return _word_of(bound, spelled, depth + 1)
    return word


def params_after_words(command: cst.BaseExpression, spelled: SpelledValue) -> tuple[tuple[str, ...], str] | None:
    """`["helm", *args]`: the literal words a helper writes, then the name whose items complete
    the command (a parameter, for each caller to give); None for any other command."""
    if isinstance(command, cst.Name):
        bound = spelled(command)
        if bound is None:
            return None
        command = bound
    if not isinstance(command, (cst.List, cst.Tuple)) or not command.elements:
        return None
    opened = _words_then_last(command)
    if opened is None or not opened[0]:
        return None
    words, last = opened
    if not isinstance(last, cst.StarredElement) or not isinstance(last.value, cst.Name):
        return None
    return words, last.value.value


def prints_a_status_after(prefix: tuple[str, ...], given: cst.BaseExpression | None, spelled: SpelledValue) -> bool:
    """Whether the words a call `given` completes the command `prefix` with (a list, or a name
    bound to one, or a text of words: `run_kubectl(f"cordon {node}")`) make a program that prints
    a status: `_helm(*args)` with `args = ["rollback", name]` after `["helm", *args]` does;
    `["log", "-p"]` after `["git", *args]` does not."""
    if given is None:
        return False
    words_given = (cst.Name, cst.List, cst.Tuple, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    found = _command_words(given, spelled, whole_command=True) if isinstance(given, words_given) else None
    if found is None:
        return False
    words, whole = found
    return _prints_a_status([*prefix, *words], whole)


def program_word(given: cst.BaseExpression | None, spelled: SpelledValue) -> str | None:
    """The program a call names for a helper that runs it (`run_command("kubectl", args)`): a
    literal word, or a name bound to one."""
    if isinstance(given, cst.Name):
        given = spelled(given)
    if isinstance(given, cst.SimpleString) and isinstance(given.evaluated_value, str):
        words = given.evaluated_value.split()
        return words[0] if len(words) == 1 else None
    return None


def completed_by(
    given: cst.BaseExpression | None, spelled: SpelledValue, params: AbstractSet[str]
) -> tuple[str, tuple[str, ...]] | None:
    """Where a call gives a command's words through a parameter of the function it is in: that
    parameter and the literal words before it. `["helm", *args]`, `args`, `command.split()`,
    `shlex.split(command)`, `[part for part in command.split(" ") if part]` (also through a
    local bound to one)."""
    if isinstance(given, cst.Name):
        if given.value in params:
            return given.value, ()
        given = spelled(given)
    if given is None:
        return None
    split = _words_of_a_text(given)
    if split is not None:
        return (split, ()) if split in params else None
    opened = _words_then_last(given)
    if opened is not None and isinstance(opened[1], cst.StarredElement):
        # `["kubectl", *command.split()]`: the literal words, then the words of a text
        text = _words_of_a_text(opened[1].value)
        if text is not None and text in params:
            return text, opened[0]
    found = params_after_words(given, spelled)
    return (found[1], found[0]) if found is not None and found[1] in params else None


def _words_then_last(command: cst.BaseExpression) -> tuple[tuple[str, ...], cst.BaseElement] | None:
    """`["helm", "-n", "prod", *args]`: the literal words a list opens with, and its last item;
    None when an item before the last is not a literal word."""
    if not isinstance(command, (cst.List, cst.Tuple)) or not command.elements:
        return None
    *written, last = command.elements
    words = [_literal_word(element) for element in written]
    if None in words:
        return None
    return tuple(word for word in words if word is not None), last


def _literal_word(element: cst.BaseElement) -> str | None:
    if isinstance(element, cst.StarredElement) or not isinstance(element.value, cst.SimpleString):
        return None
    word = element.value.evaluated_value
    return word if isinstance(word, str) else None


def _words_of_a_text(expr: cst.BaseExpression) -> str | None:
    """`command.split()`, `shlex.split(command)`, a comprehension that keeps the parts of one:
    the name of the text split into words."""
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp)) and isinstance(expr.elt, cst.Name):
        target = expr.for_in.target
        if isinstance(target, cst.Name) and target.value == expr.elt.value and expr.for_in.inner_for_in is None:
            expr = expr.for_in.iter
    if not isinstance(expr, cst.Call):
        return None
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value == "split" and isinstance(func.value, cst.Name):
        return func.value.value
    if dotted(func) == "shlex.split" and len(expr.args) == 1 and isinstance(expr.args[0].value, cst.Name):
        return expr.args[0].value.value
    return None


def names_a_status_program(command: cst.BaseExpression, spelled: SpelledValue) -> bool:
    """`["git", "push"]`, `f"helm lint {path}"`: a whole command whose program the code names,
    one that prints a status (see `runs_a_fixed_program`). Also where a helper is given it
    (`self._run(["git", "branch", "--show-current"])`) and runs it."""
    words, whole = _command_words(command, spelled, whole_command=True) or ([], False)
    return _prints_a_status(words, whole)


def _prints_a_status(words: list[str], whole: bool) -> bool:
    if not words:
        return False
    program = words[0].rsplit("/", 1)[-1]
    if src.runs_a_script(program, words[1:]) or program.startswith("python"):
        return False
    if program in src.BRIEF_PROGRAMS:
        return True  # `["nslookup", domain]`: a few lines, whatever the domain
    if not whole and not any(not word.startswith("-") for word in words[1:]):
        return False  # `["osqueryi", "--json", query]`: what it does is the words the code does not write
    # `git log -1 --pretty=%B`: one commit's message, however much a whole log would print
    return not src.prints_content(program, words[1:]) or src.asks_for_few_entries(words[1:])


def _separate_words(call: cst.Call, spelled: SpelledValue) -> tuple[list[str], bool]:
    """The program and its first arguments given one by one, as far as each is literal; and
    whether all of them are."""
    words: list[str] = []
    positional = [arg for arg in call.args if arg.keyword is None]
    for arg in positional:
        found = _command_words(arg.value, spelled, whole_command=False) if not arg.star else None
        if found is None or not found[1]:
            return words, False
        words += found[0]
    return words, True


def _command_words(
    command: cst.BaseExpression, spelled: SpelledValue, whole_command: bool, depth: int = 0
) -> tuple[list[str], bool] | None:
    """The words a command starts with where the code writes them, and whether that is all of it:
    a literal (`"git"` as an item of a list, `"git status"` as the whole command), the words of
    an f-string or sum up to its first `{}` (`f"helm lint {path}"`: helm, lint), the literal
    items that open a list; through a name the code binds, and `shlex.split`. None when the
    code does not say what the program is."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(command, cst.Name):
        bound = spelled(command)
        return _command_words(bound, spelled, whole_command, depth + 1) if bound is not None else None
    if isinstance(command, cst.Call) and dotted(command.func) == "shlex.split" and command.args:
        return _command_words(command.args[0].value, spelled, True, depth + 1)
    if joined_with_spaces(command) and isinstance(command, cst.Call):  # `" ".join(["ping", "-c", "4", host])`
        return _command_words(command.args[0].value, spelled, True, depth + 1)
    if _builds_a_command(command):
        # `build_kubectl_command(f"kubectl expose {kind} {name}")`: a helper that completes the
        # command it is given (a path, a context): the words it was given open it
        assert isinstance(command, cst.Call)
        given = _command_words(command.args[0].value, spelled, whole_command, depth + 1)
        return (given[0], False) if given else None
    if whole_command and isinstance(command, (cst.List, cst.Tuple)):
        words: list[str] = []
        for element in command.elements:
            item = None
            if not isinstance(element, cst.StarredElement):
                item = _command_words(element.value, spelled, False, depth + 1)
            if item is None or not item[1]:
                return (words, False) if words else None
            words += item[0]
        return (words, True) if words else None
    text = _leading_text(command)
    if not text or not text.strip():
        return None
    if isinstance(command, cst.SimpleString):
        return (text.split(), True) if whole_command else ([text], True)
    # `f"helm lint {path}"`: the words before the first `{}`, the last one only if a space ends it
    words = text.split()
    if text[:1].isspace():
        return None
    kept = words if text[-1:].isspace() else words[:-1]
    return (kept, False) if kept else None


def _builds_a_command(command: cst.BaseExpression) -> bool:
    """`build_command(f"git log {ref}")`, `self._with_context(["kubectl", "get", kind])`: a call
    of a named function whose first argument is a command the code spells (a string or a list),
    not a method of a string (`"git {}".format(ref)`)."""
    if not isinstance(command, cst.Call) or not command.args or command.args[0].keyword or command.args[0].star:
        return False
    func = command.func
    named = isinstance(func, cst.Name) or (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name))
    first = command.args[0].value
    return named and isinstance(first, (cst.SimpleString, cst.FormattedString, cst.List, cst.ConcatenatedString))


def joined_with_spaces(command: cst.BaseExpression) -> bool:
    """`" ".join(words)`: a command line made of a list of words."""
    if not isinstance(command, cst.Call) or len(command.args) != 1 or command.args[0].star:
        return False
    func = command.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "join" or not isinstance(func.value, cst.SimpleString):
        return False
    separator = func.value.evaluated_value
    return isinstance(separator, str) and separator == " "


def _leading_text(command: cst.BaseExpression) -> str | None:
    """The literal text a command starts with, up to its first placeholder (`"git %s" % x`,
    `"git {}".format(x)`: "git ")."""
    text = opening_text(command)
    if text is None or isinstance(command, (cst.SimpleString, cst.FormattedString)):
        return text
    return re.split(r"%|\{", text, maxsplit=1)[0]

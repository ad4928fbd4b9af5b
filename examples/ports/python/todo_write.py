#!/usr/bin/env python3
"""todo_write, ported to Python 3 with the standard library only.

It speaks the todo-write conformance protocol (spec/protocol.md) on stdin/stdout, so
`todo-write conform -- python3 todo_write.py` can check it against the reference. The
rules are those of spec/todo.md; each trap a Python port falls into is marked TRAP and
explained in README.md next to this file.

TODO_PORT_BUG=<name> switches on ONE plausible porting bug, to prove the kit catches it:
strip, json-dumps, owner-first, count-before-duplicate, keep-extra-keys, key-order, splitlines.
"""
import json
import os
import re
import sys
import traceback

PROTOCOL = 1
IMPLEMENTATION = {"name": "todo-write-python", "language": "python", "version": "1.0.0"}

BUGS = ("strip", "json-dumps", "owner-first", "count-before-duplicate", "keep-extra-keys", "key-order", "splitlines")
BUG = os.environ.get("TODO_PORT_BUG", "")
if BUG and BUG not in BUGS:
    sys.stderr.write("todo_write.py: unknown TODO_PORT_BUG %r; known: %s\n" % (BUG, ", ".join(BUGS)))
    sys.exit(2)

STATUSES = ("pending", "in_progress", "completed")
STATUS_LIST = '["pending","in_progress","completed"]'  # JSON.stringify of the three (TW-ARGS-8)
# spec/todo.md TW-PROFILE-1: each profile sets every option; a given option overrides it.
PROFILES = {
    "seed": {"allowParallelInProgress": False, "unknownItemKeys": "drop", "activeLimitWording": "comma"},
    "dsh-0.1.1-rc.2": {"allowParallelInProgress": False, "unknownItemKeys": "reject", "activeLimitWording": "parentheses"},
}
OPTION_VALUES = {
    "allowParallelInProgress": (False, True),
    "unknownItemKeys": ("drop", "reject"),
    "activeLimitWording": ("comma", "parentheses"),
}

# --- TW-TRIM-1: ECMAScript String.prototype.trim, NOT str.strip() (TRAP 1) --------------
JS_WHITESPACE = frozenset(
    chr(c)
    for c in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF]
)


def js_trim(text):
    if BUG == "strip":
        return text.strip()
    start, end = 0, len(text)
    while start < end and text[start] in JS_WHITESPACE:
        start += 1
    while end > start and text[end - 1] in JS_WHITESPACE:
        end -= 1
    return text[start:end]


# --- TW-DUP-2: JSON.stringify's quoting, NOT json.dumps (TRAP 2) -------------------------
SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def js_quote(text):
    if BUG == "json-dumps":
        return json.dumps(text)
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in SHORT_ESCAPES:
            out.append(SHORT_ESCAPES[ch])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            # A Python str holds code points: json.loads already joined every escaped
            # surrogate PAIR into one, so a surrogate code point here is a lone one (TRAP 6).
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# --- JS own-key order for the undeclared keys of TW-ARGS-10 (TRAP 5) ---------------------
ARRAY_INDEX = re.compile(r"(?:0|[1-9][0-9]*)\Z", re.ASCII)  # not str.isdigit(): it takes '²'


def js_own_keys(obj):
    """ECMAScript's key order: array-index keys ascending, then the rest as inserted."""
    if BUG == "key-order":
        return list(obj)
    index = sorted((k for k in obj if ARRAY_INDEX.match(k) and int(k) <= 2**32 - 2), key=int)
    taken = set(index)
    return index + [k for k in obj if k not in taken]


# --- TW-JSON-1: parse as JSON.parse does (TRAP 7) ----------------------------------------
def _no_constant(name):
    raise ValueError("%s is not JSON" % name)  # json.loads would accept NaN and Infinity


class NotLossless(Exception):
    """TW-JSON-2: a number the harness registry's copy refuses (-0, or one that overflows)."""


def _number(text):
    # TRAP 8: json.loads turns "-0" into the int 0 and keeps huge integers exact, while
    # JSON.parse gives -0 and Infinity: both fail the registry's lossless copy (TW-JSON-2).
    value = float(text)
    if value in (float("inf"), float("-inf")) or (value == 0 and text.lstrip().startswith("-")):
        raise NotLossless()
    return value if any(c in text for c in ".eE") else int(text)


def parse_args(text):
    # json.loads keeps the LAST value of a repeated key at its FIRST position, as JSON.parse
    # does, and "__proto__" is an ordinary key in a dict.
    return json.loads(text, parse_constant=_no_constant, parse_int=_number, parse_float=_number)


# --- TW-ARGS-*: the registry's schema check, every violation in walk order ---------------
def violations(args, reject):
    if not isinstance(args, dict):
        return ['"arguments" must be an object']
    if "todos" not in args:
        return ['missing required property "todos"']
    todos = args["todos"]
    if not isinstance(todos, list):
        return ['"todos" must be an array']
    out = []
    for i, item in enumerate(todos):
        path = "todos[%d]" % i
        if not isinstance(item, dict):
            out.append('"%s" must be an object' % path)
            continue
        for key in ("content", "status"):
            if key not in item:
                out.append('missing required property "%s.%s"' % (path, key))
        if "content" in item and not isinstance(item["content"], str):
            out.append('"%s.content" must be a string' % path)
        if "status" in item:
            status = item["status"]
            if not isinstance(status, str):
                out.append('"%s.status" must be a string' % path)
            elif status not in STATUSES:
                out.append('"%s.status" must be one of %s' % (path, STATUS_LIST))
        if reject:
            for key in js_own_keys(item):
                if key not in ("content", "status"):
                    out.append('"%s.%s" is not a declared property (additionalProperties: false)' % (path, key))
    return out


class Refusal(Exception):
    """A refused call; str() is the message after the "Error: " envelope."""


# --- TW-EMPTY-1, TW-DUP-1, TW-ACTIVE-1, in the order of TW-ORDER-1 (TRAP 3) --------------
def too_many(active, wording):
    if wording == "comma":
        return "invalid todos: at most one task may be in_progress, got %d" % active
    return "invalid todos: at most one task may be in_progress (got %d)" % active


def check_list(todos, allow_parallel, wording):
    normalized, seen, active = [], set(), 0
    for item in todos:
        content = js_trim(item["content"])
        if content == "":
            raise Refusal("invalid todo: `content` must be a non-empty string")
        if content in seen:
            raise Refusal("invalid todos: duplicate content " + js_quote(content))
        seen.add(content)
        if item["status"] == "in_progress":
            active += 1
        if BUG == "count-before-duplicate" and not allow_parallel and active > 1:
            raise Refusal(too_many(active, wording))
        if BUG == "keep-extra-keys":
            normalized.append(dict(item, content=content))
        else:  # TRAP 4: only content and status, in that order (TW-EVENT-1)
            normalized.append({"content": content, "status": item["status"]})
    if not allow_parallel and active > 1:
        raise Refusal(too_many(active, wording))
    return normalized


def execute(args, log, options):
    """One call: the list it appends to `log` (a list of snapshots), or a Refusal."""
    problems = violations(args, options["unknownItemKeys"] == "reject")
    if problems:
        raise Refusal("invalid arguments: " + "; ".join(problems))
    if BUG == "owner-first" and log is None:
        raise Refusal("todo_write requires an owning agent session")
    todos = check_list(args["todos"], options["allowParallelInProgress"], options["activeLimitWording"])
    if log is None:  # the owner check is LAST (TW-ORDER-2)
        raise Refusal("todo_write requires an owning agent session")
    log.append(todos)
    return todos


def counts(todos):
    tally = {status: sum(1 for t in todos if t["status"] == status) for status in STATUSES}
    return {"pending": tally["pending"], "inProgress": tally["in_progress"], "completed": tally["completed"]}


# --- the protocol ------------------------------------------------------------------------
class RequestError(Exception):
    pass


def resolve_options(raw):
    if not isinstance(raw, dict):
        raise RequestError('"options" must be an object')
    profile = raw.get("profile", "seed")
    if not isinstance(profile, str) or profile not in PROFILES:
        raise RequestError("unknown profile: %s" % json.dumps(profile))
    options = dict(PROFILES[profile])
    for key, value in raw.items():
        allowed = OPTION_VALUES.get(key)
        # TRAP: True == 1 in Python, so compare types too, not only values.
        if allowed is not None and any(value is v or (type(value) is type(v) and value == v) for v in allowed):
            options[key] = value
        elif key != "profile":
            raise RequestError("unknown option or bad value: %s=%s" % (json.dumps(key), json.dumps(value)))
    return options


def call(sessions, request):
    name, text, agent = request.get("session"), request.get("args"), request.get("agent")
    if not isinstance(name, str) or not isinstance(text, str) or not isinstance(agent, bool):
        raise RequestError('a call needs "session" and "args" (strings) and "agent" (a boolean)')
    options = resolve_options(request.get("options", {}))
    lossless = True
    try:
        args = parse_args(text)
    except NotLossless:
        lossless = False
        args = None
    except ValueError as error:
        raise RequestError('"args" is not a JSON text: %s' % error)
    if not lossless:
        try:  # a text that is not JSON at all is still a request error, wherever the -0 is
            json.loads(text, parse_constant=_no_constant)
        except ValueError as error:
            raise RequestError('"args" is not a JSON text: %s' % error)
    log = sessions.setdefault(name, [])
    before = len(log)
    try:
        if not lossless:  # TW-JSON-2: the registry refuses the call before the tool sees it
            raise Refusal("tool execution arguments must be losslessly JSON-serializable")
        todos = execute(args, log if agent else None, options)
    except Refusal as refusal:
        text, value = "Error: " + str(refusal), None
    else:
        value = {"todos": todos, "counts": counts(todos)}
        c = value["counts"]
        text = "Updated todo list: %d pending, %d in progress, %d completed." % (c["pending"], c["inProgress"], c["completed"])
    event = {"type": "todo/write", "data": {"todos": log[-1]}} if len(log) > before else None
    return {"isError": value is None, "text": text, "value": value, "event": event, "current": log[-1] if log else None}


def answer(state, line):
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"id": None, "error": "the request is not JSON: %s" % error}, False
    rid = request.get("id") if isinstance(request, dict) and type(request.get("id")) is int else None
    try:
        if not isinstance(request, dict) or type(rid) is not int or rid < 0:
            raise RequestError('a request is an object with an integer "id"')
        cmd = request.get("cmd")
        if cmd == "start":
            if request.get("protocol") != PROTOCOL:
                raise RequestError("this port speaks protocol %d" % PROTOCOL)
            state["started"] = True
            return {"id": rid, "protocol": PROTOCOL, "implementation": IMPLEMENTATION}, False
        if not state["started"]:
            raise RequestError('the first request must be "start"')
        if cmd == "call":
            return dict({"id": rid}, **call(state["sessions"], request)), False
        if cmd == "end":
            state["sessions"].pop(request.get("session"), None)
            return {"id": rid}, False
        if cmd == "stop":
            return {"id": rid}, True
        raise RequestError("unknown command %s" % json.dumps(cmd))
    except RequestError as error:
        return {"id": rid, "error": str(error)}, False
    except Exception as error:  # a bug in this port: say so on stderr, keep serving
        traceback.print_exc()
        return {"id": rid, "error": "internal error: %r" % error}, False


def main():
    state = {"started": False, "sessions": {}}
    stdin = sys.stdin.buffer  # TRAP 8: bytes, split on b"\n" only, decoded as UTF-8
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line = json.dumps({"not UTF-8": str(error)})  # answered as a malformed request
        pieces = line.splitlines() if BUG == "splitlines" else [line]
        for piece in pieces:
            response, stop = answer(state, piece)
            # TRAP 8: ensure_ascii keeps lone surrogates writable; flush every line.
            sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":")) + "\n")
            sys.stdout.flush()
            if stop:
                return 0


if __name__ == "__main__":
    sys.exit(main())

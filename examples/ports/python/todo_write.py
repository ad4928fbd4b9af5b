#!/usr/bin/env python3
"""todo_write, ported to Python 3 with the standard library only.

It speaks the todo-write conformance protocol (spec/protocol.md) on stdin/stdout, so
`todo-write conform -- python3 todo_write.py` can check it against the reference. The
rules are those of spec/todo.md; each trap a Python port falls into is marked TRAP (the
traps: docs/porting.md).
"""
import json
import math
import re
import sys
import traceback

PROTOCOL = 1
IMPLEMENTATION = {"name": "todo-write-python", "language": "python", "version": "1.4.0"}

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

# --- TW-TRIM-1: ECMAScript String.prototype.trim (TRAP: str.strip() strips U+001C-U+001F
# and U+0085, and keeps U+FEFF) --------------------------------------------------------------
JS_WHITESPACE = frozenset(
    chr(c)
    for c in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF]
)


def js_trim(text):
    start, end = 0, len(text)
    while start < end and text[start] in JS_WHITESPACE:
        start += 1
    while end > start and text[end - 1] in JS_WHITESPACE:
        end -= 1
    return text[start:end]


# --- TW-DUP-2: JSON.stringify's quoting (TRAP: json.dumps escapes every non-ASCII character)
SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def js_quote(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in SHORT_ESCAPES:
            out.append(SHORT_ESCAPES[ch])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            # TRAP: a Python str holds code points: json.loads already joined every escaped
            # surrogate PAIR into one, so a surrogate code point here is a lone one.
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# --- JS own-key order for the undeclared keys of TW-ARGS-10 (TRAP: a dict keeps insertion order)
ARRAY_INDEX = re.compile(r"(?:0|[1-9][0-9]*)\Z", re.ASCII)  # not str.isdigit(): it takes '²'
INDEX_MAX = 2**32 - 2


def js_own_keys(obj):
    """ECMAScript's key order: array-index keys ascending, then the rest as inserted."""
    index = sorted((k for k in obj if ARRAY_INDEX.match(k) and int(k) <= INDEX_MAX), key=int)
    taken = set(index)
    return index + [k for k in obj if k not in taken]


# --- TW-JSON-1: parse as JSON.parse does ----------------------------------------------------
def _no_constant(name):
    raise ValueError("%s is not JSON" % name)  # TRAP: json.loads would accept NaN and Infinity


def _int(text):
    # TRAP: json.loads reads "-0" as the int 0 and keeps a huge integer exact, but
    # JSON.parse gives -0 and Infinity (a double), which the registry's lossless copy
    # refuses (TW-JSON-2): keep them as the floats -0.0 and inf.
    # TRAP: an integer of more than 309 digits is beyond every double: Infinity, as JSON.parse reads it.
    # Do not hand it to int(): Python refuses to convert more than 4,300 digits (a ValueError,
    # which would call a valid JSON text "not JSON").
    if len(text.lstrip("-")) > 309:
        return float(text)
    value = int(text)
    if value == 0 and text.startswith("-"):
        return -0.0
    return float(text) if abs(value) > 2**1023 else value


def lossless(value):
    """TW-JSON-2: the registry copies the PARSED value, so only numbers that survive parsing
    count (a repeated key's overwritten value does not): no -0, no infinity. No recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float):
            if item in (float("inf"), float("-inf")):
                return False
            if item == 0 and math.copysign(1.0, item) < 0:
                return False
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def parse_json(text):
    # json.loads keeps the LAST value of a repeated key at its FIRST position, as JSON.parse
    # does, and "__proto__" is an ordinary key in a dict. parse_float is float: "-0.0" and
    # "-1e-400" give -0.0, "1e400" gives inf, as in JavaScript.
    return json.loads(text, parse_constant=_no_constant, parse_int=_int)


SURROGATE = re.compile("[\ud800-\udfff]")


def _units(text):
    # A string is UTF-16 code units: a high and a low surrogate side by side are one character.
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass") if SURROGATE.search(text) else text


def parse_args(text):
    # TRAP: a raw lone surrogate of the args text (the request's own "\ud83d") before a
    # "\\ude00" escape gives Python two code points where JavaScript has one pair: join them
    # in every string and key (keys so joined are one key, its last value at its first place).
    root = [parse_json(text)]
    stack = [root]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        joined = {}
        for key, value in list(items):
            if isinstance(value, str):
                value = _units(value)
            elif isinstance(value, (dict, list)):
                stack.append(value)
            if isinstance(node, dict):
                joined[_units(key)] = value
            else:
                node[key] = value
        if isinstance(node, dict):
            node.clear()
            node.update(joined)
    return root[0]


# --- TW-ARGS-*: the registry's schema check, every violation in walk order ---------------
def violations(args, reject):
    """Each violation in walk order, one at a time: the caller keeps only what it lists."""
    if not isinstance(args, dict):
        yield '"arguments" must be an object'
        return
    if "todos" not in args:
        yield 'missing required property "todos"'
        return
    todos = args["todos"]
    if not isinstance(todos, list):
        yield '"todos" must be an array'
        return
    for i, item in enumerate(todos):
        path = "todos[%d]" % i
        if not isinstance(item, dict):
            yield '"%s" must be an object' % path
            continue
        for key in ("content", "status"):
            if key not in item:
                yield 'missing required property "%s.%s"' % (path, key)
        if "content" in item and not isinstance(item["content"], str):
            yield '"%s.content" must be a string' % path
        if "status" in item:
            status = item["status"]
            if not isinstance(status, str):
                yield '"%s.status" must be a string' % path
            elif status not in STATUSES:
                yield '"%s.status" must be one of %s' % (path, STATUS_LIST)
        if reject:
            for key in js_own_keys(item):
                if key not in ("content", "status"):
                    yield '"%s.%s" is not a declared property (additionalProperties: false)' % (path, key)


# --- TW-ARGS-11: the first 100 violations listed, the rest only counted ---------------------
LISTED = 100


def schema_refusal(problems):
    """The refusal text after "Error: ", or None when there is no violation."""
    listed, more = [], 0
    for problem in problems:  # every violation kept would be about 18x the arguments: count instead
        if len(listed) < LISTED:
            listed.append(problem)
        else:
            more += 1
    if not listed:
        return None
    if more:
        listed.append("and %d more %s not listed" % (more, "violation" if more == 1 else "violations"))
    return "invalid arguments: " + "; ".join(listed)


class Refusal(Exception):
    """A refused call; str() is the message after the "Error: " envelope."""


# --- TW-EMPTY-1, TW-DUP-1, TW-ACTIVE-1, in the order of TW-ORDER-1 ---------------------------
def too_many(active, wording):
    if wording == "comma":
        return "invalid todos: at most one task may be in_progress, got %d" % active
    return "invalid todos: at most one task may be in_progress (got %d)" % active


EMPTY = "invalid todo: `content` must be a non-empty string"


def check_list(todos, allow_parallel, wording):
    normalized, seen, active = [], set(), 0
    for item in todos:
        content = js_trim(item["content"])
        if content == "":
            raise Refusal(EMPTY)
        if content in seen:
            raise Refusal("invalid todos: duplicate content " + js_quote(content))
        seen.add(content)
        if item["status"] == "in_progress":
            active += 1
        # TRAP: only content and status, in that order (TW-EVENT-1): not dict(item, ...)
        normalized.append({"content": content, "status": item["status"]})
    return normalized, active


OWNER = "todo_write requires an owning agent session"


def execute(args, log, options):
    """One call: the list it appends to `log` (a list of snapshots), or a Refusal."""
    refusal = schema_refusal(violations(args, options["unknownItemKeys"] == "reject"))
    if refusal is not None:
        raise Refusal(refusal)
    todos, active = check_list(args["todos"], options["allowParallelInProgress"], options["activeLimitWording"])
    if not options["allowParallelInProgress"] and active > 1:  # after the whole walk
        raise Refusal(too_many(active, options["activeLimitWording"]))
    if log is None:  # the owner check is LAST (TW-ORDER-2)
        raise Refusal(OWNER)
    log.append(todos)
    return todos


def counts(todos):
    tally = {status: sum(1 for t in todos if t["status"] == status) for status in STATUSES}
    return {"pending": tally["pending"], "inProgress": tally["in_progress"], "completed": tally["completed"]}


# --- the protocol ------------------------------------------------------------------------
class RequestError(Exception):
    pass


def accepted_value(value, allowed):
    # TRAP: True == 1 in Python, so compare types too, not only values.
    return any(value is v or (type(value) is type(v) and value == v) for v in allowed)


def resolve_options(request):
    # Absent options are the seed's deployment; present, they must be an object (TW-PROTO-OPTIONS-1).
    raw = request.get("options", {})
    if not isinstance(raw, dict):
        raise RequestError('"options" must be an object')
    profile = raw.get("profile", "seed")
    if not isinstance(profile, str) or profile not in PROFILES:
        raise RequestError("unknown profile: %s" % json.dumps(profile))
    options = dict(PROFILES[profile])
    for key, value in raw.items():
        allowed = OPTION_VALUES.get(key)
        if allowed is not None and accepted_value(value, allowed):
            options[key] = value
        elif key != "profile":
            raise RequestError("unknown option or bad value: %s=%s" % (json.dumps(key), json.dumps(value)))
    return options


def call(sessions, request):
    name, text, agent = request.get("session"), request.get("args"), request.get("agent")
    if not isinstance(name, str) or not isinstance(text, str) or not isinstance(agent, bool):
        raise RequestError('a call needs "session" and "args" (strings) and "agent" (a boolean)')
    options = resolve_options(request)
    try:
        args = parse_args(text)
    except ValueError as error:
        raise RequestError('"args" is not a JSON text: %s' % error)
    except RecursionError:
        # TW-JSON-3: past 1,000 levels a port may refuse, with an error response, never a crash.
        raise RequestError('"args" nest deeper than this port reads (it reads at least 1,000 levels)')
    log = sessions.setdefault(name, [])
    before = len(log)
    try:
        if not lossless(args):  # TW-JSON-2: the registry refuses the call before the tool sees it
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


def whole_number(value):
    """An id or a protocol version (TW-PROTO-FRAME-1), or None: a number read as JSON.parse
    reads it, so 7.0 and 70e-1 are 7; a whole number from 0 to 2**53 - 1."""
    if type(value) is float and value.is_integer():  # TRAP: json.loads reads 7.0 as a float
        value = int(value)
    if type(value) is not int or not 0 <= value <= 2**53 - 1:  # not bool: True is an int in Python
        return None
    return value


def answer(state, line):
    try:
        request = parse_json(line)  # TRAP: its own integers too, or 4,301 digits are "not JSON"
    except ValueError as error:
        return {"id": None, "error": "the request is not JSON: %s" % error}, False
    except RecursionError:  # TW-JSON-3: deeper than this port reads, refused unread, never a crash
        return {"id": None, "error": "the request nests deeper than this port reads"}, False
    rid = whole_number(request.get("id")) if isinstance(request, dict) else None
    try:
        if rid is None:
            raise RequestError('a request is an object with an integer "id"')
        cmd = request.get("cmd")
        if cmd == "start":
            if whole_number(request.get("protocol")) != PROTOCOL:
                raise RequestError("this port speaks protocol %d" % PROTOCOL)
            state["started"] = True
            return {"id": rid, "protocol": PROTOCOL, "implementation": IMPLEMENTATION}, False
        if not state["started"]:
            raise RequestError('the first request must be "start"')
        if cmd == "call":
            return dict({"id": rid}, **call(state["sessions"], request)), False
        if cmd == "end":
            session = request.get("session")
            if not isinstance(session, str):  # a missing field is an error (TW-PROTO-ERROR-1)
                raise RequestError('"end" needs a "session" (a string)')
            state["sessions"].pop(session, None)
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
    # TW-JSON-3: 1,000 levels MUST parse. TRAP: json.loads recurses once per level and Python's
    # default limit is 1,000 frames in all, so raise it. Deeper than this is refused with an
    # error response (RecursionError is caught in call()), never a crash.
    sys.setrecursionlimit(5000)
    state = {"started": False, "sessions": {}}
    stdin = sys.stdin.buffer  # TRAP: bytes, split on b"\n" only (not str.splitlines()), decoded as UTF-8
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line = json.dumps({"not UTF-8": str(error)})  # answered as a malformed request
        response, stop = answer(state, line)
        # TRAP: ensure_ascii keeps lone surrogates writable; flush every line.
        sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if stop:
            return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""todo_write, ported to Python 3 with the standard library only.

It speaks the todo-write conformance protocol (spec/protocol.md) on stdin/stdout, so
`todo-write conform -- python3 todo_write.py` can check it against the reference. The
rules are those of spec/todo.md; each trap a Python port falls into is marked TRAP and
explained in README.md next to this file.

TODO_PORT_BUG=<name> switches on ONE plausible porting bug, to prove the kit catches it
(the bug zoo, docs/zoo.md); BUGS below lists them, each with what it imitates.
"""
import json
import math
import os
import re
import sys
import traceback
import unicodedata

PROTOCOL = 1
IMPLEMENTATION = {"name": "todo-write-python", "language": "python", "version": "1.3.0"}

# Each bug a port written in some language, with that language's defaults, plausibly has.
BUGS = {
    # trimming (TW-TRIM-1)
    "strip": "Python str.strip(): also strips U+001C-U+001F and U+0085, keeps U+FEFF",
    "trimspace": "Go strings.TrimSpace / Rust str::trim: Unicode White_Space, so U+0085 is stripped and U+FEFF kept",
    "java-trim": "Java String.trim(): strips every code unit up to U+0020 and nothing above",
    "java-strip": "Java String.strip(): Character.isWhitespace, which skips U+00A0, U+2007, U+202F, U+FEFF and takes U+001C-U+001F",
    "empty-before-trim": "the empty check made on the content before trimming",
    # quoting the duplicate (TW-DUP-2)
    "json-dumps": "Python json.dumps(content): every non-ASCII character escaped",
    "go-marshal": "Go json.Marshal: <, >, & and U+2028/U+2029 escaped, a lone surrogate written \\ufffd",
    "quote-hex-upper": "a hand-written quoter with upper-case hex digits (\\u001F, \\uD800)",
    "quote-is-control": "Rust char::is_control: U+007F and U+0080-U+009F escaped too",
    "quote-fffd": "a lone surrogate quoted as the replacement character U+FFFD",
    "quote-no-short-escapes": "every control escaped as \\u00xx, none as \\b \\t \\n \\f \\r",
    # parsing (TW-JSON-1..3)
    "lone-surrogate-fffd": "Go encoding/json: a lone surrogate escape decoded as U+FFFD",
    "refuse-lone-surrogates": "Rust serde_json: a lone surrogate escape refused as invalid JSON",
    "minus-zero": "Python json.loads: -0 read as the integer 0, so it is not refused",
    "overflow": "1e400 read as infinity and not refused (only -0 checked)",
    "depth-128": "Rust serde_json: nesting deeper than 128 refused",
    "python-recursion": "Python's default recursion limit: 1,000 levels of nesting fail",
    "first-value": "a repeated key keeps its FIRST value",
    "last-position": "a repeated key moved to its LAST position",
    "lenient-json": "Python json.loads accepts NaN and Infinity",
    "double-grammar": "numbers read with Java Double.parseDouble's grammar: 01, 1., .5, -.5, +1 and 1.e5 taken",
    "cr-not-whitespace": "a hand-written JSON reader whose whitespace is space, tab and LF: a CR between tokens refused",
    "escape-int-hex": "a \\u escape's digits read with int(..., 16) (Java Integer.parseInt(..., 16)): a sign, spaces, _ and non-ASCII digits taken",
    "deep-crash": "a recursive parser on the default stack, no depth guard: the port crashes past about 3,000 levels (StackOverflowError)",
    # key order under unknownItemKeys "reject" (TW-ARGS-10)
    "key-order": "undeclared keys in insertion order, array-index keys not first",
    "sort-keys": "undeclared keys sorted (Rust BTreeMap, Go map keys)",
    "index-4294967295": "array indices taken up to 4294967295, one too far",
    "isdigit-index": "array indices recognized with str.isdigit() and int()",
    # the checks and their order (TW-ORDER-1, TW-EVENT-1, TW-DUP-1)
    "owner-first": "the owner check before the list checks",
    "owner-before-count": "the owner check after the walk but before the in_progress count",
    "count-before-duplicate": "the in_progress count checked inside the walk",
    "keep-extra-keys": "extra item keys kept in the snapshot",
    "normalize": "contents compared after Unicode normalization (Swift String equality)",
    # output and the protocol (spec/protocol.md)
    "sorted-output": "responses written with json.dumps(sort_keys=True)",
    "splitlines": "requests split with str.splitlines()",
    "crlf": "requests taken to end in CR LF: the last two characters dropped",
    "crlf-refused": "a request line ending in CR LF refused as not JSON (a reader that takes CR for part of the message)",
    "utf8-replace": "request lines decoded with U+FFFD for bad bytes (Java InputStreamReader, Go, .NET) and served, not refused",
    "bool-is-int": "option values compared with ==, so 1 passes for true",
    "options-null": "\"options\": null read as {}",
    "exit-on-bad-request": "a malformed request raises and the port exits",
    "stop-silent": "stop ends the port without an answer",
}
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
TRIM_SETS = {
    "trimspace": (JS_WHITESPACE - {"\ufeff"}) | {"\x85"},
    "java-trim": frozenset(chr(c) for c in range(0x21)),
    "java-strip": frozenset(chr(c) for c in [*range(0x09, 0x0E), *range(0x1C, 0x21), 0x1680, *range(0x2000, 0x2007), 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x205F, 0x3000]),
}


def js_trim(text):
    if BUG == "strip":
        return text.strip()
    spaces = TRIM_SETS.get(BUG, JS_WHITESPACE)
    start, end = 0, len(text)
    while start < end and text[start] in spaces:
        start += 1
    while end > start and text[end - 1] in spaces:
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
        if ch in SHORT_ESCAPES and not (BUG == "quote-no-short-escapes" and code < 0x20):
            out.append(SHORT_ESCAPES[ch])
        elif BUG == "go-marshal" and (ch in "<>&" or ch in "\u2028\u2029"):
            out.append("\\u%04x" % code)
        elif 0xD800 <= code <= 0xDFFF and BUG in ("go-marshal", "quote-fffd"):
            out.append("\\ufffd" if BUG == "go-marshal" else "\ufffd")
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF or (BUG == "quote-is-control" and 0x7F <= code <= 0x9F):
            # A Python str holds code points: json.loads already joined every escaped
            # surrogate PAIR into one, so a surrogate code point here is a lone one (TRAP 6).
            out.append(("\\u%04X" if BUG == "quote-hex-upper" else "\\u%04x") % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# --- JS own-key order for the undeclared keys of TW-ARGS-10 (TRAP 5) ---------------------
ARRAY_INDEX = re.compile(r"(?:0|[1-9][0-9]*)\Z", re.ASCII)  # not str.isdigit(): it takes '²'
INDEX_MAX = 2**32 - 1 if BUG == "index-4294967295" else 2**32 - 2


def js_own_keys(obj):
    """ECMAScript's key order: array-index keys ascending, then the rest as inserted."""
    if BUG == "key-order":
        return list(obj)
    if BUG == "sort-keys":
        return sorted(obj)
    if BUG == "isdigit-index":
        index = sorted((k for k in obj if k.isdigit() and int(k) <= INDEX_MAX), key=int)
    else:
        index = sorted((k for k in obj if ARRAY_INDEX.match(k) and int(k) <= INDEX_MAX), key=int)
    taken = set(index)
    return index + [k for k in obj if k not in taken]


# --- TW-JSON-1: parse as JSON.parse does (TRAP 7) ----------------------------------------
def _no_constant(name):
    raise ValueError("%s is not JSON" % name)  # json.loads would accept NaN and Infinity


def _int(text):
    # TRAP 8: json.loads reads "-0" as the int 0 and keeps a huge integer exact, but
    # JSON.parse gives -0 and Infinity (a double), which the registry's lossless copy
    # refuses (TW-JSON-2): keep them as the floats -0.0 and inf.
    # TRAP 10: an integer of more than 309 digits is beyond every double: Infinity, as JSON.parse reads it.
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
            if item in (float("inf"), float("-inf")) and BUG != "overflow":
                return False
            if item == 0 and math.copysign(1.0, item) < 0:
                return False
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _pairs(pairs):
    if BUG == "first-value":
        out = {}
        for key, value in pairs:
            out.setdefault(key, value)
        return out
    if BUG == "last-position":
        out = {}
        for key, value in pairs:
            out.pop(key, None)
            out[key] = value
        return out
    # json.loads keeps the LAST value of a repeated key at its FIRST position, as JSON.parse
    # does, and "__proto__" is an ordinary key in a dict.
    return dict(pairs)


def _strings_and_depth(value):
    """Every string in a parsed value (keys included) and its nesting depth, without recursion."""
    strings, deepest, stack = [], 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            if isinstance(item, dict):
                strings.extend(item)
            stack.extend((child, depth + 1) for child in children)
    return strings, deepest


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _replace_lone(value):
    """Go's decoder: every lone surrogate becomes U+FFFD, in keys and strings alike."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_replace_lone(item) for item in value]
    if isinstance(value, dict):
        return {_replace_lone(key): _replace_lone(item) for key, item in value.items()}
    return value


# The bugs of a hand-written reader, imitated over the text before json.loads sees it.
TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"]+', re.S)  # a string (maybe cut short), or a run outside strings
JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")
LENIENT_NUMBER = re.compile(r"(?<![0-9A-Za-z_.+-])[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?![0-9A-Za-z_.])")
U_ESCAPE = re.compile(r"\\(u(....)|.)", re.S)


def _lenient_number(match):
    """Double.parseDouble takes 01, 1., .5, +1, 1.e5: write each as the JSON number it reads as."""
    token = match.group(0)
    if JSON_NUMBER.match(token):
        return token
    if re.fullmatch(r"[+-]?[0-9]+", token):
        return str(int(token))
    value = float(token)
    return "-0.0" if value == 0 and math.copysign(1.0, value) < 0 else repr(value)


def _int_hex_escape(match):
    if match.group(2) is None or re.fullmatch("[0-9A-Fa-f]{4}", match.group(2)):
        return match.group(0)
    try:
        return "\\u%04x" % int(match.group(2), 16)  # int() takes "+041", " 041", "0_41", "00\u0664\u0661"
    except ValueError:
        return match.group(0)


def _depth(text):
    depth = deepest = 0
    for token in TOKENS.findall(text):
        if not token.startswith('"'):
            for c in token:
                if c in "[{":
                    depth += 1
                    deepest = max(deepest, depth)
                elif c in "]}":
                    depth -= 1
    return deepest


def hand_written_reader(text):
    """What a hand-written reader of another language does differently, as BUG says."""
    if BUG == "deep-crash" and _depth(text) > 3000:
        sys.stderr.write('Exception in thread "main" java.lang.StackOverflowError\n')
        sys.stderr.flush()
        os._exit(1)
    out = []
    for token in TOKENS.findall(text):
        if token.startswith('"'):
            out.append(U_ESCAPE.sub(_int_hex_escape, token) if BUG == "escape-int-hex" else token)
        elif BUG == "cr-not-whitespace" and "\r" in token:
            raise ValueError("unexpected character CR")
        else:
            out.append(LENIENT_NUMBER.sub(_lenient_number, token) if BUG == "double-grammar" else token)
    return "".join(out)


def parse_args(text):
    if BUG in ("double-grammar", "cr-not-whitespace", "escape-int-hex", "deep-crash"):
        text = hand_written_reader(text)
    constant = float if BUG == "lenient-json" else _no_constant
    # parse_float is float: "-0.0" and "-1e-400" give -0.0, "1e400" gives inf, as in JavaScript.
    args = json.loads(text, parse_constant=constant, parse_int=int if BUG == "minus-zero" else _int, object_pairs_hook=_pairs)
    if BUG in ("refuse-lone-surrogates", "depth-128", "lone-surrogate-fffd"):
        strings, depth = _strings_and_depth(args)
        if BUG == "depth-128" and depth > 128:
            raise RequestError('"args" is not a JSON text: recursion limit exceeded')
        if BUG == "refuse-lone-surrogates" and any(LONE_SURROGATE.search(s) for s in strings):
            raise RequestError('"args" is not a JSON text: lone leading surrogate in hex escape')
        if BUG == "lone-surrogate-fffd":
            args = _replace_lone(args)
    return args


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


# --- TW-ARGS-11: the first 100 violations listed, the rest only counted (TRAP 11) ---------
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


# --- TW-EMPTY-1, TW-DUP-1, TW-ACTIVE-1, in the order of TW-ORDER-1 (TRAP 3) --------------
def too_many(active, wording):
    if wording == "comma":
        return "invalid todos: at most one task may be in_progress, got %d" % active
    return "invalid todos: at most one task may be in_progress (got %d)" % active


EMPTY = "invalid todo: `content` must be a non-empty string"


def check_list(todos, allow_parallel, wording):
    normalized, seen, active = [], set(), 0
    for item in todos:
        if BUG == "empty-before-trim" and item["content"] == "":
            raise Refusal(EMPTY)
        content = js_trim(item["content"])
        if content == "" and BUG != "empty-before-trim":
            raise Refusal(EMPTY)
        key = unicodedata.normalize("NFC", content) if BUG == "normalize" else content
        if key in seen:
            raise Refusal("invalid todos: duplicate content " + js_quote(content))
        seen.add(key)
        if item["status"] == "in_progress":
            active += 1
        if BUG == "count-before-duplicate" and not allow_parallel and active > 1:
            raise Refusal(too_many(active, wording))
        if BUG == "keep-extra-keys":
            normalized.append(dict(item, content=content))
        else:  # TRAP 4: only content and status, in that order (TW-EVENT-1)
            normalized.append({"content": content, "status": item["status"]})
    return normalized, active


OWNER = "todo_write requires an owning agent session"


def execute(args, log, options):
    """One call: the list it appends to `log` (a list of snapshots), or a Refusal."""
    refusal = schema_refusal(violations(args, options["unknownItemKeys"] == "reject"))
    if refusal is not None:
        raise Refusal(refusal)
    if BUG == "owner-first" and log is None:
        raise Refusal(OWNER)
    todos, active = check_list(args["todos"], options["allowParallelInProgress"], options["activeLimitWording"])
    if BUG == "owner-before-count" and log is None:
        raise Refusal(OWNER)
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
    if BUG == "bool-is-int":
        return value in allowed  # TRAP 7: 1 == True and 0 == False in Python
    # TRAP 7: True == 1 in Python, so compare types too, not only values.
    return any(value is v or (type(value) is type(v) and value == v) for v in allowed)


def resolve_options(request):
    # Absent options are the seed's deployment; present, they must be an object (TW-PROTO-OPTIONS-1).
    raw = request.get("options", {})
    if BUG == "options-null" and raw is None:
        raw = {}
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


def request_id(request):
    """The request's id, or None when it has no readable one (TW-PROTO-FRAME-1): a number read as
    JSON.parse reads it, so 7.0 and 70e-1 are the id 7; a whole number from 0 to 2**53 - 1."""
    rid = request.get("id") if isinstance(request, dict) else None
    if type(rid) is float and rid.is_integer():  # TRAP 7: json.loads reads 7.0 as a float
        rid = int(rid)
    if type(rid) is not int or not 0 <= rid <= 2**53 - 1:  # not bool: True is an int in Python
        return None
    return rid


def answer(state, line):
    try:
        request = json.loads(line, parse_constant=_no_constant)
    except ValueError as error:
        if BUG == "exit-on-bad-request":
            raise
        return {"id": None, "error": "the request is not JSON: %s" % error}, False
    rid = request_id(request)
    try:
        if rid is None:
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
            session = request.get("session")
            if not isinstance(session, str):  # a missing field is an error (TW-PROTO-ERROR-1)
                raise RequestError('"end" needs a "session" (a string)')
            state["sessions"].pop(session, None)
            return {"id": rid}, False
        if cmd == "stop":
            return {"id": rid}, True
        raise RequestError("unknown command %s" % json.dumps(cmd))
    except RequestError as error:
        if BUG == "exit-on-bad-request":
            raise
        return {"id": rid, "error": str(error)}, False
    except Exception as error:  # a bug in this port: say so on stderr, keep serving
        traceback.print_exc()
        return {"id": rid, "error": "internal error: %r" % error}, False


def main():
    # TW-JSON-3: 1,000 levels MUST parse; json.loads recurses once per level and Python's
    # default limit is 1,000 frames in all, so raise it (TRAP 9). Deeper than this is refused
    # with an error response (RecursionError is caught in answer()), never a crash.
    if BUG != "python-recursion":
        sys.setrecursionlimit(5000)
    state = {"started": False, "sessions": {}}
    stdin = sys.stdin.buffer  # TRAP 8: bytes, split on b"\n" only, decoded as UTF-8
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        if BUG == "crlf":
            raw = raw[:-2]
        if BUG == "crlf-refused" and raw.endswith(b"\r\n"):
            raw = b'{"not JSON": "a CR at the end"}\n'  # answered as a request without an id
        try:
            line = raw.decode("utf-8", errors="replace" if BUG == "utf8-replace" else "strict")
        except UnicodeDecodeError as error:
            line = json.dumps({"not UTF-8": str(error)})  # answered as a malformed request
        pieces = line.splitlines() if BUG == "splitlines" else [line]
        for piece in pieces:
            response, stop = answer(state, piece)
            if stop and BUG == "stop-silent":
                return 0
            # TRAP 8: ensure_ascii keeps lone surrogates writable; flush every line.
            sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":"), sort_keys=BUG == "sorted-output") + "\n")
            sys.stdout.flush()
            if stop:
                return 0


if __name__ == "__main__":
    sys.exit(main())

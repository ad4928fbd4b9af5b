#!/usr/bin/env python3
"""The Python example port with ONE plausible porting bug, for the bug zoo (docs/zoo.md).

    python3 python-bugs.py <bug>     run the port with that bug (zoo.ts says what each imitates)
    python3 python-bugs.py --list    the bugs' names, one a line
    python3 python-bugs.py --check   apply every bug's edits and compile the result

A bug is a few edits of the port's source text, each of which must match exactly once: a
port that drifts from them fails loudly here instead of running clean. Code an edit needs
beyond a line or two is below, and the edited port reaches it as `zoo`.
"""
import json
import math
import os
import re
import sys
import unicodedata

PORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "examples", "ports", "python", "todo_write.py")

TRIM = "def js_trim(text):"
QUOTE_ELSE = "        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:\n"
PARSE = "    return json.loads(text, parse_constant=_no_constant, parse_int=_int)"
WALK = "def parse_args(text):\n"
LIST = "    todos, active = check_list("
ANSWER = "        response, stop = answer(state, line)\n"
WRITE = """        response, stop = answer(state, line)
        # TRAP: ensure_ascii keeps lone surrogates writable; flush every line.
        sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":")) + "\\n")
        sys.stdout.flush()
        if stop:
            return 0
"""
READ = "        if not raw:\n            return 0\n"


def hand_written(bug):
    return (WALK, WALK + '    text = zoo.hand_written_reader(text, "%s")\n' % bug)


BUGS = {
    # trimming (TW-TRIM-1)
    "strip": [(TRIM + "\n", TRIM + "\n    return text.strip()\n")],
    "trimspace": [(TRIM, 'def js_trim(text, JS_WHITESPACE=(JS_WHITESPACE - {"\\ufeff"}) | {"\\x85"}):')],
    "java-trim": [(TRIM, "def js_trim(text, JS_WHITESPACE=frozenset(chr(c) for c in range(0x21))):")],
    "java-strip": [
        (
            TRIM,
            "def js_trim(text, JS_WHITESPACE=frozenset(chr(c) for c in [*range(0x09, 0x0E), *range(0x1C, 0x21), 0x1680, *range(0x2000, 0x2007),"
            " 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x205F, 0x3000])):",
        )
    ],
    "empty-before-trim": [('        if content == "":', '        if item["content"] == "":')],
    # quoting the duplicate (TW-DUP-2)
    "json-dumps": [("def js_quote(text):\n", "def js_quote(text):\n    return json.dumps(text)\n")],
    "go-marshal": [
        (QUOTE_ELSE, '        elif ch in "<>&\\u2028\\u2029":\n            out.append("\\\\u%04x" % code)\n'
         '        elif 0xD800 <= code <= 0xDFFF:\n            out.append("\\\\ufffd")\n' + QUOTE_ELSE)
    ],
    "quote-hex-upper": [('out.append("\\\\u%04x" % code)', 'out.append("\\\\u%04X" % code)')],
    "quote-is-control": [(QUOTE_ELSE, "        elif code < 0x20 or 0xD800 <= code <= 0xDFFF or 0x7F <= code <= 0x9F:\n")],
    "quote-fffd": [(QUOTE_ELSE, '        elif 0xD800 <= code <= 0xDFFF:\n            out.append("\\ufffd")\n' + QUOTE_ELSE)],
    "quote-no-short-escapes": [("        if ch in SHORT_ESCAPES:", "        if ch in SHORT_ESCAPES and code >= 0x20:")],
    # parsing (TW-JSON-1..4)
    "lone-surrogate-fffd": [(PARSE, "    return zoo.replace_lone(json.loads(text, parse_constant=_no_constant, parse_int=_int))")],
    "refuse-lone-surrogates": [(PARSE, "    return zoo.refuse_lone(json.loads(text, parse_constant=_no_constant, parse_int=_int), RequestError)")],
    "minus-zero": [(PARSE, "    return json.loads(text, parse_constant=_no_constant, parse_int=int)")],
    "overflow": [('            if item in (float("inf"), float("-inf")):', "            if False:  # infinity taken")],
    "depth-128": [(PARSE, "    return zoo.refuse_deep(json.loads(text, parse_constant=_no_constant, parse_int=_int), RequestError)")],
    "python-recursion": [("    sys.setrecursionlimit(5000)\n", "")],
    "first-value": [(PARSE, PARSE[:-1] + ", object_pairs_hook=zoo.first_value)")],
    "last-position": [(PARSE, PARSE[:-1] + ", object_pairs_hook=zoo.last_position)")],
    "lenient-json": [(PARSE, "    return json.loads(text, parse_constant=float, parse_int=_int)")],
    "double-grammar": [hand_written("double-grammar")],
    "cr-not-whitespace": [hand_written("cr-not-whitespace")],
    "escape-int-hex": [hand_written("escape-int-hex")],
    "deep-crash": [hand_written("deep-crash")],
    "goroutine-stack": [hand_written("goroutine-stack")],
    "envelope-fffd": [('name, text, agent = request.get("session"), request.get("args"),', 'name, text, agent = request.get("session"), zoo.replace_lone(request.get("args")),')],
    # key order under unknownItemKeys "reject" (TW-ARGS-10)
    "key-order": [("def js_own_keys(obj):\n", "def js_own_keys(obj):\n    return list(obj)\n")],
    "sort-keys": [("def js_own_keys(obj):\n", "def js_own_keys(obj):\n    return sorted(obj)\n")],
    "index-4294967295": [("INDEX_MAX = 2**32 - 2", "INDEX_MAX = 2**32 - 1")],
    "isdigit-index": [("ARRAY_INDEX.match(k)", "k.isdigit()")],
    # the checks and their order (TW-ORDER-1, TW-EVENT-1, TW-DUP-1)
    "owner-first": [(LIST, "    if log is None:\n        raise Refusal(OWNER)\n" + LIST)],
    "owner-before-count": [
        ('    if not options["allowParallelInProgress"] and active > 1:', '    if log is None:\n        raise Refusal(OWNER)\n    if not options["allowParallelInProgress"] and active > 1:')
    ],
    "count-before-duplicate": [
        ("            active += 1\n", "            active += 1\n        if not allow_parallel and active > 1:\n            raise Refusal(too_many(active, wording))\n")
    ],
    "keep-extra-keys": [('normalized.append({"content": content, "status": item["status"]})', "normalized.append(dict(item, content=content))")],
    "normalize": [("if content in seen:", "if zoo.nfc(content) in seen:"), ("seen.add(content)", "seen.add(zoo.nfc(content))")],
    # output and the protocol (spec/protocol.md)
    "sorted-output": [('separators=(",", ":"))', 'separators=(",", ":"), sort_keys=True)')],
    "splitlines": [(WRITE, "        for piece in line.splitlines():\n" + "".join("    " + l for l in WRITE.replace("(state, line)", "(state, piece)").splitlines(True)))],
    "crlf": [(READ, READ + "        raw = raw[:-2]\n")],
    "crlf-refused": [(READ, READ + '        if raw.endswith(b"\\r\\n"):\n            raw = b\'{"not JSON": "a CR at the end"}\\n\'\n')],
    "utf8-replace": [('raw.decode("utf-8")', 'raw.decode("utf-8", errors="replace")')],
    "line-trimspace": [('raw.decode("utf-8")', 'zoo.go_trimspace(raw.decode("utf-8"))')],
    "bool-is-int": [("def accepted_value(value, allowed):\n", "def accepted_value(value, allowed):\n    return value in allowed\n")],
    "options-null": [('    raw = request.get("options", {})\n', '    raw = request.get("options", {})\n    if raw is None:\n        raw = {}\n')],
    "exit-on-bad-request": [
        ('        return {"id": None, "error": "the request is not JSON: %s" % error}, False', "        raise"),
        ('        return {"id": rid, "error": str(error)}, False', "        raise"),
    ],
    "stop-silent": [(ANSWER, ANSWER + "        if stop:\n            return 0\n")],
    "protocol-eq": [('if whole_number(request.get("protocol")) != PROTOCOL:', 'if request.get("protocol") != PROTOCOL:')],
    "start-before-check": [('            if whole_number(request.get("protocol")) != PROTOCOL:', '            state["started"] = True\n            if whole_number(request.get("protocol")) != PROTOCOL:')],
    "utf-8-sig": [('raw.decode("utf-8")', 'raw.decode("utf-8-sig" if not state.setdefault("read", False) and not state.update(read=True) else "utf-8")')],
    "int-digits": [("        request = parse_json(line)", "        request = json.loads(line, parse_constant=_no_constant)")],
    "cmd-casefold": [('        cmd = request.get("cmd")\n', '        cmd = request.get("cmd")\n        cmd = cmd.lower() if isinstance(cmd, str) else cmd\n')],
    "session-strip": [('    name, text, agent = request.get("session"), request.get("args"), request.get("agent")\n',
                       '    name, text, agent = request.get("session"), request.get("args"), request.get("agent")\n    name = name.strip() if isinstance(name, str) else name\n')],
    "end-clears-all": [('            state["sessions"].pop(session, None)', '            state["sessions"].clear()')],
    "count-thousands": [('text = "Updated todo list: %d pending, %d in progress, %d completed." % (c["pending"], c["inProgress"], c["completed"])',
                         'text = "Updated todo list: {:,} pending, {:,} in progress, {:,} completed.".format(c["pending"], c["inProgress"], c["completed"])')],
    "envelope-recursion": [('    except RecursionError:  # TW-JSON-3: deeper than this port reads, refused unread, never a crash\n        return {"id": None, "error": "the request nests deeper than this port reads"}, False\n', "")],
    "history-cap": [("    log.append(todos)", "    if len(log) < 10:\n        log.append(todos)")],
    "items-cap": [("        args = parse_args(text)\n", "        args = parse_args(text)\n        if isinstance(args, dict) and isinstance(args.get(\"todos\"), list) and len(args[\"todos\"]) > 4096:\n            raise RequestError(\"more than 4096 todos\")\n")],
    "eof-exit-1": [(READ, "        if not raw:\n            return 0 if state[\"started\"] else 1\n")],
    "minus-zero-id": [("    if type(value) is float and value.is_integer():", "    if type(value) is float and value == 0 and math.copysign(1.0, value) < 0:\n        return None\n    if type(value) is float and value.is_integer():")],
    "pair-split": [("def _units(text):\n", "def _units(text):\n    return text\n")],
}


def buggy_source(bug):
    with open(PORT, encoding="utf-8") as file:
        source = file.read()
    for old, new in BUGS[bug]:
        found = source.count(old)
        if found != 1:
            raise SystemExit("python-bugs.py: %s: the port holds %r %d times, not once: the port has changed, update the bug" % (bug, old, found))
        source = source.replace(old, new)
    return source


# --- what the edits call ----------------------------------------------------------------


def nfc(text):
    """Swift's String equality: contents compared after Unicode normalization."""
    return unicodedata.normalize("NFC", text)


def first_value(pairs):
    out = {}
    for key, value in pairs:
        out.setdefault(key, value)
    return out


def last_position(pairs):
    out = {}
    for key, value in pairs:
        out.pop(key, None)
        out[key] = value
    return out


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def strings_and_depth(value):
    """Every string in a parsed value (keys included) and its nesting depth, without recursion."""
    strings, deepest, stack = [], 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if isinstance(item, dict):
                strings.extend(item)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return strings, deepest


def replace_lone(value):
    """Go's decoder: every lone surrogate becomes U+FFFD, in keys and strings alike."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [replace_lone(item) for item in value]
    if isinstance(value, dict):
        return {replace_lone(key): replace_lone(item) for key, item in value.items()}
    return value


def refuse_lone(args, error):
    """Rust's serde_json: a lone surrogate escape is invalid JSON."""
    if any(LONE_SURROGATE.search(s) for s in strings_and_depth(args)[0]):
        raise error('"args" is not a JSON text: lone leading surrogate in hex escape')
    return args


def refuse_deep(args, error):
    """Rust's serde_json: nesting deeper than 128 refused."""
    if strings_and_depth(args)[1] > 128:
        raise error('"args" is not a JSON text: recursion limit exceeded')
    return args


# The bugs of a hand-written reader, imitated over the text before json.loads sees it.
TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"]+', re.S)  # a string (maybe cut short), or a run outside strings
JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")
LENIENT_NUMBER = re.compile(r"(?<![0-9A-Za-z_.+-])[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?![0-9A-Za-z_.])")
U_ESCAPE = re.compile(r"\\(u(....)|.)", re.S)


def lenient_number(match):
    """Double.parseDouble takes 01, 1., .5, +1, 1.e5: write each as the JSON number it reads as."""
    token = match.group(0)
    if JSON_NUMBER.match(token):
        return token
    if re.fullmatch(r"[+-]?[0-9]+", token):
        return str(int(token))
    value = float(token)
    return "-0.0" if value == 0 and math.copysign(1.0, value) < 0 else repr(value)


def int_hex_escape(match):
    if match.group(2) is None or re.fullmatch("[0-9A-Fa-f]{4}", match.group(2)):
        return match.group(0)
    try:
        return "\\u%04x" % int(match.group(2), 16)  # int() takes "+041", " 041", "0_41", "00\u0664\u0661"
    except ValueError:
        return match.group(0)


JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def depth_of(text, limit):
    """Whether the text nests deeper than `limit`, brackets inside strings not counted; fast on 16 MiB."""
    brackets = NOT_BRACKET.sub("", JSON_STRING.sub("", text))
    if len(brackets) <= limit:
        return False
    depth = 0
    for c in brackets:
        depth += 1 if c in "[{" else -1
        if depth > limit:
            return True
    return False


# Go's unicode.IsSpace, what strings.TrimSpace strips: U+0085, U+00A0 and the Zs, Zl, Zp characters, not U+FEFF.
GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def go_trimspace(line):
    return line.strip(GO_SPACE)


# Where an unguarded recursive reader runs out of stack: a JVM thread's default stack, and a goroutine's 1 GB one.
CRASH_DEPTH = {"deep-crash": (3000, 'Exception in thread "main" java.lang.StackOverflowError'),
               "goroutine-stack": (4_000_000, "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow")}


def hand_written_reader(text, bug):
    """What a hand-written reader of another language does differently."""
    if bug in CRASH_DEPTH and depth_of(text, CRASH_DEPTH[bug][0]):
        sys.stderr.write(CRASH_DEPTH[bug][1] + "\n")
        sys.stderr.flush()
        os._exit(2 if bug == "goroutine-stack" else 1)
    if bug in CRASH_DEPTH:
        return text
    out = []
    for token in TOKENS.findall(text):
        if token.startswith('"'):
            out.append(U_ESCAPE.sub(int_hex_escape, token) if bug == "escape-int-hex" else token)
        elif bug == "cr-not-whitespace" and "\r" in token:
            raise ValueError("unexpected character CR")
        else:
            out.append(LENIENT_NUMBER.sub(lenient_number, token) if bug == "double-grammar" else token)
    return "".join(out)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) == 2 else ""
    if what == "--list":
        print("\n".join(BUGS))
    elif what == "--check":
        for name in BUGS:
            compile(buggy_source(name), PORT, "exec")
    elif what in BUGS:
        exec(compile(buggy_source(what), PORT, "exec"), {"__name__": "__main__", "__file__": PORT, "zoo": sys.modules[__name__]})
    else:
        sys.stderr.write("usage: python3 python-bugs.py <bug> | --list | --check; no bug %r; the bugs: %s\n" % (what, ", ".join(BUGS)))
        sys.exit(2)

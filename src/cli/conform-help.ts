// The usage of `todo-write conform`, apart from the kit itself, so that `--help` and the
// other subcommands do not load the kit (and fast-check) at start-up.

export const CONFORM_HELP = `todo-write conform [options] [-- <command> [args…]]

Starts <command> as a port speaking the protocol of spec/protocol.md, runs every vector
of the suite (the spec's examples, the golden calls, every trap class), the protocol suite
(malformed requests, options, framing, depth, sessions, end, stop), then generated call
sequences through the port and the reference, and compares every answer. Without a command: the reference's
own \`todo-write serve\`, and the Python example port when python3 is on PATH. Exit 0 when
every case passes, 1 otherwise, 2 for a usage error.
  --seed N                   fast-check seed (default: a random one, printed)
  --runs N                   generated sequences; 0 skips fuzzing (default 3000)
  --profile NAME             fuzz deployments of this profile only (repeatable; default:
                             every profile: seed, dsh-0.1.1-rc.2)
  --timeout MS               per-request timeout (default 5000)
  --start-timeout MS         timeout of the start handshake of a fresh process (default 10000)
  --max-restarts N           restarts after a fault before the port is given up on (default 10)
  --run ID, --skip ID        only / not these cases (repeatable; ID* is a prefix: traps/*,
                             protocol/*; "fuzz" is the fuzzer, so --run fuzz runs it alone)
  --expected-failures FILE   case ids that must fail, one per line (# comments)
  --cases FILE               also run this case file (repeatable), e.g. a regression case
  --vectors FILE             the suite file (default: the bundled vectors/suite.json)
  --regressions DIR          where shrunk counterexamples go (default: conform-regressions)
  --report FILE              write a JSON report (checked before the run)
  --progress, --no-progress  progress on stderr (default: when stderr is a terminal)`

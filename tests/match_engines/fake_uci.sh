#!/bin/sh
# A misbehaving UCI engine for tests/matches.rs. $1 is how it misbehaves when asked to move:
#   crash   - dies by SIGSEGV        exit    - exits with code 3
#   hang    - never answers (and leaves a child, whose pid goes to the file $2)
#   garbage - answers `bestmove zz99` slow - answers e2e4 after 2 seconds (a time forfeit)
#   silent  - never answers `uci`     scores - plays e2e4 / e7e5 reporting `score cp $2`
mode="$1"
while IFS= read -r line; do
  case "$line" in
    uci)
      [ "$mode" = silent ] && continue
      echo "id name Fake $mode"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        crash) kill -SEGV $$ ;;
        exit) exit 3 ;;
        hang) sleep 1000 & echo $! > "$2"; wait ;;
        garbage) echo "bestmove zz99" ;;
        slow) sleep 2; echo "bestmove e2e4" ;;
        *) echo "bestmove e2e4" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done

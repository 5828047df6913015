#!/bin/sh
# A misbehaving CECP engine for tests/matches.rs. $1: `mute` never answers `protover 2`;
# `resign` resigns when asked to move; `crash` dies by SIGSEGV when asked to move.
mode="$1"
while IFS= read -r line; do
  case "$line" in
    "protover 2") [ "$mode" = mute ] || echo 'feature myname="Fake CECP" usermove=1 setboard=1 done=1' ;;
    go)
      case "$mode" in
        resign) echo "resign" ;;
        crash) kill -SEGV $$ ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
